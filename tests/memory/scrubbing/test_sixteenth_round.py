"""Sixteenth secrets round (issue 15): the frames and the false-redaction classes of
docs/privacy.md "Secrets, sixteenth round" (no database). Made-up sentences, none from a corpus."""

from __future__ import annotations

import pytest

from memory.scrubbing import scrub
from tests.memory.scrubbing.fakes import redacted as _redacted


# --- stand-ins: a one-word replace instruction, a value that declares itself fake -----------------

@pytest.mark.parametrize("text", [
    "Our install notes say: ADMIN_PASSWORD=changeme, then the wizard asks for a new one.",
    "keystore password: changeit (the JDK default)",
    "bot_token = 'xoxp-this-is-not-a-real-token'  # from the SDK quickstart",
    "api_key: fake-api-key-for-the-demo",
    "client_secret = dummy_secret_value",
])
def test_published_defaults_and_self_declared_fakes_are_kept(text: str) -> None:
    assert scrub(text).text == text


@pytest.mark.parametrize(("text", "secret"), [
    ("DB_PASSWORD=changeme77!", "changeme77!"),
    ("token: fake-9Kq2xLm7Pz", "fake-9Kq2xLm7Pz"),
    ("SLACK=xoxb-2840273659-4928174650-sampleZq8Lm2Xv", "xoxb-2840273659-4928174650-sampleZq8Lm2Xv"),
])
def test_a_real_value_with_those_words_is_still_redacted(text: str, secret: str) -> None:
    assert _redacted(text, secret)


# --- long labels: a Wi-Fi key, prepositional labels before "is", a wallet's mnemonic -------------

@pytest.mark.parametrize(("text", "secret"), [
    ("Wi-Fi key, which my uncle read off the sticker under the router in the hall: Pelican-road7", "Pelican-road7"),
    ("La contraseña de la cuenta compartida del club de lectura de mi barrio ahora es 'tostada-con-tomate4'.",
     "tostada-con-tomate4"),
    ("The password for the admin account of the old billing server is now Ferry8lantern, he said.", "Ferry8lantern"),
    ("Mnemonic for Pau's cold wallet, copied from the metal plate: harbor velvet pumpkin lizard ocean crane dial",
     "harbor velvet pumpkin lizard ocean crane dial"),
])
def test_long_labels_of_every_family_take_their_value(text: str, secret: str) -> None:
    assert _redacted(text, secret)


@pytest.mark.parametrize("text", [
    "La contraseña de la cuenta del banco de mi madre en Sevilla es la misma de siempre.",
    "The password for the admin account of the staging server is stored in the vault.",
    "La semilla de tomate del huerto de Luis: riega dos veces por semana sin falta.",
    "Mnemonic for the order of the planets: My Very Educated Mother Just Served Us Noodles",
    "Wi-Fi key, printed on the sticker under the router in the hall: model AX1800",
])
def test_long_label_look_alikes_are_kept(text: str) -> None:
    assert scrub(text).text == text


# --- typing notes, "just", spelled before the label, "como contraseña" + quotes ------------------

@pytest.mark.parametrize(("text", "secret"), [
    ("Contraseña de la tablet de la sala de reuniones del segundo piso: lunes llueve sobre Teruel otra vez (todo en minúsculas).",
     "lunes llueve sobre Teruel otra vez"),
    ("Password of the guest network at the cottage by the lake: orange kites over windy dunes, all lowercase.",
     "orange kites over windy dunes"),
    ("Contraseña del router, tal cual la apuntó mi hermano: siete cabras cruzan el puente viejo",
     "siete cabras cruzan el puente viejo"),
    ("Tom admits his email password is terrible, it's just walrus77lemon, and he'll fix it.", "walrus77lemon"),
    ('The NAS password, as she put it, "only granite5Moss with a capital M".', "granite5Moss"),
    ("She read it to me slowly: capital T, o, r, o, hash, four, four — the alarm app password.",
     "capital T, o, r, o, hash, four, four"),
    ('Lucía usa como contraseña maestra "tres cuervos leen el periódico" en el gestor.',
     "tres cuervos leen el periódico"),
])
def test_typing_notes_and_minimisers_mark_a_password(text: str, secret: str) -> None:
    assert _redacted(text, secret)


@pytest.mark.parametrize("text", [
    "Contraseña del wifi: la tiene Pedro en la nevera, tal cual.",
    "The password is case-sensitive.",
    "Password must be all lowercase with no spaces.",
    "The password is just 8 characters long.",
    "La contraseña solo funciona con la v2.3.1 instalada.",
    "The Wi-Fi password: ask Pedro, all lowercase.",
    'Usa como contraseña "la de siempre".',
    "He spelled it out: one, two, three, four, five — the number of guests.",
])
def test_typing_note_look_alikes_are_kept(text: str) -> None:
    assert scrub(text).text == text


# --- false-redaction classes: a line's last keyword, a container noun, a degree word -------------

@pytest.mark.parametrize("text", [
    "git log --oneline -2\n3fa9c21 nuevo formulario de login\n7be04d1 primera versión",
    "La contraseña del router está en KeePass, carpeta Casa/Red/router-salon-02.",
    "Dice que la passphrase es tan rara que nunca la recuerda; la tiene apuntada.",
    "La frase secreta es bastante larga y nunca la recuerda bien.",
])
def test_new_false_redaction_classes_are_kept(text: str) -> None:
    assert scrub(text).text == text


@pytest.mark.parametrize(("text", "secret"), [
    ("login Pz8kQm2x for the kiosk", "Pz8kQm2x"),
    ("La contraseña del router es Casa/Red/9kQ2!x", "Casa/Red/9kQ2!x"),
    ("Her recovery phrase is solar tiger meadow crisp anchor, she says.", "solar tiger meadow crisp anchor"),
])
def test_values_beside_those_classes_are_still_redacted(text: str, secret: str) -> None:
    assert _redacted(text, secret)


@pytest.mark.parametrize(("text", "expected"), [
    ('La contraseña del disco de la oficina de Ana es "nubes lentas sobre el puerto gris".',
     'La contraseña del disco de la oficina de Ana es "[REDACTED:password]".'),
    ("Clave del gestor de Jon: loro pino vela ancla — todo en minúsculas y con espacios.",
     "Clave del gestor de Jon: [REDACTED:password] — todo en minúsculas y con espacios."),
    ("Clave en minúsculas raras: pAsSwOrD = Tz8!qLm2vX",
     "Clave en minúsculas raras: pAsSwOrD = [REDACTED:password]"),
])
def test_the_redaction_stops_at_the_value(text: str, expected: str) -> None:
    """A closing quote, a second note after a dash and an assignment's keyword stay outside."""
    assert scrub(text).text == expected
