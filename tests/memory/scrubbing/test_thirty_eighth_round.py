"""Thirty-eighth secrets round (issue 15): credentials said in prose without a password word right
before them, and three kinds of ordinary values kept (docs/privacy.md, "The thirty-eighth secrets
round"; no database). Made-up sentences written for this round, none from a corpus; Spanish and English
for each class where the class has both, and a hard negative beside every class (the same frame with
an ordinary value). Each class also has a mutant check: with its rule switched off the case fails."""

from __future__ import annotations

import re

import pytest

from memory.scrubbing import answers, codes, driver, encoded, glued, other_values, said, scrub
from tests.memory.scrubbing.fakes import without_fortieth_round
from tests.memory.scrubbing.fakes import kept as _kept
from tests.memory.scrubbing.fakes import redacted as _redacted


#: (rule, text, secret): the rule named is the one the mutant check switches off.
REDACTED = [
    # A typing instruction at a prompt for a secret (said._find_typed_at_prompt).
    ("typed", "Cuando pida la frase al arrancar, teclea: el perro azul come sandía fría",
     "el perro azul come sandía fría"),
    ("typed", "At the boot prompt type: seven lanterns drift over quiet harbors",
     "seven lanterns drift over quiet harbors"),
    ("typed", "Mete esto cuando te la pida: Brisa$Otoño_2024", "Brisa$Otoño_2024"),
    ("typed", "On the unlock screen type: Kestrel!778", "Kestrel!778"),
    # A question naming a password, answered by a copula (cues.cue_view).
    ("cue_view", "My email password? It is sunflower1990.", "sunflower1990"),
    ("cue_view", "Her bank password? It was tortuga1985, she said.", "tortuga1985"),
    # Words named as the secret (cues.cue_view).
    ("cue_view", "Vault unlock words: amber tiger violin cloud", "amber tiger violin cloud"),
    ("cue_view", "Palabras de desbloqueo del disco: cometa barro silla nieve", "cometa barro silla nieve"),
    # "the <thing> one" after a password word (cues.cue_view).
    ("cue_view", "Passwords for the family: the netflix one is couchpotato88", "couchpotato88"),
    # A manager's master label with whose vault it opens (glued._MANAGER_MASTER_RE).
    ("glued_master", "Bitwarden master del equipo → tigre nube cobre lámpara", "tigre nube cobre lámpara"),
    ("glued_master", "Dashlane master for the shared vault → orbit candle maple frozen",
     "orbit candle maple frozen"),
    ("glued_master", "Bitwarden principal -> faro ámbar sendero roto", "faro ámbar sendero roto"),
    # A user / password pair after a verb of getting in or using (answers._LOGIN_PAIR_RE).
    ("login_pair", "para entrar al router se usa tecnico / Zorro#2291", "Zorro#2291"),
    ("login_pair", "to get into the camera use viewer / Kestrel_5510", "Kestrel_5510"),
    # A default account paired with its password (said._find_account_pairs).
    ("account_pairs", "NAS → admin / toby2015", "toby2015"),
    ("account_pairs", "root / Tr0ub4dor&3 en el servidor de pruebas", "Tr0ub4dor&3"),
    # A password set to a plain word closing its clause (said._find_set_to_plain).
    ("set_to_plain", "I set the laptop password to hummingbird", "hummingbird"),
    ("set_to_plain", "Cambié la clave del router a mandarina.", "mandarina"),
    # A password named for what it opens before its value (said._find_named_for).
    ("named_for", "le puse como contraseña a la wifi Casa_Lopez_2020", "Casa_Lopez_2020"),
    # Digits after the purpose of unlocking an access object (said._find_unlock_digits).
    ("unlock_digits", "Para desbloquear el móvil: 482916", "482916"),
    ("unlock_digits", "To open the locker, 739104", "739104"),
    # A PIN said as a number in words (said._find_number_word_pins).
    ("number_word_pins", "El PIN es mil novecientos ochenta y cuatro", "mil novecientos ochenta y cuatro"),
    ("number_word_pins", "Her card PIN is twelve thirty-four.", "twelve thirty-four"),
    # A value given in quoted pieces to be joined (said._find_quoted_pieces).
    ("quoted_pieces", "Her password is made of 'sun' & 'flower' & '1990'", "flower"),
    ("quoted_pieces", "Para la wifi de casa la clave se forma con \"Ma\" & \"riposa\" & \"88\"", "riposa"),
    # A login told with the value, in any tense (said._find_log_in_with).
    ("log_in_with", "I log in with toby2015 everywhere", "toby2015"),
    ("log_in_with", "Al portal del banco entro con toby2015", "toby2015"),
    # The new value after a change (said._find_new_value).
    ("new_value", "Cambié la del correo; la nueva es toby2015", "toby2015"),
    ("new_value", "Changed the email password, now it is toby2015", "toby2015"),
    # A password described, then its value after a colon (said._find_described_then).
    ("described_then", "mi contraseña es el nombre del perro con el año: Toby2015", "Toby2015"),
    ("described_then", "The password is my street plus the flat number: elm42", "elm42"),
    # A PIN given after a description of it (said._find_described_pins).
    ("described_pins", "pin del banco: el año de la boda, 1998", "1998"),
    ("described_pins", "Card PIN: his mother's birthday, 0412", "0412"),
    # A passphrase announced by its count of words (said._find_counted_words).
    ("counted_words", "Para el cifrado del portátil son cuatro palabras: luna roja mar frío", "luna roja mar frío"),
    ("counted_words", "The vault takes five words — quiet amber lantern over hills", "quiet amber lantern over hills"),
    # A passphrase after an encryption tool's label (said._find_holder_phrases).
    ("holder_phrases", "VeraCrypt volume → marble fox crimson tide", "marble fox crimson tide"),
    ("holder_phrases", "LUKS del servidor: cobre hielo pluma tarde", "cobre hielo pluma tarde"),
    # The keypad verb "punch" (codes._ACTION_RE).
    ("punch", "For the alarm, punch 4 7 1 9 and then OFF", "4 7 1 9"),
]

