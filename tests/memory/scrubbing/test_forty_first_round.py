"""Forty-first secrets round (docs/privacy.md): codes said with a verb, a credential handed over in a
chat reply, values in pieces after a key word, an example *domain* in a trailing comment, and three
false-redaction classes. Every sentence here is made up for this file (no corpus string), with a hard
negative beside each class, and a mutant check that the new part is what decides."""

from __future__ import annotations

import re

import pytest

from memory.scrubbing import answers, broad_frames, codes, driver, keywords, other_values, pieces, scrub, stand_ins
from tests.memory.scrubbing.fakes import JWT
from tests.memory.scrubbing.fakes import kept as _kept
from tests.memory.scrubbing.fakes import redacted as _redacted


# 1. Door, gate, safe and keypad codes said with a verb rather than a label.
CODES = [
    ("Para abrir la taquilla del gimnasio marqué 731904 y se abrió a la primera.", "731904"),
    ("Al llegar al garaje tecleamos 5830 y la puerta subió.", "5830"),
    ("Storage unit keypad: press 6672 then the star key.", "6672"),
    ("Shed lock: punched in 1958 and it clicked open.", "1958"),
    ("I entered 4417 on the side gate keypad and it let me in.", "4417"),
    ("The studio's door panel was reset — the new code is 8036 followed by the hash key.", "8036"),
    ("Nuevo acceso al trastero: el código es 2719 y luego almohadilla.", "2719"),
    ("Para abrir la caja fuerte marqué 906614 como siempre.", "906614"),
]
CODE_NEAR_MISSES = [
    "Para abrir la tienda del hotel llegué a las 0930 y pagué 1250 euros.",
    "At the front door I dialled extension 4410 to reach reception.",
    "She dialed 911 at the door when the alarm went off.",
    "Pressed 4410 on the phone to reach the front desk.",
    "I typed 2024 in the search box of the booking site.",
    "The safe was installed in 2019 and the room number is 1204.",
    "Garage invoice: order 88213, paid 340 on 12/03.",
    "The gym reopened in 2021, followed by the annex in 2023.",
    "Marcó 3 goles en el partido del sábado en el estadio de la puerta norte.",
    "En la recepción del edificio marqué la extensión 2210 y nadie contestó.",
    "At the gate I entered 2024 as the year on the visitor form.",
    "Garage sale: punched 2500 into the calculator then the # key to total.",
    "En la puerta del garaje tecleé 1998 como año de alta.",
    "I typed 0930 on the door sign so people know when we open.",
]


@pytest.mark.parametrize(("text", "secret"), CODES)
def test_a_code_said_with_a_verb_is_redacted(text: str, secret: str) -> None:
    assert _redacted(text, secret)


@pytest.mark.parametrize("text", CODE_NEAR_MISSES)
def test_numbers_in_similar_sentences_stay(text: str) -> None:
    assert _kept(text)


def test_a_key_named_after_the_digits_is_what_binds_a_copula_code(monkeypatch: pytest.MonkeyPatch) -> None:
    text, secret = CODES[6]
    monkeypatch.setattr(codes, "_KEY_NAMED_AFTER_RE", re.compile(r"(?!)"))
    assert not _redacted(text, secret)


def test_a_heading_names_the_lock_of_a_typing_verb(monkeypatch: pytest.MonkeyPatch) -> None:
    text, secret = CODES[2]
    monkeypatch.setattr(codes, "_heading_names_lock", lambda *args: False)
    assert not _redacted(text, secret)


# 2. A credential handed over in a chat reply after a request for it.
HANDED_OVER = [
    ("¿Me mandas el token de la API de facturas? — vale, aquí va: pLmQwErTyUiOzXcVb, caduca a las 18:00",
     "pLmQwErTyUiOzXcVb"),
    ("Sara: can you send me the staging API key?\nTom: sure, here you go: Hq7vRm2KpWx9Lt4Zn\nSara: thanks!",
     "Hq7vRm2KpWx9Lt4Zn"),
    ("Could you share the deploy token?\nhere it is — GhTyUiOpLkJhGfDsAq", "GhTyUiOpLkJhGfDsAq"),
    ("¿Tienes la clave del portal de proveedores?\nInés: toma: Cigarra.Roja.2290", "Cigarra.Roja.2290"),
]
HANDED_OVER_KEPT = [
    "¿Me pasas el token del CRM? — ok, aquí va: mañana te lo mando",
    "¿Me pasas el token del CRM? — aquí va el enlace: https://crm.example.org/tokens",
    "What time is the meeting? — here you go: 10:30-Room4B",
    "¿Me pasas la contraseña del wifi? — toma: está en la nevera",
    "¿Me pasas el código de la reserva? — aquí va: XK4R2P9QLM",
    "¿Cuál es el número de pedido? — aquí va: PED-2024-88123",
    "Can you send me the API docs?\nhere you go: https://docs.example.org/api",
]


