"""Forty-fourth secrets round (docs/privacy.md): a value split over short lines with a cue that it is
split, read joined; four to eight digits answering a chat question that names a PIN; a value a change
of a credential ended up as; a phrase named by the account it opens; and two false-redaction classes
(an example said not to be used, a vendor-prefixed "your-token-here" placeholder). Every sentence is
made up for this file (no corpus string), with hard negatives beside each class and a mutant check
that the new part decides."""

from __future__ import annotations

import pytest

from memory.scrubbing import answers, changed, driver, not_values, pieces, scrub, stand_ins
from tests.memory.scrubbing.fakes import kept as _kept
from tests.memory.scrubbing.fakes import redacted as _redacted
from tests.memory.scrubbing.fakes import scrub_growth

# 1. Pieces over lines, joined and read. (text, the pieces as written)
PIECES = [
    ("Te la mando a cachos para que el bot no la pille:\nNoe: Girasol\nNoe: Tibio\nNoe: 4410", "Girasol\nNoe: Tibio\nNoe: 4410"),
    ("Va en trozos, perdona:\nTor\nmenta\n_93\ntodo junto y sin saltos", "Tor\nmenta\n_93"),
    ("La clave del NAS es Cala\nmar#\n77 (la puse en tres líneas por el filtro).", "Cala\nmar#\n77"),
    ("sent in pieces so the scanner skips it\n[09:12] Ian: Quartz\n[09:12] Ian: -Owl\n[09:13] Ian: 38",
     "Quartz\n[09:12] Ian: -Owl\n[09:13] Ian: 38"),
    ("The router password, split across lines:\nBlue\nHeron\n!52", "Blue\nHeron\n!52"),
]
PIECES_NEAR_MISSES = [
    "Te paso la lista de la compra en trozos:\nleche\nhuevos\npan\ntodo junto en una bolsa",
    "Split across lines for the slide:\nRevenue\nUp\n12\npercent",
    "Los turnos van en tres líneas:\nLunes\nMartes\nJueves",
    "Ana: ok\nAna: vale\nAna: 2023\nlo partimos en trozos mañana",
    "El código del pedido es AB\n12\n(lo partí en dos líneas sin querer)",
]


@pytest.mark.parametrize("text,value", PIECES)
def test_pieces_over_lines_are_read_joined(text: str, value: str) -> None:
    assert _redacted(text, value)


@pytest.mark.parametrize("text", PIECES_NEAR_MISSES)
def test_lists_over_lines_stay(text: str) -> None:
    assert _kept(text)