#: Found before this round too, kept here so that the round's rules do not break them.
STILL_REDACTED = [
    ("¿Mi contraseña del banco? Es girasol1987.", "girasol1987"),
    ("KeePass principal -> faro ámbar sendero roto", "faro ámbar sendero roto"),
    ("La contraseña se escribe juntando \"Cor\" + \"cel\" + \"_19\", sin espacios.", "cel"),
]

KEPT = [
    # typed
    "teclea: ls -la en la terminal",
    "When it asks for confirmation, enter: y",
    "Para cambiar la contraseña escribe: passwd en la terminal",
    "Cuando te pida el código, escribe: el que te llegó por SMS",
    "When it asks for the password, type: the one from the email",
    # cue_view
    "¿Olvidaste la contraseña? Es normal, pasa mucho.",
    "The password manager? It is Bitwarden now.",
    "Passwords: the netflix one is shared with family",
    "the netflix one is the family plan",
    # glued_master
    "Bitwarden master password rotation → scheduled for Monday",
    "KeePass master file → moved to the new drive",
    # login_pair and account_pairs
    "para entrar al panel se usa el navegador / Firefox",
    "root / home / var are the main partitions",
    "Use admin / reports to see the dashboard",
    "user / staff2020 group mapping",
    # set_to_plain
    "Set the password to expire every 90 days.",
    "I set the password to lowercase.",
    "La dejé en blanco.",
    # named_for
    "Le puse de contraseña a la wifi una muy larga.",
    # unlock_digits
    "Para abrir la tienda, 0930 cada día",
    "Para desbloquear el móvil: 2 intentos",
    "To open the store: 0900 weekdays",
    # number_word_pins
    "El código del curso es treinta y dos",
    "The PIN is four digits.",
    # quoted_pieces
    "\"Hello\" + \"World2\" is a classic concatenation example",
    "versión \"1.\" + \"2\" + \"3\" publicada",
    # log_in_with
    "Log in with alice2020 as the username",
    "Log in with Office365 credentials",
    "I log in with my work account every morning",
    # new_value
    "Cambié el plan, ahora es premium2024",
    "We changed the room; the new one is room2024",
    # described_then
    "The password is in the vault under entry: prod2024",
    "La contraseña es la de siempre: ver el documento adjunto",
    # described_pins
    "El PIN: el de siempre, 4 cifras",
    # counted_words
    "Password tips: use four words — correct horse battery staple",
    "Son cuatro palabras: la casa del mar",
    # holder_phrases
    "LUKS del servidor: cifrado con AES-256",
    "VeraCrypt volume → mounted at /mnt/secure",
    "KeePassXC → versión 2.7.6",
    "VeraCrypt: montar, abrir, copiar y cerrar",
    # punch
    "Punch 12 holes in the card for the binder",
    # Kept values: a display cut in the middle, base64 of a plain link, a passphrase rule.
    "Token abc…9f3e (last four 9f3e) was revoked",
    "La API key sk-…a9Qz es la vieja, ya está revocada",
    "aHR0cHM6Ly9leGFtcGxlLmNvbS9tZW51 is just base64 of the menu URL",
    "Passphrase: use at least four random words",
    "Frase de paso: al menos cinco palabras aleatorias",
]

