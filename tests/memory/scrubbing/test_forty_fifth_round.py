"""Forty-fifth secrets round (docs/privacy.md): one credential vocabulary for every reader; a value of no
word's shape right after a credential noun; a value named as a kind or an example of password, or said
not to be actually used; a GnuPG key id; and the cheap readings of stop 45's open classes (hex after a
label that names what the key encrypts, a phrase to unpack an archive, a phrase whose aside says how it is
written, a lock's code said in digit words, a value "le puse" gave an account). Every sentence is made up
for this file (no corpus string); each one that should change fails on main (5645228), hard negatives
beside each class, and a mutant check that the new part decides."""

from __future__ import annotations

import re

import pytest

from memory.scrubbing import bare_values, codes, driver, not_values, scrub, vocabulary
from tests.memory.scrubbing.fakes import kept as _kept
from tests.memory.scrubbing.fakes import redacted as _redacted
from tests.memory.scrubbing.fakes import scrub_growth


# 0. One vocabulary: the three readers' words are the columns of one table, and each reading finds what the
# reader's own list found before the merge (the old patterns, verbatim from 5645228).
_OLD_NAMED = re.compile(r"(?i:\b(?:contrase[ñn]a|clave|pass(?:word|phrase|code|wd)?|pwd|pw|pin|c[oó]digo|code|frase|phrase"
                        r"|key|llave|secret|secreto|token)s?\b)")
_OLD_MENTIONED = re.compile(r"(?i:passw|contrase|\bclave|passphrase|frase[ \t]+de[ \t]+paso|secret|secreto|token|\bpin\b"
                            r"|credencial|credential)")
_OLD_IN_LOWER = re.compile(r"(?<![a-z])(?:tokens?|keys?|api|secret\w*|secreto\w*|pass\w*|contrase(?:ñ|n)as?|claves?|pins?"
                           r"|credential\w*|credencial\w*|pwd|login)(?![a-z])")
_PROBES = ("passwords are rotated", "Contraseñas nuevas", "secretos del chef", "pin 4821", "frase de paso", "the spinach",
           "una frase bonita", "the api", "api_key", "db_pass", "PASSCODE", "la llave", "código", "codes", "keys",
           "keyboard", "pins", "spinning", "credenciales", "login_url", "pwd", "pw", "tokens", "tokenizer", "secretary",
           "clave_usuario", "enclave", "passphrase", "compass", "contrasena", "llaves", "phrases", "")
_NAMED_RE = re.compile(r"(?i:\b" + vocabulary.NAMED + r"s?\b)")


@pytest.mark.parametrize("text", _PROBES)
def test_each_reading_finds_what_its_old_list_found(text: str) -> None:
    assert (_NAMED_RE.search(text) is None) == (_OLD_NAMED.search(text) is None)
    assert (vocabulary.MENTIONED_RE.search(text) is None) == (_OLD_MENTIONED.search(text) is None)
    assert (vocabulary.IN_LOWER_RE.search(text.lower()) is None) == (_OLD_IN_LOWER.search(text.lower()) is None)


def test_the_readers_use_the_one_vocabulary() -> None:
    from memory.scrubbing import answers, keywords, unworded

    assert vocabulary.NAMED in answers._ASKS_RE.pattern
    assert not_values.MENTIONED_RE is vocabulary.MENTIONED_RE and unworded.IN_LOWER_RE is vocabulary.IN_LOWER_RE
    assert vocabulary.STRONG_LABEL in keywords._KEYWORD_RE.pattern and vocabulary.NOUN in bare_values._BARE_RE.pattern


# 1. A value of no word's shape right after a credential noun. (text, value)
BARE = [
    ("Our team mailbox uses the password Kp#WqZrTbNv until the migration ends.", "Kp#WqZrTbNv"),
    ("La cuenta compartida de soporte mantiene la contraseña Zx?PlKmNbVq hasta la migración, no la cambies.",
     "Zx?PlKmNbVq"),
]
BARE_NEAR_MISSES = [
    "The password Jean-Luc chose is long.",
    "Use the password manager McDonald's recommends.",
    "The password field accepts Unicode-Safe input now.",
    "La contraseña WiFi del bar se pide en la barra.",
    "The password reset link expired, ask IT.",
    "2024-03-02T10:14:55Z INFO auth: user=kim login ok method=password ip=10.0.9.21",
    "Store the password hash in /var/lib/app/Secrets.db tonight.",
    "Recovery passphrase (Marisol's tablet) is in the drawer.",
]


@pytest.mark.parametrize("text,value", BARE)
def test_a_value_right_after_a_credential_noun_is_redacted(text: str, value: str) -> None:
    assert _redacted(text, value)


@pytest.mark.parametrize("text", BARE_NEAR_MISSES)
def test_words_names_and_fields_after_the_noun_stay(text: str) -> None:
    assert _kept(text)


@pytest.mark.parametrize("value,shaped", [
    ("Kp#WqZrTbNv", True), ("H?KuZpxSw", True), ("qwErTy9zx", True), ("Jean-Luc", False), ("McDonald's", False),
    ("Gracias!", False), ("(Osvaldo", False), ("UPPERCASE!", False), ("abc#1", False), ("ip=10.0.4.17", False), ("https://a.b/Xy!z", False)])
def test_not_a_word(value: str, shaped: bool) -> None:
    assert bare_values.not_a_word(value) is shaped


