"""Tests for memory.scrubbing.driver: ``scrub`` end to end (corpus, merging, idempotency, fail closed).

Pure Python, no Django, no database.

Fake secrets are assembled from pieces (``"AK" + "IA"...``) so the source itself does not trip
secret scanners or push protection.
"""

from __future__ import annotations

import base64
import json
import re
import string
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memory.scrubbing import REDACTION_KINDS, ScrubResult, driver, scrub
from memory.scrubbing.stand_ins import is_stand_in
from tests.memory.scrubbing.fakes import AWS_KEY, JWT, PEM, PEM_BODY


DATA = Path(__file__).parent / "data"
MIN_CORPUS = 200
_ESCAPE_RE = re.compile(r"\\(n|\\|x[0-9a-fA-F]{2})")


def _unescape(raw: str) -> str:
    """Decode the corpus escapes: ``\\n``, ``\\\\`` and ``\\xHH``."""

    def repl(m: re.Match[str]) -> str:
        code = m.group(1)
        if code == "n":
            return "\n"
        if code == "\\":
            return "\\"
        return chr(int(code[1:], 16))

    return _ESCAPE_RE.sub(repl, raw)


def _corpus_lines(name: str) -> list[tuple[int, str]]:
    lines = []
    for number, raw in enumerate((DATA / name).read_text(encoding="utf-8").splitlines(), 1):
        if raw.strip() and not raw.startswith("#"):
            lines.append((number, raw))
    return lines


def _positive_cases() -> list[tuple[int, tuple[str, ...], str]]:
    cases = []
    for number, raw in _corpus_lines("scrub_positive.txt"):
        *secrets, sentence = (_unescape(part) for part in raw.split("\t"))
        cases.append((number, tuple(secrets), sentence))
    return cases


def _negative_cases() -> list[tuple[int, str]]:
    return [(number, _unescape(raw)) for number, raw in _corpus_lines("scrub_negative.txt")]


POSITIVE = _positive_cases()
NEGATIVE = _negative_cases()


# ---------------------------------------------------------------------------
# Corpus
# ---------------------------------------------------------------------------


def test_corpus_sizes() -> None:
    counts = (len(POSITIVE), len(NEGATIVE))
    assert counts[0] >= MIN_CORPUS and counts[1] >= MIN_CORPUS, (
        f"corpus too small: {counts[0]} positive / {counts[1]} negative lines "
        f"(need >= {MIN_CORPUS} each)"
    )


@pytest.mark.parametrize(
    ("secrets", "sentence"),
    [pytest.param(s, t, id=f"pos-line{n}") for n, s, t in POSITIVE],
)
def test_positive_corpus_line_is_scrubbed(secrets: tuple[str, ...], sentence: str) -> None:
    result = scrub(sentence)
    assert result.text != sentence
    assert "[REDACTED:" in result.text
    assert result.count >= 1
    for secret in secrets:
        assert secret not in result.text
        assert all(secret not in kind for kind in result.redactions)


@pytest.mark.parametrize("sentence", [pytest.param(t, id=f"neg-line{n}") for n, t in NEGATIVE])
def test_negative_corpus_line_is_untouched(sentence: str) -> None:
    result = scrub(sentence)
    assert result.text == sentence
    assert result.count == 0
    assert result.redactions == ()


def test_corpus_scrub_is_idempotent() -> None:
    for _, _, sentence in POSITIVE:
        once = scrub(sentence)
        twice = scrub(once.text)
        assert twice.text == once.text
        assert twice.count == 0


# ---------------------------------------------------------------------------
# Specific behaviour
# ---------------------------------------------------------------------------


def test_mixed_secrets_in_one_text() -> None:
    text = (
        f"Incident notes: the deploy used {AWS_KEY} and the session token {JWT}.\n"
        f"Key pasted in the chat:\n{PEM}\n"
        "Además, mi contraseña es Tr0ub4dor&3 — cámbiala hoy."
    )
    result = scrub(text)
    for secret in (AWS_KEY, JWT, *PEM_BODY, "Tr0ub4dor&3", "BEGIN RSA"):
        assert secret not in result.text
    assert result.count >= 4
    assert {"aws_access_key", "jwt", "private_key", "password"} <= set(result.redactions)
    # The surrounding prose is kept.
    assert result.text.startswith("Incident notes: the deploy used [REDACTED:aws_access_key]")
    assert "mi contraseña es [REDACTED:password] — cámbiala hoy." in result.text