#: Base64 of a link that carries a credential is no plain link.
LINK_WITH_TOKEN = "aHR0cHM6Ly9leGFtcGxlLmNvbS9hcGk/dG9rZW49OWZLMm1QcTdaeDF2UnQ4TA=="


@pytest.mark.parametrize(("rule", "text", "secret"), REDACTED)
def test_redacted(rule: str, text: str, secret: str) -> None:
    assert _redacted(text, secret), rule


@pytest.mark.parametrize(("text", "secret"), STILL_REDACTED)
def test_still_redacted(text: str, secret: str) -> None:
    assert _redacted(text, secret)


@pytest.mark.parametrize("text", KEPT)
def test_kept(text: str) -> None:
    assert _kept(text), scrub(text).text


def test_a_link_with_a_token_is_no_plain_link() -> None:
    assert not encoded._plain_link("https://example.com/api?token=9fK2mPq7Zx1vRt8L")
    assert encoded._plain_link("https://example.com/menu")
    assert not encoded._decodes_to_content(LINK_WITH_TOKEN.rstrip("="))


_SAID = {f.__name__.removeprefix("_find_"): f for f in said.FINDERS}
_OLD_MASTER = (r"(?:1password|bitwarden|lastpass|keepass(?:xc)?|dashlane|keeper|nordpass|enpass)\b[^\n.;:=]{0,40}?"
               r"\b(?P<word>master|maestra)[ \t]*(?::|->|→|=>)")


def _without(monkeypatch: pytest.MonkeyPatch, rule: str) -> None:
    without_fortieth_round(monkeypatch)
    if rule in _SAID or rule == "typed":
        finder = _SAID["typed_at_prompt" if rule == "typed" else rule]
        monkeypatch.setattr(driver, "_FINDERS", tuple(f for f in driver._FINDERS if f is not finder))
    elif rule == "cue_view":
        monkeypatch.setattr(driver, "cue_view", lambda *args: None)
    elif rule == "glued_master":
        monkeypatch.setattr(glued, "_MANAGER_MASTER_RE", re.compile(r"(?!)(?P<word>)(?P<aside>)(?P<conn>)"))
    elif rule == "login_pair":
        pattern = answers._LOGIN_PAIR_RE.pattern
        cut = pattern.index("|entra(?:r|s|n|mos)?")
        monkeypatch.setattr(answers, "_LOGIN_PAIR_RE", re.compile(pattern[:cut] + pattern[pattern.index(")\\b[^.\\n!?]{0,60}"):]))
    elif rule == "punch":
        monkeypatch.setattr(codes, "_ACTION_RE", re.compile(codes._ACTION_RE.pattern.replace(
            "punch(?:[ \\t]+in)?", "punch[ \\t]+in")))
    else:  # pragma: no cover - a rule name with no switch is a defect of this test
        raise AssertionError(rule)


