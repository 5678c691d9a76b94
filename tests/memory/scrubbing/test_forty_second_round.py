"""Forty-second secrets round (docs/privacy.md): a login told with its password, a value typed at a
lock screen, "mine's N" after an access-code word, passphrases after "it's" or a heading's colon, a
keypad code closing a line; and six false-redaction classes (a password-policy regex, a passphrase's
spacing described, a meeting room's "clave", a config field naming its source, a manual's factory
default, "palabras clave" as keywords, base64 of a name). Every sentence is made up for this file (no
corpus string), with hard negatives beside each class and a mutant check that the new part decides."""

from __future__ import annotations

import base64

import pytest

from memory.scrubbing import cues, driver, logins, not_values, pieces, scrub
from tests.memory.scrubbing.fakes import kept as _kept
from tests.memory.scrubbing.fakes import redacted as _redacted
from tests.memory.scrubbing.fakes import scrub_growth


# 1. A login told with its password: any shape, a plain word too.
SIGN_IN = [
    ("Assistant: done — sign in as ops@ferreteria.test with the password Tulip-9921@Qx and rotate it.", "Tulip-9921@Qx"),
    ("sign in as admin with the password marmalade", "marmalade"),
    ("You can log into the wiki as editor using password pelican.", "pelican"),
    ("Claro, entra como soporte@tienda.test con la contraseña Girasol_44 y cámbiala luego.", "Girasol_44"),
    ("Entra como root con la contraseña pradera, luego la cambiamos.", "pradera"),
    ("Inicia sesión como jefa con la clave almendro.", "almendro"),
]
SIGN_IN_NEAR_MISSES = [
    "Sign in as admin with the password manager extension enabled.",
    "Log in as Maria with the password reset link from the email.",
    "Entra como invitado con la contraseña que te mandé ayer.",
    "Entra como admin con la contraseña de siempre.",
    "Sign in as yourself with the password you chose.",
    "log in as guest with password disabled.",
    "You can log in as root with password authentication.",
    "Entra como administrador con la contraseña caducada.",
]


@pytest.mark.parametrize(("text", "secret"), SIGN_IN)
def test_a_login_told_with_its_password_is_redacted(text: str, secret: str) -> None:
    assert _redacted(text, secret)


@pytest.mark.parametrize("text", SIGN_IN_NEAR_MISSES)
def test_a_login_sentence_without_a_value_stays(text: str) -> None:
    assert _kept(text)


# 2. Typed at a lock or login screen, no password word before the value.
TYPED = [
    ("When you log into the front-desk laptop, just type Desk*Front7 at the lock screen; it's weak, I know.", "Desk*Front7"),
    ("For the kiosk login just type sunflower, it's weak but whatever.", "sunflower"),
    ("lock screen on the old mac: just type marigold.", "marigold"),
    ("En la pantalla de bloqueo escribe girasol y entra.", "girasol"),
    ("Para entrar al portátil, en la pantalla de bloqueo teclea cometa2020 y ya.", "cometa2020"),
]
TYPED_NEAR_MISSES = [
    "To log in, just type your email.",
    "At the lock screen just type the PIN.",
    "Log into the VM and just type make.",
    "Después de iniciar sesión escribe hola en el chat para avisar.",
    "On the login page just type your username and hit enter.",
    "Just type sunflower in the search box to find the seeds.",
]


@pytest.mark.parametrize(("text", "secret"), TYPED)
def test_a_value_typed_at_a_login_is_redacted(text: str, secret: str) -> None:
    assert _redacted(text, secret)


@pytest.mark.parametrize("text", TYPED_NEAR_MISSES)
def test_typing_instructions_without_a_value_stay(text: str) -> None:
    assert _kept(text)


# 3. "Mine's N" after an access-code word in the same sentence.
MINE = [
    ("The banking app wants a six-digit passcode — mine's 482913, use it for the approval.", "482913"),
    ("El código del móvil de Ana no lo sé, el mío es 902114.", "902114"),
    ("Your phone unlock code? mine's 550812 if you need to check mine.", "550812"),
    ("No me acuerdo de tu PIN, la mía es 4417", "4417"),
]
MINE_NEAR_MISSES = [
    "the code review for PR 4512? mine's 4513",
    "El código postal de Ana no lo sé, el mío es 28013.",
    "Her room code is 2210 and mine's 2214.",
    "My flight code is different, mine's 4471.",
]


@pytest.mark.parametrize(("text", "secret"), MINE)
def test_mine_after_an_access_code_is_redacted(text: str, secret: str) -> None:
    assert _redacted(text, secret)


@pytest.mark.parametrize("text", MINE_NEAR_MISSES)
def test_mine_after_another_code_stays(text: str) -> None:
    assert _kept(text)