@pytest.mark.parametrize(
    "text",
    [
        "I forgot my password",
        "olvidé mi contraseña",
        "cambia la contraseña mañana",
        "My password is stored in the vault",
        "La contraseña es demasiado corta.",
        "The PIN is 4 digits long",
        "la clave es la constancia",
        "123e4567-e89b-12d3-a456-426614174000",
        "3f786850e387550fdab836ed7e6dc881de23001b",
        "https://example.com/a/b?c=d",
        "ana.ruiz@example.com",
        "2024-06-11",
        "/usr/local/lib/python3.11/site-packages/django/contrib/auth/hashers.py",
        "getUserAccountSettingsById",
        "Base64EncodedStringValue",
        "tokenizer = AutoTokenizer.from_pretrained(name)",
        "password = os.environ['DB_PASSWORD']",
        "",
    ],
)
def test_must_not_touch(text: str) -> None:
    assert scrub(text) == ScrubResult(text, ())


def test_overlapping_detections_give_one_placeholder() -> None:
    # JWT + "token:" keyword + Authorization header all cover the same value.
    result = scrub(f"Authorization: Bearer {JWT}")
    assert result.text == "Authorization: Bearer [REDACTED:jwt]"
    assert result.redactions == ("jwt",)
    # Vendor key + keyword assignment + high entropy.
    result = scrub(f"password={AWS_KEY}")
    assert result.text == "password=[REDACTED:aws_access_key]"
    assert result.redactions == ("aws_access_key",)


def test_adjacent_secrets_each_get_a_placeholder() -> None:
    result = scrub(f"{AWS_KEY} {JWT}")
    assert result.text == "[REDACTED:aws_access_key] [REDACTED:jwt]"
    assert result.redactions == ("aws_access_key", "jwt")


def test_existing_placeholders_are_left_alone() -> None:
    text = "password: [REDACTED:password] and token=[REDACTED:jwt]"
    assert scrub(text) == ScrubResult(text, ())


@pytest.mark.parametrize(
    "text",
    [
        "\x00\x01\x02\x7f",
        "\u200b\u202e\ufeff",
        "😀" * 1000,
        "\ud800 lone surrogate",
        "ñ" * 10_000,
        "a" * 200_000,
        "-----BEGIN RSA " + "PRIVATE KEY-----" * 500,
        "postgres://a:" * 2_000,
        "password is " * 2_000,
    ],
)
def test_odd_inputs_never_raise(text: str) -> None:
    result = scrub(text)
    assert isinstance(result, ScrubResult)
    assert result.count == len(result.redactions)


def test_rejects_non_str() -> None:
    with pytest.raises(TypeError):
        scrub(b"password: hunter2")  # type: ignore[arg-type]


def test_internal_error_fails_closed(monkeypatch: pytest.MonkeyPatch) -> None:
    def boom(text: str, lower: str) -> list[tuple[int, int, str]]:
        raise RuntimeError("bug")

    monkeypatch.setattr(driver, "_FINDERS", (boom,))
    result = scrub("my password is Tr0ub4dor&3")
    assert "Tr0ub4dor&3" not in result.text
    assert result.redactions == ("unscannable",)


# ---------------------------------------------------------------------------
# Property-based tests
# ---------------------------------------------------------------------------

_WORDS = (
    "the team meeting report client project budget review sprint notes office monday friday "
    "prefers short reports coffee lunch madrid lisbon weekly agenda draft final deadline call "
    "el equipo reunión informe cliente proyecto presupuesto revisión notas oficina lunes viernes "
    "prefiere informes breves café comida semanal agenda borrador final plazo llamada she he "
    "ana juan marta always usually never today tomorrow mañana hoy siempre nunca is es was era "
    "and y or o with con for para in en on at de del la las los un una a an"
).split()
_ORDINARY_ALPHABET = string.ascii_lowercase + "áéíóúñü" + " ,.;!?¿¡'()\n"
_PROSE_ALPHABET = string.ascii_letters + "áéíóúñ" + " ,.;:!?'()\n"
_URLSAFE = string.ascii_letters + string.digits + "-_"