@pytest.mark.parametrize(("rule", "text", "secret"), REDACTED)
def test_fails_without_its_rule(monkeypatch: pytest.MonkeyPatch, rule: str, text: str, secret: str) -> None:
    _without(monkeypatch, rule)
    assert not _redacted(text, secret)


@pytest.mark.parametrize("text", [
    "Token abc…9f3e (last four 9f3e) was revoked",
    "aHR0cHM6Ly9leGFtcGxlLmNvbS9tZW51 is just base64 of the menu URL",
    "Passphrase: use at least four random words",
])
def test_kept_values_fail_without_their_rule(monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    without_fortieth_round(monkeypatch)
    monkeypatch.setattr(other_values, "_MASKED_RE", re.compile(
        r"(?:[A-Za-z0-9]+(?:[_\-][A-Za-z0-9]+)*[_\-])?(?:…|\.{3}|[*•●]{3,})[\w\-]{0,6}"))
    monkeypatch.setattr(encoded, "_plain_link", lambda decoded: False)
    monkeypatch.setattr(other_values, "_FORM_RE", re.compile(
        other_values._FORM_RE.pattern.replace(other_values._RULE_LEAD, "")))
    assert not _kept(text)


# --- In sample: classes written after the four authors BL–BO were read once (their open cases) -------
# Made-up sentences of the same classes; none is a corpus string.

IN_SAMPLE_REDACTED = [
    ("Te la mando a trozos: 'Lim' + 'onero' + '_84', júntalo tú.", "onero"),
    ("Sent in pieces so the bot won't flag it: \"Gra\" + \"nite\" + \"_62\"", "nite"),
    ("For the encrypted disk, type: purple rivers hum softly at night", "purple rivers hum softly at night"),
    ("Para el volumen cifrado, teclea: mi tía come churros los domingos", "mi tía come churros los domingos"),
    ("y de clave le pusieron Cometa·2001, con el punto", "Cometa·2001"),
    ("She set the router password to \"velvet moon 88 harbor\" for the guests.", "velvet moon 88 harbor"),
    ("Le cambié la contraseña del NAS a 'trigo limpio 44 norte' ayer.", "trigo limpio 44 norte"),
    ("the unlock phrase is 'seven owls drink tea', don't ask", "seven owls drink tea"),
    ("La frase maestra es ‘río seco bajo la luna’.", "río seco bajo la luna"),
    ("The installer asked for a password, I used 'Cobalt!Fern22' because it was handy.", "Cobalt!Fern22"),
    ("Gate keypad (block C): code 48213 then press the star", "48213"),
    ("Her Nintendo ID password is Mario!Kart77.", "Mario!Kart77"),
    ("The wifi pass for the gym: Sudor#2024!", "Sudor#2024!"),
]
IN_SAMPLE_KEPT = [
    "Te lo mando a trozos: \"Hola\" + \"Mundo\", júntalo.",
    "For the encrypted disk, type: the one from the email",
    "y de contraseña le pusieron una muy larga",
    "She set the password to 'expire'.",
    "Palabra clave para el SEO: 'zapatos baratos online'.",
    "The password hint is 'name of my first cat'.",
    "El token: Cookie: ****",
    "password_from_env: STRIPE_SECRET_KEY",
    "Nombre de la wifi: Casa_Lopez_5G",
    "Season pass for the gym: GYM2024X7781",
    "Bus pass for the kids: Maria2012",
]


@pytest.mark.parametrize(("text", "secret"), IN_SAMPLE_REDACTED)
def test_in_sample_redacted(text: str, secret: str) -> None:
    assert _redacted(text, secret)


@pytest.mark.parametrize("text", IN_SAMPLE_KEPT)
def test_in_sample_kept(text: str) -> None:
    assert _kept(text), scrub(text).text