def test_the_joined_reading_decides(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(driver, "_FINDERS", tuple(f for f in driver._FINDERS if f is not pieces._find_joined_pieces))
    assert not _redacted(*PIECES[0])
    assert not _redacted(*PIECES[1])


# 2. A PIN answering a chat question that names it.
ANSWERS = [
    ("Eva: ¿me recuerdas el PIN de la tarjeta?\nRaúl: 7316, y bórralo luego", "7316"),
    ("Sam: what's the alarm code again?\nKim: 80417 — don't share it", "80417"),
    ("> ¿cuál era el pin del candado?\n> 5521, el de siempre", "5521"),
    ("Bea: PIN del móvil de la abuela?\nJon: creo que 2468", "2468"),
]
ANSWER_NEAR_MISSES = [
    "Eva: ¿cuándo caduca el PIN de la tarjeta?\nRaúl: 2027, en marzo",
    "Eva: ¿cuál es el código postal de la oficina?\nRaúl: 28013, creo",
    "Sam: how many tries before the PIN locks?\nKim: 3, I think",
    "Sam: which room is the meeting in?\nKim: 4102, second floor",
    "Sam: what's the PIN length on the new cards?\nKim: 6 digits",
    "Eva: ¿cuánto costó la tarjeta con PIN?\nRaúl: 1200 euros",
]


@pytest.mark.parametrize("text,value", ANSWERS)
def test_a_pin_answering_a_question_is_redacted(text: str, value: str) -> None:
    assert _redacted(text, value)


@pytest.mark.parametrize("text", ANSWER_NEAR_MISSES)
def test_numbers_answering_other_questions_stay(text: str) -> None:
    assert _kept(text)


def test_the_numeric_answer_decides(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(answers, "_numeric_answer", lambda *args: iter(()))
    assert not _redacted(*ANSWERS[0])
    assert not _redacted(*ANSWERS[2])


# 3. What a change of a credential ended up as.
CHANGES = [
    ("La app del seguro me obligó a cambiarla; quedó como Limonero#12 hasta el año que viene.", "Limonero#12"),
    ("Had to reset it after the breach notice, it ended up as Gravel!Moon7.", "Gravel!Moon7"),
    ("Contraseña del portal de nóminas: la dejé como Pato_Azul33.", "Pato_Azul33"),
    ("The VPN login expired and it's now Tundra-Fox19, per IT.", "Tundra-Fox19"),
]
CHANGE_NEAR_MISSES = [
    "Renombré el informe; lo cambié y quedó como Informe_Q3.pdf en la carpeta compartida.",
    "We renamed the branch, changed it and it ended up as feature/Login-2.",
    "Cambié el nombre de la red wifi; quedó como Casa_5G.",
    "La versión ahora es v2.4.1-rc1 tras actualizarla.",
    "El pedido quedó como PED-2291-X en el sistema.",
]


@pytest.mark.parametrize("text,value", CHANGES)
def test_a_changed_credential_is_redacted(text: str, value: str) -> None:
    assert _redacted(text, value)


@pytest.mark.parametrize("text", CHANGE_NEAR_MISSES)
def test_other_changes_stay(text: str) -> None:
    assert _kept(text)


def test_the_change_reading_decides(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(driver, "_FINDERS", tuple(f for f in driver._FINDERS if f not in changed.FINDERS))
    assert not _redacted(*CHANGES[0])


# 4. A phrase named by the account or login it opens.
PHRASES = [
    ('Kit de emergencia — my account phrase is "lantern maple otter violin". Copia en el cajón.',
     "lantern maple otter violin"),
    ("The login phrase: copper willow basin falcon", "copper willow basin falcon"),
]


@pytest.mark.parametrize("text,value", PHRASES)
def test_an_account_phrase_is_redacted(text: str, value: str) -> None:
    assert _redacted(text, value)


def test_a_phrase_without_an_account_stays() -> None:
    assert _kept('Her favourite phrase is "slow and steady wins the race".')


# 5. False redactions: an example said not to be used, a prefixed placeholder.
NOT_SECRETS = [
    "Ejemplo de frase de contraseña (no la uses nunca): «tortuga azul piano lunes», de un meme famoso.",
    "Example of a password you should never use: Summer2024!, it's in every leaked list.",
    "Copia esto en tu .env: DISCORD_TOKEN=mfa-your-token-here, y arranca el bot.",
    "En el .env pon: GITHUB_TOKEN=ghp-your-token-here y reinicia.",
    "SLACK_BOT_TOKEN=xoxb-your-token-here in the sample config, then restart",
    "api_key: sk-paste-key-here",
]


@pytest.mark.parametrize("text", NOT_SECRETS)
def test_examples_and_placeholders_stay(text: str) -> None:
    assert _kept(text)


def test_either_half_of_the_example_class_alone_is_not_enough() -> None:
    assert _redacted("Never use the old one again; my new password is Kx9#mPl2w.", "Kx9#mPl2w")
    assert _redacted("Por ejemplo, mi contraseña del banco es Roble#Gris41.", "Roble#Gris41")


def test_the_filters_decide(monkeypatch: pytest.MonkeyPatch) -> None:
    assert stand_ins.is_stand_in("xoxb-your-token-here")
    assert not stand_ins.is_stand_in("xoxb-4821-Qm7Zt9")
    text = NOT_SECRETS[1]
    start = text.index("Summer")
    assert not_values.example_not_to_use(text, start, start + len("Summer2024!"))
    monkeypatch.setattr(driver, "no_value", lambda *args: False)
    assert not _kept(text)


# 6. Linear time: the new readings on long texts.
@pytest.mark.parametrize("unit", [
    "en trozos por el bot:\nAb\n#1\ncd\n",
    "Ana: ¿el PIN del candado?\nLuis: 4412, ya\n",
    "tuve que cambiarla; quedó como Ab#12cd. ",
    "ejemplo, no la uses: Xy#12ab. ",
    "TOKEN=xoxb-your-token-here ",
])
def test_the_new_readings_stay_linear(unit: str) -> None:
    small, large = scrub_growth(lambda n: unit * n, scrub, small=200)
    assert large < small * 10, (small, large)
