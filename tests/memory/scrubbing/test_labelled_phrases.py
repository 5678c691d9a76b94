"""Plain-word seeds and passphrases after a label and an aside, or after a verb of giving
(memory.scrubbing.phrases._find_labelled_runs; no database)."""

from __future__ import annotations

import pytest

from memory.scrubbing import scrub


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("Seed words Marco copied onto the fridge magnet: orbit candle maple frost hidden lemon",
         "orbit candle maple frost hidden lemon"),
        ("Bitwarden master phrase for Tomás -> copper lantern river blossom", "copper lantern river blossom"),
        ("Palabras semilla que apuntó Marta en la libreta: glaciar tomate terciopelo puerto lápiz cinta",
         "glaciar tomate terciopelo puerto lápiz cinta"),
        ("Me dictó las palabras de su monedero: bosque nube cometa vela trigo faro",
         "bosque nube cometa vela trigo faro"),
        ("He sent me the vault passphrase — amber kettle violin harbor", "amber kettle violin harbor"),
        ("Le pasé la frase de recuperación a mi hermano: marzo jardín cobre faro luna trigo",
         "marzo jardín cobre faro luna trigo"),
        ("Lisa gave me her wallet seed, glacier tomato velvet harbor pencil ribbon.",
         "glacier tomato velvet harbor pencil ribbon"),
    ],
)
def test_a_plain_word_phrase_after_a_label_or_a_giving_verb_is_redacted(text: str, secret: str) -> None:
    assert secret not in scrub(text).text


@pytest.mark.parametrize(
    "text",
    [
        "Seed phrase instructions for new users: write down twelve words carefully",
        "Recovery phrase status: still missing since March",
        "Seed phrase Lisa wrote down: somewhere in the attic",
        "Master phrase for Olivia -> still the old one",
        "Me pasó la contraseña del wifi: está en la nevera",
        "She gave me the password: it is on the fridge",
        "Le di la contraseña: no la compartas con nadie",
        "Me dio las gracias por la semilla: tomates cherry muy dulces",
        "She told me about the seed round, biggest funding news this year",
        "Seed company ordered: tomato pepper basil seeds",
        "Frase del día que me mandó Ana: carpe diem siempre",
        "Sent me the words of the song: yesterday all my troubles",
        "Me mandó la frase semilla por Signal, dice que la borre luego.",
        "He shared the recovery phrase, then we argued about money",
        "Le compartió las palabras semilla a su abogado, según el acta notarial",
        "Nos dictó la lista de la compra: pan leche huevos fruta",
        "Told me the wifi name: Casa Garcia Planta Baja",
        "Me pasó la clave del proyecto: cliente nuevo prioridad alta",
    ],
)
def test_talk_about_a_phrase_or_what_was_given_is_kept(text: str) -> None:
    assert scrub(text).count == 0


@pytest.mark.parametrize(("text", "secret"), [
    ("Para descifrar el disco de fotos usa la frase tortuga azul cruza el río 1999 y luego pulsa Intro.",
     "tortuga azul cruza el río 1999"),
    ("To unlock the backup drive type: seven herons fly over Leeds 42 and then wait for the light.",
     "seven herons fly over Leeds 42"),
    ("Contraseña del gestor (es una frase): mi loro Paco canta boleros 2018", "mi loro Paco canta boleros 2018"),
])
def test_a_passphrase_with_a_number_is_redacted_up_to_the_next_step(text: str, secret: str) -> None:
    """Fifteenth round: a number is a word of a passphrase; "y luego"/"and then" ends it."""
    out = scrub(text).text
    assert secret not in out
    assert any(step in out for step in ("pulsa Intro", "wait for the light", "gestor"))


@pytest.mark.parametrize("text", [
    "Para desbloquear el móvil: pulsa 3 veces el botón y luego espera.",
    "To unlock the vault door, enter the 4 digit code and then turn the wheel.",
])
def test_an_instruction_with_a_number_is_kept(text: str) -> None:
    assert scrub(text).text == text