ordinary_words = st.lists(st.sampled_from(_WORDS), max_size=60).map(" ".join)
ordinary_chars = st.text(alphabet=_ORDINARY_ALPHABET, max_size=300)
prose = st.text(alphabet=_PROSE_ALPHABET, max_size=200)

# Fragments that exercise every detector, for the never-raise/idempotency
# properties.
_FRAGMENTS = [
    "password", "contraseña", " is ", " es ", ": ", "=", "token", "api_key", "clave", "PIN",
    "Authorization: Bearer ", "Basic ", "://", "@", "user:", "eyJ", ".", "-----BEGIN ",
    "PRIVATE KEY-----", "-----END ", "\\n", "\n", "sk-", "proj-", "AK" + "IA", "AIza", "[REDACTED:",
    "]", "[REDACTED:jwt]", '"', "'", "Tr0ub4dor&3", "0123456789", "ABCDEFGHJK", "abcdefxyz",
    "+/", "==", ";", "&", "?", " ", "ñ", "😀", "\x00",
]
fragment_soup = st.lists(
    st.one_of(st.sampled_from(_FRAGMENTS), st.text(max_size=12)), max_size=40
).map("".join)


def _b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


# A documentation filler ("AKIA" + sixteen zeros, an ordered run) is a stand-in by definition
# (``stand_ins``, thirteenth round), not a secret: drawn keys exclude it.
aws_keys = st.text(alphabet=string.ascii_uppercase + string.digits, min_size=16, max_size=16).map(
    lambda tail: "AK" + "IA" + tail
).filter(lambda key: not is_stand_in(key))
openai_keys = st.text(alphabet=_URLSAFE, min_size=20, max_size=100).map(
    lambda tail: "sk-" + "proj-" + tail
).filter(lambda key: not is_stand_in(key))
json_values = st.one_of(
    st.integers(), st.booleans(), st.none(), st.text(max_size=12), st.floats(allow_nan=False)
)
jwts = st.builds(
    lambda header, payload, sig: ".".join(
        (
            _b64url(json.dumps(header).encode()),
            _b64url(json.dumps(payload).encode()),
            _b64url(sig),
        )
    ),
    st.fixed_dictionaries(
        {"alg": st.sampled_from(["HS256", "RS256", "ES384", "none"]), "typ": st.just("JWT")}
    ),
    st.dictionaries(st.text(min_size=1, max_size=8), json_values, min_size=1, max_size=5),
    st.binary(min_size=16, max_size=64),
)
secrets = st.one_of(aws_keys, openai_keys, jwts)

_PROPERTY_SETTINGS = settings(
    max_examples=300,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)


@_PROPERTY_SETTINGS
@given(st.one_of(st.text(max_size=500), fragment_soup))
def test_property_never_raises_and_is_idempotent(text: str) -> None:
    once = scrub(text)
    assert isinstance(once.text, str)
    assert once.count == len(once.redactions)
    assert scrub(once.text).text == once.text


@_PROPERTY_SETTINGS
@given(st.one_of(ordinary_words, ordinary_chars))
def test_property_ordinary_text_is_unchanged(text: str) -> None:
    assert scrub(text) == ScrubResult(text, ())


@_PROPERTY_SETTINGS
@given(prose, secrets, st.data())
def test_property_inserted_secret_is_removed(text: str, secret: str, data: st.DataObject) -> None:
    index = data.draw(st.integers(min_value=0, max_value=len(text)), label="index")
    result = scrub(text[:index] + secret + text[index:])
    assert secret not in result.text
    assert "[REDACTED:" in result.text
    # Placeholders and kinds never carry the secret (nor a chunk of it).
    for kind in result.redactions:
        assert kind in REDACTION_KINDS
        assert secret not in kind
    for placeholder in re.findall(r"\[REDACTED:[^\]]*\]", result.text):
        assert secret[:12] not in placeholder


@_PROPERTY_SETTINGS
@given(st.lists(st.tuples(prose, secrets), min_size=1, max_size=4))
def test_property_several_secrets_all_removed(chunks: list[tuple[str, str]]) -> None:
    text = " ".join(p + " " + s for p, s in chunks)
    result = scrub(text)
    for _, secret in chunks:
        assert secret not in result.text
    assert result.count >= 1