@pytest.mark.parametrize(("text", "secret"), HANDED_OVER)
def test_a_credential_handed_over_in_a_reply_is_redacted(text: str, secret: str) -> None:
    assert _redacted(text, secret)


@pytest.mark.parametrize("text", HANDED_OVER_KEPT)
def test_a_reply_that_hands_over_no_credential_is_kept(text: str) -> None:
    assert _kept(text)


def test_the_hand_over_reading_is_what_finds_a_value_with_no_digit(monkeypatch: pytest.MonkeyPatch) -> None:
    text, secret = HANDED_OVER[0]
    monkeypatch.setattr(answers, "_HANDOVER_RE", re.compile(r"(?!)"))
    assert not _redacted(text, secret)


def test_one_chat_answer_finder_reads_all_three_answer_forms() -> None:
    """The fortieth round's turn reading and round 35's named reply are the same finder now."""
    assert not hasattr(answers, "_find_chat_replies")
    assert answers.find_chat_answers in driver._FINDERS
    turn = "Ana: ¿cuál era la del wifi?\nLuis: almendra-tostada-52"
    named = "Ana: what's the VPN password?\nLuis: it's Jk4#pQ9.tw, don't paste it anywhere"
    lower = [t.translate(driver._LOWER_TABLE) for t in (turn, named, HANDED_OVER[0][0])]
    found = [[t[s:e] for s, e, _ in answers.find_chat_answers(t, low)]
             for t, low in zip((turn, named, HANDED_OVER[0][0]), lower, strict=True)]
    assert found == [["almendra-tostada-52"], ["Jk4#pQ9.tw"], ["pLmQwErTyUiOzXcVb"]]


# 3. Values in pieces, after a key or token word, numbered or not.
PIECES = [
    ("Deploy token in three pieces so the linter stays quiet:\nGh7kQ2\nWp9xLm\nRt4Zs8\njoin them",
     ["Gh7kQ2", "Wp9xLm", "Rt4Zs8"]),
    ("Token del CRM en trozos para que no lo pille el bot:\nparte 1: Qw7eRt\nparte 2: Yu8iOp\nparte 3: As9dFg\njúntalas",
     ["Qw7eRt", "Yu8iOp", "As9dFg"]),
    ("Backup wifi password, split in lines:\n1) Gx4-\n2) mR8q\n3) !zP2", ["Gx4-", "mR8q", "!zP2"]),
]


@pytest.mark.parametrize(("text", "parts"), PIECES)
def test_no_piece_of_a_split_value_survives(text: str, parts: list[str]) -> None:
    out = scrub(text).text
    assert not any(p in out for p in parts)


@pytest.mark.parametrize("text", [
    "Keys we need to buy, split by floor:\nBlue\nRed\nGreen\njoin the order",
    "Token rotation steps:\n1\n2\n3\nthat is all",
])
def test_a_list_under_a_key_word_is_kept(text: str) -> None:
    assert _kept(text)


def test_a_key_word_announces_pieces(monkeypatch: pytest.MonkeyPatch) -> None:
    text, parts = PIECES[0]
    monkeypatch.setattr(pieces, "_PIECE_CUE_RE", re.compile(r"(?!)"))
    # The forty-fourth round's joined reading also takes these pieces (split, and a join asked for):
    # it is switched off, so this checks the key word of the split-lines rule alone.
    monkeypatch.setattr(driver, "_FINDERS", tuple(f for f in driver._FINDERS if f is not pieces._find_joined_pieces))
    assert any(p in scrub(text).text for p in parts)


