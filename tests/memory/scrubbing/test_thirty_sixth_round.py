"""Thirty-sixth secrets round (issue 15): a chat answer after a stamp or a lead-in, a passphrase
sentence after a passphrase label whatever its first word, a value announced as something to copy
exactly; and command lines, quoted titles, placeholders made of placeholder words and password
requirements kept (docs/privacy.md, "The thirty-sixth secrets round"; no database). Made-up sentences,
none from a corpus, Spanish and English for each class. Each class also has a mutant check: with its
rule switched off the case fails."""

from __future__ import annotations

import re

import pytest

from memory.scrubbing import announced, answers, described, driver, other_values
from tests.memory.scrubbing.fakes import without_fortieth_round
from tests.memory.scrubbing.fakes import kept as _kept
from tests.memory.scrubbing.fakes import redacted as _redacted


CHAT_LEAD_IN = [
    ("[09:15] Priya: what's the pw for the build box?\n[09:16] Tomás: it's Vq7!lark.22, don't share it",
     "Vq7!lark.22"),
    ("[18:02] Nuria: ¿cuál es la contraseña del router?\n[18:03] Pablo: es Rio-Tajo#41, no la pegues en el grupo",
     "Rio-Tajo#41"),
]
CHAT_STAMP = [
    ("14:05 Carla: ¿me pasas la clave del NAS?\n14:06 Iván: Nube7.verde", "Nube7.verde"),
    ("9:05 pm Dana: which password for the staging db?\n9:06 pm Eli: Ost3r!grass", "Ost3r!grass"),
]
CHAT_KEPT = [
    "[10:00] Ana: ¿cuál es la clave del wifi?\n[10:01] Beto: es la de siempre, mira el router",
    "[10:00] Kim: what's the pw for staging?\n[10:01] Lee: it's in 1Password, v2.3 vault",
    "[10:00] Kim: what's the pw for staging?\n[10:01] Lee: sure, apikey is in the vault",
]
SENTENCES = [
    ("Para abrir la bóveda de KeePass la frase es: la abuela de Marcos baila en el tejado",
     "la abuela de Marcos baila en el tejado"),
    ("For the USB backup the phrase is: my uncle Ramiro sings in the bath", "my uncle Ramiro sings in the bath"),
    # an arrow closes the label too, and a comma opens a remark after the phrase
    ("Frase para abrir el portátil -> tres búhos leen poesía en Lugo, todo en minúsculas",
     "tres búhos leen poesía en Lugo"),
    ("Passphrase to unlock the laptop -> the red fox of Lucía jumps twice, all lower case",
     "the red fox of Lucía jumps twice"),
]
SENTENCES_KEPT = [
    "La frase del día es: el que madruga encuentra trabajo",
    "Quote of the week, the phrase is: the early bird catches the worm",
]
COPIED = [
    ("paste it verbatim, the dots matter: Kx.9pl.Wren!", "Kx.9pl.Wren!"),
    ("Cópiala tal cual, lleva caracteres invisibles: Ro\u200bble\u200b!\u200b58nt", "Ro\u200bble\u200b!\u200b58nt"),
    ("copy exactly, there are hidden characters: Ma\u200bple\u200b#\u200b42bay", "Ma\u200bple\u200b#\u200b42bay"),
]
COPIED_KEPT = [
    "Copia exactamente este comando: git pull --rebase",
    "Copy it exactly as written: README.md",
]
COMMANDS = [
    'Para crear una clave nueva: ssh-keygen -t rsa -b 4096 -C "luis@casa" y sube el .pub.',
    "password: ssh-keygen -p -f ~/.ssh/id_ed25519",
]
TITLES = [
    "Keynote 2, 'Passwords Are Broken, Long Live Keys', begins at 10:30.",
    "El artículo 'Contraseña: Adiós, Hola Passkeys' salió ayer.",
    "La charla 'Mi Contraseña Era Gatito' abre el congreso.",
]
PLACEHOLDERS = [
    "En la plantilla: SECRET=pon-tu-secreto-aqui hasta que lo rellenes.",
    "In the .env.example leave API_KEY=changeme_for_your_key and each dev sets their own.",
]
REQUIREMENTS = [
    "Requisitos de la contraseña: mínimo 12 caracteres, sin espacios.",
    "Rules for the password: minimum 12 characters, no spaces, can't contain your name.",
]


@pytest.mark.parametrize("text", CHAT_KEPT + SENTENCES_KEPT + COPIED_KEPT + COMMANDS + TITLES + PLACEHOLDERS
                         + REQUIREMENTS)
def test_kept(text: str) -> None:
    assert _kept(text)


