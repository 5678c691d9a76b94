"""Stop 48 (sec48; docs/privacy.md): seven readings by mechanism, and the store names in one place.

Made-up sentences only. Every positive and every newly kept sentence fails on main (ec6f62d) — checked
against main's package imported beside the branch's; the hard negatives beside each class pass on both.
Mutant checks switch each change off.
"""

from __future__ import annotations

import ast
import inspect
import re

import pytest

from memory.scrubbing import (
    announced,
    glued,
    keywords,
    measures,
    not_values,
    phrases,
    places,
    said,
    scrub,
    token_scorer,
    vendor_formats,
    vocabulary,
)
from tests.memory.scrubbing.fakes import kept as _kept
from tests.memory.scrubbing.fakes import redacted as _redacted
from tests.memory.scrubbing.fakes import scrub_growth

# A Mailgun-shaped key (32-8-8 hex) whose last sixteen characters hold two letters; assembled in pieces.
MAILGUN = "0a1b2c3d4e5f6071" + "8293a4b5c6d7e8f9" + "-12345678-" + "9012a3b4"


# (a) a vendor format's hint with no letter or digit gates the rule; the check reads the whole token.
def test_a_mailgun_key_with_few_letters_at_its_end_is_redacted_whole() -> None:
    out = scrub(f'requests.post(url, auth=("api", "{MAILGUN}"))').text
    assert MAILGUN not in out and "mailgun_key" in out
    out = scrub(f"MG_KEY={MAILGUN}").text
    assert "12345678" not in out and "9012a3b4" not in out  # main left the tail behind


def test_a_prefix_hint_still_cuts_the_body() -> None:
    assert vendor_formats.token_body("dop_v1_abc", ("_v1_",)) == "abc"
    assert vendor_formats.token_body(MAILGUN, ("-",)) == MAILGUN


@pytest.mark.parametrize("text", [
    "request id 3f2a9c1e-7b4d-4e8a-9c2f-1a2b3c4d5e6f failed",  # a UUID (main already)
    "commit 9fceb02d0ae598e95dc970b74767f19372d61af8 fixes it",  # a git object (main already)
])
def test_other_hex_groupings_are_kept(text: str) -> None:
    assert _kept(text)


def test_the_separator_hint_change_decides(monkeypatch: pytest.MonkeyPatch) -> None:
    def old_body(value: str, hints: tuple[str, ...]) -> str:
        for hint in hints:
            at = value.find(hint)
            if at >= 0:
                return value[at + len(hint):]
        return value

    from memory.scrubbing import vendor_tokens

    monkeypatch.setattr(vendor_tokens, "token_body", old_body)
    rule = next(r for r in vendor_tokens._ALL_RULES if r.kind == "mailgun_key" and r.hints == ("-",))
    assert not list(rule.search(MAILGUN))


# (b) a password label's value that opens a lower-case log field is that field.
@pytest.mark.parametrize("text", [
    "INFO contraseña rotada correctamente: id=pwd_0042, creada=2024-01-01",
    "clave: id=key_0193",
])
def test_a_log_field_after_a_password_label_is_kept(text: str) -> None:
    assert _kept(text)


@pytest.mark.parametrize(("text", "secret"), [
    ("clave: Xk29=fhaPq7", "Xk29=fhaPq7"),  # an equals sign inside a password: no lower-case field name (main already)
    ("INFO clave rotada correctamente: pass=Xk29fhaPq7, creada=2024-09-01", "Xk29fhaPq7"),  # a secret's field (main already)
])
def test_a_secret_field_or_a_password_with_an_equals_sign_stays_a_value(text: str, secret: str) -> None:
    assert _redacted(text, secret)


def test_the_lower_case_field_name_decides() -> None:
    assert measures.opens_a_log_field("id=key_0193", lower_case_name=True)
    assert not measures.opens_a_log_field("Xk29=fhaPq7", lower_case_name=True)
    assert measures.opens_a_log_field("Xk29=fhaPq7")  # a token label's reading, unchanged