def test_the_bare_reading_decides(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(driver, "_FINDERS", tuple(f for f in driver._FINDERS if f is not bare_values._find_bare_values))
    assert not _redacted(*BARE[0])
    assert not _redacted(*BARE[1])


# 2. A value named as a kind, an example or one not to actually use; a GnuPG key id.
NOT_VALUES = [
    "Classic comic example of a good passphrase: purple monkey dishwasher lamp. Please don't actually use it.",
    "Ejemplo clásico de contraseña: Contraseña123!, solo de ejemplo, nunca en producción.",
    "La auditoría prueba contraseñas del tipo 'Invierno2024!' antes que nada.",
    "gpg --armor --export-secret-keys 0x4C2E8A91 > backup.asc   # keep this file offline",
]
STILL_VALUES = [
    ("La contraseña es Verano2024! y no la uses en otras webs.", "Verano2024!"),
    ("The password is Xk9!pLm2qz. Don't use it elsewhere.", "Xk9!pLm2qz"),
    ("My password is Tr0mb0n!sta — don't actually share it with anyone.", "Tr0mb0n!sta"),
    ("gpg --batch --passphrase 4c2e8a91b3d5f7a9 --decrypt notes.gpg", "4c2e8a91b3d5f7a9"),
    ("The scanner tries passwords like 'Winter2023#' and 'Company123!'; mine is Tq8!wLm3zv.", "Tq8!wLm3zv"),
]


@pytest.mark.parametrize("text", NOT_VALUES)
def test_kinds_examples_and_key_ids_stay(text: str) -> None:
    assert _kept(text)


@pytest.mark.parametrize("text,value", STILL_VALUES)
def test_a_bare_do_not_use_or_a_passphrase_option_still_gives_a_value(text: str, value: str) -> None:
    assert _redacted(text, value)


def test_the_filters_decide(monkeypatch: pytest.MonkeyPatch) -> None:
    text = NOT_VALUES[2]
    start = text.index("Invierno")
    assert not_values.named_as_a_kind(text, start, start + len("Invierno2024!"))
    text = NOT_VALUES[3]
    start = text.index("0x")
    assert not_values.key_id(text, start, start + len("0x4C2E8A91"))
    monkeypatch.setattr(driver, "no_value", lambda *args: False)
    for text in NOT_VALUES:
        assert not _kept(text)


# 3. Stop 45's open classes, where a cheap reading reaches them. (text, value)
OPEN = [
    ("Wrapping key for stored objects (hex): 3b1f9a0c7d2e4f6a8b0c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f6a7b8c9d0e1f2a",
     "3b1f9a0c7d2e4f6a8b0c"),
    ("Para descomprimir el rar de las facturas usa la frase tenedor azul sobre la mesa 17.", "tenedor azul sobre la mesa"),
    ("To unzip the payroll archive use the phrase seven lazy otters float home.", "seven lazy otters float home"),
    ("clave maestra (es una frase, con espacios y en minúsculas) = gato verde salta muro alto en Lugo",
     "gato verde salta muro alto"),
    ("El candado de la taquilla abre con seis, dos, nueve, uno. No se lo digas a nadie.", "seis, dos, nueve, uno"),
    ("The gym locker opens with four, two, nine, one.", "four, two, nine, one"),
    ("A la cuenta del banco de papá le puse «tulipan.1958», así no llama.", "tulipan.1958"),
    ("Al router le pusimos «Casa.Azul77» y ya funciona.", "Casa.Azul77"),
]
OPEN_NEAR_MISSES = [
    "La puerta se abre con dos o tres empujones.",
    "Al perro le puse «Toby.2» de nombre.",
    "A la cuenta le puse una foto nueva.",
    "The cache key for the thumbnails: 3b1f9a0c7d2e4f6a8b0c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f6a7b8c9d0e1f2a",
    "Para descomprimir el zip usa la frase que te mandé ayer.",
]


@pytest.mark.parametrize("text,value", OPEN)
def test_the_open_classes_are_read(text: str, value: str) -> None:
    assert _redacted(text, value)


@pytest.mark.parametrize("text", OPEN_NEAR_MISSES)
def test_their_near_misses_stay(text: str) -> None:
    assert _kept(text)


def test_the_worded_code_reading_decides(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(driver, "_FINDERS", tuple(f for f in driver._FINDERS if f is not codes._find_worded_codes))
    assert not _redacted(*OPEN[4])


# 4. Linear time at 4,800 repeats: every reading this round wrote or touched, on long texts.
@pytest.mark.parametrize("unit", [
    "the mailbox uses the password Kp#WqZrTbNv here. ",  # bare_values
    "passwords like 'Winter2023#' are guessed. ",  # not_values.named_as_a_kind
    "Kx#9pQ 'Autumn2025!'-style. ",  # not_values.named_as_a_kind (after)
    "example Xy#12ab. Please don't actually use it. ",  # not_values.example_not_to_use / said_not_real
    "gpg --export-secret-keys 0x4C2E8A91\n",  # not_values.key_id
    "key for the objects (hex): 3b1f9a0c7d2e4f6a8b0c1d2e3f4a5b6c\n",  # shapes hex after label
    "para descomprimir usa la frase gato azul come pan. ",  # phrases context
    "clave (es una frase, con espacios) = gato azul come pan\n",  # phrases declared
    "el candado abre con seis, dos, nueve, uno. ",  # codes worded
    "a la cuenta le puse «tulipan.1958». ",  # changed
    "Eva: ¿la contraseña?\nLuis: Ab#12cdEf\n",  # answers (vocabulary.NAMED)
    "Referencia: ABC123 token\n",  # not_values.payment_reference (vocabulary.MENTIONED_RE)
    "api key: to\u200bk\u200ben\u200bxy\u200bz ",  # unworded laced (vocabulary.IN_LOWER_RE)
])
def test_the_touched_readings_stay_linear_at_4800_repeats(unit: str) -> None:
    small, large = scrub_growth(lambda n: unit * n, scrub, small=1200)
    assert large < small * 10, (small, large)