@pytest.mark.parametrize(("text", "secret"), CHAT_LEAD_IN + CHAT_STAMP + SENTENCES + COPIED)
def test_redacted(text: str, secret: str) -> None:
    assert _redacted(text, secret)


@pytest.mark.parametrize(("text", "secret"), [
    # a flag that names a password keeps its value a password, in a command line too
    ("Contraseña de la base: mysql -u admin --password=Ll4ve!Roja clientes", "Ll4ve!Roja"),
    ("new api token: gh auth login --with-token ghp_x9Kq2Lm7Wz4Rt8Vn3Bc6Yh1Df5Gj0PsEaXu",
     "ghp_x9Kq2Lm7Wz4Rt8Vn3Bc6Yh1Df5Gj0PsEaXu"),
    # a quoted value after a password word outside the quotes is no title
    ('password: "Hunter Green Lamp"', "Hunter Green Lamp"),
    # a token in a quoted header is no title either
    ("He sends 'Authorization: Token Qm8xLp2Wz7Rt4Vn9' every time.", "Qm8xLp2Wz7Rt4Vn9"),
    # a number glued to a unit is a password, not a requirement
    ("Contraseña: 12caracteres!Ok", "12caracteres!Ok"),
    # a lower-case hex value followed by a flag is no command name
    ("heroku config:set SESSION_SECRET=9f2c4b7e1a0d3c5b8e6f2a4c9d1b7e3f -a panaderia",
     "9f2c4b7e1a0d3c5b8e6f2a4c9d1b7e3f"),
])
def test_still_redacted(text: str, secret: str) -> None:
    assert _redacted(text, secret)


_OLD_STAMP = r"(?:\[[^\]\n]{1,20}\][ \t]*)?"


def _without(monkeypatch: pytest.MonkeyPatch, rule: str) -> None:
    without_fortieth_round(monkeypatch)
    if rule in ("command_line", "quoted_title", "placeholder_words", "requirement"):
        monkeypatch.setattr(described, rule, lambda *args: False)
        if rule == "placeholder_words":
            # The forty-fourth round's prefixed placeholder names ("pon-tu-secreto-aqui") keep these
            # too: both are switched off, so this checks the placeholder-words filter alone.
            monkeypatch.setattr(driver, "is_stand_in", lambda *args: False)
        if rule == "requirement":
            # The thirty-eighth round's form given as a rule ("mínimo 12 caracteres") keeps these too:
            # both are switched off, so this checks the requirement filter alone.
            monkeypatch.setattr(other_values, "_FORM_RE", re.compile(
                other_values._FORM_RE.pattern.replace(other_values._RULE_LEAD, "")))
    elif rule == "lead_in":
        monkeypatch.setattr(answers, "_LEAD_IN_RE", re.compile(r"(?!)(?P<v>)"))
    elif rule == "stamp":
        pattern = answers._CHAT_RE.pattern.replace(answers._STAMP, _OLD_STAMP)
        assert pattern != answers._CHAT_RE.pattern
        monkeypatch.setattr(answers, "_CHAT_RE", re.compile(pattern))
    else:
        finder = getattr(announced, rule)
        monkeypatch.setattr(driver, "_FINDERS", tuple(f for f in driver._FINDERS if f is not finder))


@pytest.mark.parametrize(("rule", "text", "secret"), [
    ("lead_in", *CHAT_LEAD_IN[0]),
    ("lead_in", *CHAT_LEAD_IN[1]),
    ("stamp", *CHAT_STAMP[0]),
    ("stamp", *CHAT_STAMP[1]),
    ("_find_passphrase_sentences", *SENTENCES[0]),
    ("_find_passphrase_sentences", *SENTENCES[1]),
    ("_find_passphrase_sentences", *SENTENCES[2]),
    ("_find_copied_exactly", *COPIED[0]),
    ("_find_copied_exactly", *COPIED[1]),
    ("command_line", COMMANDS[0], None),
    ("command_line", COMMANDS[1], None),
    ("quoted_title", TITLES[0], None),
    ("quoted_title", TITLES[1], None),
    ("quoted_title", TITLES[2], None),
    ("placeholder_words", PLACEHOLDERS[0], None),
    ("placeholder_words", PLACEHOLDERS[1], None),
    ("requirement", REQUIREMENTS[0], None),
    ("requirement", REQUIREMENTS[1], None),
])
def test_fails_without_its_rule(monkeypatch: pytest.MonkeyPatch, rule: str, text: str, secret: str | None) -> None:
    _without(monkeypatch, rule)
    if secret is None:
        assert not _kept(text)
    else:
        assert not _redacted(text, secret)