# 4. A real key in a .env line whose trailing comment names an example domain.
ENV_LINES = [
    ("MAILGUN_KEY=key-9f8e7d6c5b4a39281706f5e4d3c2b1a0  # dominio mg.tienda-ejemplo.test",
     "key-9f8e7d6c5b4a39281706f5e4d3c2b1a0"),
    ("SMTP_PASSWORD=Rv8!kLq2Zw7m  # relay for example.com", "Rv8!kLq2Zw7m"),
    ("DB_PASSWORD=Tr8vLp2Kq9Wx  # host db.example-corp.net", "Tr8vLp2Kq9Wx"),
]


@pytest.mark.parametrize(("text", "secret"), ENV_LINES)
def test_an_example_domain_in_a_comment_does_not_make_the_key_an_example(text: str, secret: str) -> None:
    assert _redacted(text, secret)


@pytest.mark.parametrize("text", [
    "client_secret: Zk8mQ2vLp9Wx4Rt7  # valor de ejemplo",
    "api_key = Kq9wLm2Xr8Tv5Zp3  # example",
    "DB_PASSWORD=Tr8vLp2Kq9Wx # example-only, replace in prod",
])
def test_a_comment_calling_the_value_an_example_still_keeps_it(text: str) -> None:
    assert _kept(text)


def test_the_domain_guard_is_what_decides(monkeypatch: pytest.MonkeyPatch) -> None:
    text, secret = ENV_LINES[1]
    loose = (other_values._EXAMPLE_NOTE_RE.pattern.replace(r"(?<![\w.\-@])", r"\b")
             .replace(r"(?![\w@]|\.\w|-[\w\-]*\.\w)", r"\b"))
    assert loose != other_values._EXAMPLE_NOTE_RE.pattern
    monkeypatch.setattr(other_values, "_EXAMPLE_NOTE_RE", re.compile(loose))
    assert not _redacted(text, secret)


# 5. False redactions: an example JWT with another signature, a service account's address, a
# policy sentence, a clause after an account list's key word.
SAMPLE_BODY = ("eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9"
               ".eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.")
KEPT = [
    f"The debugger on jwt.io starts with {SAMPLE_BODY}Qm9ndXNTaWduYXR1cmVGb3JUZXN0cw as its demo token.",
    "Q: which service account has the admin role?\nA: admin-sa@core-platform-1182.iam.gserviceaccount.com",
    "Policy: passwords need 16 characters and a symbol; passphrases are preferred.",
    "Las contraseñas son obligatorias en todas las cuentas; las claves son personales.",
    "Usuario: pepe, la clave fichero está en el NAS.",
    "Account: backup-bot, the key file is stored in the vault.",
]


@pytest.mark.parametrize("text", KEPT)
def test_no_credential_here_is_kept(text: str) -> None:
    assert _kept(text)


@pytest.mark.parametrize(("text", "secret"), [
    (f"jwt.io sample aside, the real session token is {JWT}", JWT),
    ("Network: CasaLuna, password correct horse battery staple.", "correct horse battery staple"),
    ("my passwords are swordfish99 and tigerlily", "swordfish99"),
    ("Service account ci@proj-7.iam.gserviceaccount.com, password Kx9#mLp2vQ", "Kx9#mLp2vQ"),
])
def test_beside_those_classes_a_credential_is_still_redacted(text: str, secret: str) -> None:
    assert _redacted(text, secret)


@pytest.mark.parametrize(("module", "name", "value", "case"), [
    (stand_ins, "_EXAMPLE_JWT_BODIES", frozenset(), 0),
    (stand_ins, "_SERVICE_ACCOUNT_RE", re.compile(r"(?!)"), 1),
    (keywords, "_PLURAL_LABEL_RE", re.compile(r"(?!)"), 2),
    (broad_frames, "_PREDICATE_WORDS", frozenset(), 5),
])
def test_each_false_redaction_guard_is_needed(monkeypatch: pytest.MonkeyPatch, module, name: str, value, case: int) -> None:
    monkeypatch.setattr(module, name, value)
    assert not _kept(KEPT[case])


def test_digits_said_to_be_something_else_are_what_keeps_a_typed_number(monkeypatch: pytest.MonkeyPatch) -> None:
    text = "At the gate I entered 2024 as the year on the visitor form."
    assert _kept(text)
    monkeypatch.setattr(codes, "_TYPED_AS_OTHER_RE", re.compile(r"(?!)"))
    assert not _kept(text)