# 4. Spaced passphrases after "it's", a heading's colon, or a prompt; a keypad code closing a line.
PHRASES = [
    ("the BitLocker on Sam's laptop asks for a passphrase, it's green apple tall river", "green apple tall river"),
    ("The laptop passphrase? it's copper lantern mossy harbor", "copper lantern mossy harbor"),
    ("frase de la clave SSH del servidor (guárdala bien, Tomás): tigre nube cuchillo verano", "tigre nube cuchillo verano"),
    ("el disco externo me pide la frase: es gato negro sobre la mesa roja.", "gato negro sobre la mesa roja"),
    ("storage room keypad, if Dana is out: 447120#", "447120"),
    ("garage door, back entrance: 5521#", "5521"),
]
PHRASE_NEAR_MISSES = [
    "I forget if the passphrase had spaces, it's been ages.",
    "Frase célebre de la semana: más vale tarde que nunca",
    "La frase del anuncio es compra hoy y paga en enero.",
    "La frase que usa siempre es más vale tarde que nunca.",
    "Agenda item: 2024#",
    "Ticket: 4410#",
]


@pytest.mark.parametrize(("text", "secret"), PHRASES)
def test_a_passphrase_or_keypad_code_is_redacted(text: str, secret: str) -> None:
    assert _redacted(text, secret)


@pytest.mark.parametrize("text", PHRASE_NEAR_MISSES)
def test_sayings_and_numbered_lines_stay(text: str) -> None:
    assert _kept(text)


# 5. False-redaction classes: no value, whatever finder took it.
NO_VALUE = [
    "Password regex: ^(?=.*\\d)(?=.*[a-z]).{8,}$",
    "Esta regla valida la contraseña: ^(?=.*[A-Z])(?=.*\\d)[A-Za-z\\d]{10,}$ en el alta.",
    "password_pattern: '^[\\w!@#$%]{10,64}$'",
    "No recuerdo si la frase de paso era con espacios o todo junto.",
    "Can't remember whether the wifi passphrase is with spaces or with dashes.",
    "The passphrase: was it spaced or not? No idea anymore.",
    "La clave de la sala en el calendario es 'Sala Júpiter 3'.",
    "Clave de la reunión de los lunes en la agenda: «Aula Magna B».",
    "db:\n  user: app\n  password: VAULT",
    "DB_PASSWORD=env:PG_PASS",
    "smtp_password = vault:secret/smtp#pass",
    "password: from_vault",
    "The manual says the factory default password is admin; we changed ours.",
    "Palabras clave: privacidad, cifrado, auditoría, retención.",
    "Palabras clave de la tesis: glaciares, albedo, deshielo.",
    "El campo nombre llega en base64: " + base64.b64encode("Lucía Gómez Ortiz".encode()).decode() + " (Lucía Gómez Ortiz).",
]
STILL_SECRETS = [
    ("DB_PASSWORD=env:Xk8#pLq2", "Xk8#pLq2"),
    ("pin: 0000 (default, change it)", "0000"),
    ("the default password on my router is admin123, never changed it", "admin123"),
    ("Palabras clave del cofre: lobo mesa río sol", "lobo mesa río sol"),
    ("te lo mando en base64 porque es la contraseña: " + base64.b64encode(b"lobo gris mesa").decode(),
     base64.b64encode(b"lobo gris mesa").decode()),
    ("Password spelled out: capital M, o, o, n, dash, four, two", "capital M, o, o, n, dash, four, two"),
]


@pytest.mark.parametrize("text", NO_VALUE)
def test_no_value_is_redacted(text: str) -> None:
    assert _kept(text)


@pytest.mark.parametrize(("text", "secret"), STILL_SECRETS)
def test_beside_each_filter_a_secret_is_still_redacted(text: str, secret: str) -> None:
    assert _redacted(text, secret)


# 6. Mutant checks: the new part is what decides.
def test_the_login_finders_decide(monkeypatch: pytest.MonkeyPatch) -> None:
    gone = set(logins.FINDERS)
    monkeypatch.setattr(driver, "_FINDERS", tuple(f for f in driver._FINDERS if f not in gone))
    for text, secret in (SIGN_IN[1], SIGN_IN[4], TYPED[1], MINE[0], MINE[1], PHRASES[5]):
        assert not _redacted(text, secret), text


def test_the_heading_colon_and_the_copula_decide(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pieces, "_heading_colon", lambda *args: None)
    assert not _redacted(*PHRASES[2])


def test_the_filters_decide(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(driver, "no_value", lambda *args: False)
    assert sum(not _kept(text) for text in NO_VALUE) >= 10


def test_the_keyword_list_decides(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cues, "_keyword_list", lambda *args: False)
    assert not _kept(NO_VALUE[13])


def test_each_filter_reads_its_own_class() -> None:
    text = NO_VALUE[0]
    start = text.index("^")
    assert not_values.policy_pattern(text, start, len(text))
    assert not not_values.policy_pattern("password: Tr0ub4dor&3", 10, 21)
    assert not_values.source_reference("p=env:PG_PASS", 2, 13)
    assert not not_values.source_reference("p=env:Xk8pLq2", 2, 13)


# 7. Linear time: the new readings on long texts.
@pytest.mark.parametrize("unit", [
    "sign in as ana with the password ",
    "log into the kiosk, just type ",
    "my passcode differs, mine's 4821 ",
    "frase de la clave ssh (nota) ",
    "door keypad: 4471#\n",
    "Palabras clave: a, b, ",
    "la clave de la sala es 'Sala Uno' ",
    "password: env:PG_PASS ",
])
def test_the_new_readings_stay_linear(unit: str) -> None:
    small, large = scrub_growth(lambda n: unit * n, scrub, small=300)
    assert large < small * 10, (small, large)