# (c) a comparison opens a description of the phrase.
@pytest.mark.parametrize("text", [
    "A passphrase of five random words is harder to guess than a short one full of digits.",
    "La frase de paso es más fácil de recordar que una contraseña corta.",
])
def test_a_comparison_about_a_phrase_is_kept(text: str) -> None:
    assert _kept(text)


@pytest.mark.parametrize(("text", "secret"), [
    ("passphrase: better late than never", "better late than never"),  # after a colon it is stated (main already)
    ("La frase de paso es luna roja sobre Cádiz", "luna roja sobre Cádiz"),  # main already
])
def test_a_stated_phrase_stays_a_value(text: str, secret: str) -> None:
    assert _redacted(text, secret)


def test_the_comparison_words_are_derived_from_the_adjectives() -> None:
    assert {"easier", "harder", "safer", "longer", "strongest", "más", "mejor"} <= measures.COMPARISON_WORDS
    assert "easy" not in measures.COMPARISON_WORDS  # the adjective itself was already in the readers' lists


# (d) a Spanish adjective after the credential noun, before the value.
@pytest.mark.parametrize(("text", "secret"), [
    ("Para entrar al staging necesitas el token interno Qm4TxR9vLp2KwZ8s; pégalo en la cabecera.", "Qm4TxR9vLp2KwZ8s"),
])
def test_an_adjective_between_a_token_word_and_its_value_is_read(text: str, secret: str) -> None:
    assert _redacted(text, secret)


@pytest.mark.parametrize("text", [
    "la clave funciona en el servidor srv-prod01",  # a verb, not an adjective (main already)
    "La clave catastral es 1234567AB1234C0001XY.",  # a record's code (main already)
])
def test_a_verb_or_a_record_code_adjective_is_not_read(text: str) -> None:
    assert _kept(text)


def test_the_adjective_slot_decides(monkeypatch: pytest.MonkeyPatch) -> None:
    pattern = keywords._KEYWORD_RE.pattern.replace("(?!catastr|electoral|registral)[a-záéíóúñ]{2,12}", "(?!)")
    assert pattern != keywords._KEYWORD_RE.pattern
    monkeypatch.setattr(keywords, "_KEYWORD_RE", re.compile(pattern))
    assert not _redacted("necesitas el token interno Qm4TxR9vLp2KwZ8s; pégalo", "Qm4TxR9vLp2KwZ8s")


# (e) "old"/"new" beside a plain noun inside a quoted or labelled phrase qualifies the noun.
@pytest.mark.parametrize(("text", "secret"), [
    ("Para el volumen cifrado usamos la frase «ocho patos nadan en el lago nuevo», sin comillas.",
     "ocho patos nadan en el lago nuevo"),
    ('For the family Bitwarden we use "six geese cross the old bridge" every time.', "six geese cross the old bridge"),
])
def test_a_phrase_with_an_adjective_of_age_is_redacted(text: str, secret: str) -> None:
    assert _redacted(text, secret)


@pytest.mark.parametrize("text", [
    "Para el KeePass usamos la frase «la vieja de siempre del banco».",  # main already
    'For the family Bitwarden we use "the old one from work please".',  # main already
])
def test_old_or_new_standing_for_the_secret_is_kept(text: str) -> None:
    assert _kept(text)


def test_the_qualifying_reading_decides(monkeypatch: pytest.MonkeyPatch) -> None:
    assert not phrases.states_nothing("six geese cross the old bridge".split())
    assert phrases.states_nothing("the old one from work".split())
    assert phrases.states_nothing("la contraseña vieja del banco".split())  # a credential word is no plain noun
    monkeypatch.setattr(phrases, "_qualifies_a_noun", lambda words, i: False)
    assert phrases.states_nothing("six geese cross the old bridge".split())


# (f) a YAML local tag whose node is a reference.
@pytest.mark.parametrize("text", [
    "password: !ENV ${SMTP_PASSWORD}",
    "smtp_password: !Env $SMTP_PASSWORD",
])
def test_a_loader_tag_before_a_reference_is_kept(text: str) -> None:
    assert _kept(text)


def test_a_core_tag_keeps_its_literal_a_value() -> None:
    assert _redacted("password: !!str Kx82fpq9", "Kx82fpq9")  # main already


def test_the_tag_reading_decides() -> None:
    text = "password: !ENV ${SMTP_PASSWORD}"
    assert keywords.tags_a_reference(text, "!ENV", 14)
    assert not keywords.tags_a_reference("password: !ENV Kx82fpq9", "!ENV", 14)
    assert not keywords.tags_a_reference("password: !!str ${X}", "!!str", 15)


# (g) one sense of "clave" per text.
def test_a_clave_whose_record_sense_the_text_names_is_no_cue() -> None:
    assert _kept("En el formulario, el campo «clave» pide la clave catastral de la finca: 1234567AB1234C0001XY.")
    assert token_scorer.credential_cues("el campo «clave» pide la clave catastral: x") == []


def test_another_credential_word_stays_a_cue() -> None:
    assert _redacted("La clave catastral es 1234567AB1234C0001XY y la clave del wifi es Gato-8526x.", "Gato-8526x")
    cues = token_scorer.credential_cues("la clave catastral es x; la contraseña del portal: y")
    assert [c[2] for c in cues] == ["contraseña"]
    assert [c[2] for c in token_scorer.credential_cues("clave: y")] == ["clave"]


# (h) the credential stores' names in one place.
_FIVE = (announced, glued, not_values, places, said)


@pytest.mark.parametrize("module", _FIVE, ids=lambda m: m.__name__.rsplit(".", 1)[-1])
def test_no_module_spells_a_store_name_in_its_code(module) -> None:
    """The string literals of the module's code (docstrings and comments left out) name no store."""
    tree = ast.parse(inspect.getsource(module))
    docstrings = {id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Expr)}
    literals = " ".join(node.value for node in ast.walk(tree)
                        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings)
    spelled = {name for name in vocabulary.STORE_NAMES if re.search(r"(?i)(?<![a-z])" + re.escape(name), literals)}
    assert not spelled, spelled


def test_every_reader_reads_every_store_name() -> None:
    for name in vocabulary.STORE_NAMES:
        assert announced._OPENS_RE.search(f"{name} → x"), name
        assert said._SECRET_CONTEXT_RE.search(f"the {name} one"), name
        assert name in not_values._SOURCE_WORDS
    for name in vocabulary.MANAGER_NAMES:
        assert places.is_manager_name(name.capitalize()), name
        assert glued._MANAGER_MASTER_RE.search(f"{name} master:"), name
    for name in vocabulary.ENCRYPTION_TOOL_NAMES:
        assert said._HOLDER_RE.search(f"{name} volume → marble fox crimson tide"), name
    assert not said._HOLDER_RE.search("bitwarden volume → marble fox crimson tide")  # a manager's master: glued's
    for name in vocabulary.DISK_ENCRYPTION_NAMES:
        assert glued._GLUED_RE.search(f"{name}pass: x"), name
    assert vocabulary.STORE_NAMES == vocabulary.MANAGER_NAMES | vocabulary.DISK_ENCRYPTION_NAMES | {"kdbx"}


def test_names_re_tries_the_longest_name_first() -> None:
    assert re.fullmatch(vocabulary.names_re(frozenset({"keepass", "keepassxc"})), "keepassxc")
    assert vocabulary.names_re(frozenset({"a.b"})) == r"(?:a\.b)"


@pytest.mark.parametrize("unit", [
    "el token interno Qm4TxR9vLp2KwZ8s ",
    "password: !ENV ${SMTP_PASSWORD}\n",
    "el campo «clave» pide la clave catastral: 1234567AB1234C0001XY. ",
    "we use \"six geese cross the old bridge\" for the vault. ",
])
def test_the_touched_readings_stay_linear_at_4800_repeats(unit: str) -> None:
    small, large = scrub_growth(lambda n: unit * n, scrub, small=1200)
    assert large < small * 10, (small, large)
