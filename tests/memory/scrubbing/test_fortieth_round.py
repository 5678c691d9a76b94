"""Fortieth secrets round (issue 15): a learned scorer for password-shaped tokens in a credential
context, credentials given in pieces, and four classes of value never redacted (docs/privacy.md, "The
fortieth secrets round"; no database). Made-up sentences written for this round, none from a corpus;
a hard negative beside every class, and mutant checks: with the finder or the filter switched off,
the case fails."""

from __future__ import annotations

import numpy as np
import pytest

from memory.scrubbing import answers, driver, not_credentials, pieces, scrub, token_scorer
from tests.memory.scrubbing.fakes import kept as _kept
from tests.memory.scrubbing.fakes import redacted as _redacted


#: Credentials without the frame a rule expects: the value before its cue, no password word but a
#: wifi context, an answer line under a question, a symbol-joined value after "la contraseña".
SCORED = [
    ("The greenhouse controller still uses Pelican2077 as its root password, sadly.", "Pelican2077"),
    ("El router del taller usa Gavilan#Rojo#31 de contraseña desde que lo montamos.", "Gavilan#Rojo#31"),
    ("La del wifi de la casa rural es ｍｉｒｌｏ４７, me la mandó el dueño.", "ｍｉｒｌｏ４７"),
    ("[09:10] Ana: ¿me pasas la del wifi del local?\n[09:11] Luis: almendra-tostada-52 tal cual", "almendra-tostada-52"),
    ("Ana: what's the wifi one again?\nLuis: pepper-mill-88", "pepper-mill-88"),
    ("vpn login for the contractor: user ext-ops and Qv7!ramble, expires Friday", "Qv7!ramble"),
]

#: The same contexts with ordinary shaped tokens: a version, an order number, a room, a product.
SCORED_KEPT = [
    "The router's admin page moved to firmware 4.2.1 after the update on Monday.",
    "Cambié la contraseña del correo; el pedido 558-2291 llega mañana a la oficina B12.",
    "Wifi in room 3B is slow again, the technician comes on Thursday.",
    "Reset my password on the portal, ticket INC-4471 is closed now.",
]


@pytest.mark.parametrize(("text", "secret"), SCORED)
def test_a_password_shaped_token_in_a_credential_context_is_redacted(text: str, secret: str) -> None:
    assert _redacted(text, secret)


@pytest.mark.parametrize("text", SCORED_KEPT)
def test_ordinary_shaped_tokens_in_a_credential_context_are_kept(text: str) -> None:
    assert _kept(text)


def test_without_a_credential_context_the_scorer_reads_nothing() -> None:
    text = "The greenhouse controller still runs Pelican2077 as its firmware build."
    lower = text.lower()
    assert token_scorer.candidates(text, lower) == []
    assert list(token_scorer.find_scored_tokens(text, lower)) == []


def test_the_scorer_alone_finds_what_the_rules_miss() -> None:
    """Mutant check: the value-before-cue and wifi cases are the scorer's (no rule reads them)."""
    text, secret = SCORED[0]
    lower = text.translate(driver._LOWER_TABLE)
    spans = list(token_scorer.find_scored_tokens(text, lower))
    assert any(text[s:e] == secret for s, e, _ in spans)
    token_scorer.override = token_scorer.TokenModel(np.zeros(token_scorer.BUCKETS, np.float32), -1.0, 0.0)
    try:
        assert not _redacted(text, secret)
    finally:
        token_scorer.override = None


ANSWER_KEPT = [
    "Ana: what's the plan for the wifi upgrade?\nLuis: Tuesday, after 10:30",
    "Q: router admin password?\nA: see ticket INC-4471",
    "POSTGRES_USER=app\nPOSTGRES_PASSWORD=${POSTGRES_PASSWORD:?must be set}\nPOSTGRES_DB=orders",
]


@pytest.mark.parametrize("text", ANSWER_KEPT)
def test_a_turn_under_a_credential_question_that_gives_no_value_is_kept(text: str) -> None:
    assert _kept(text)


def test_the_answering_turn_is_its_own_finder() -> None:
    """Mutant check: the model alone scores the answer below its threshold; the turn rule takes it."""
    text, secret = SCORED[3]
    lower = text.translate(driver._LOWER_TABLE)
    assert [text[s:e] for s, e, _ in answers.find_chat_answers(text, lower)] == [secret]
    assert not any(text[s:e] == secret for s, e, _ in token_scorer.find_scored_tokens(text, lower))


def test_a_missing_model_is_no_finder(tmp_path) -> None:
    assert token_scorer.load(tmp_path / "absent.npz") is None


def test_the_committed_model_loads_with_its_threshold() -> None:
    model = token_scorer.load()
    assert model is not None
    assert model.weights.shape == (token_scorer.BUCKETS,)
    assert 0.0 < model.threshold < 6.0


PIECES = [
    ("root password, split so the preview hides it:\nCobalt\nMoth\n4418\njoin them with nothing between",
     ["Cobalt", "Moth", "4418"]),
    ("te paso la clave troceada:\nPino7\n_verde\n!x\njúntalas sin espacios", ["Pino7", "_verde"]),
    ("La clave del router es Sol ★ Mar ★ 2231 ★ Luna, sin las estrellas.", ["Sol ★ Mar ★ 2231 ★ Luna"]),
    ("The backup passphrase is copper lantern seven ravens, keep it offline.", ["copper lantern seven ravens"]),
    ("When gpg asks for the passphrase; type maple orbit quiet drum and press enter.", ["maple orbit quiet drum"]),
    ("La frase para abrir el cofre es nube lenta sobre Cuenca, con tilde.", ["nube lenta sobre Cuenca"]),
]

PIECES_KEPT = [
    "The password policy changed:\nlength\nsymbols\nhistory\nsee the wiki",
    "La frase de paso es la misma que la del portátil.",
    "The passphrase is stored in the team vault.",
    "Router admin lives in 1Password under Home ★ Network, ask Dana.",
    "Vault en 1Password: «Personal», con las entradas «Banco», «Correo» y «Hacienda».",
]


@pytest.mark.parametrize(("text", "secrets"), PIECES)
def test_a_credential_given_in_pieces_is_redacted_whole(text: str, secrets: list[str]) -> None:
    out = scrub(text).text
    assert all(s not in out for s in secrets), out


@pytest.mark.parametrize("text", PIECES_KEPT)
def test_pieces_that_are_no_value_are_kept(text: str) -> None:
    assert _kept(text)


def test_pieces_over_lines_are_the_pieces_finder() -> None:
    """Mutant check: without the split-lines finder the middle lines stay."""
    text, secrets = PIECES[0]
    lower = text.translate(driver._LOWER_TABLE)
    spans = list(pieces._find_split_lines(text, lower))
    assert len(spans) == 1 and all(s in text[spans[0][0]:spans[0][1]] for s in secrets)


NOT_CREDENTIALS = [
    "contraseña: [REDACTADO]\nusuario: soporte2\núltimo cambio: 14/02/2025",
    "Clave de Stripe: sk_live_…(oculta)…; la completa está en el gestor.",
    "const CLAVE_SESION_STORAGE = 'session_token';  // only the entry's name",
    "The token header eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9 is the same for every HS256 token.",
]


@pytest.mark.parametrize("text", NOT_CREDENTIALS)
def test_values_that_say_they_are_something_else_are_kept(text: str) -> None:
    assert _kept(text)


def test_the_filters_decide_and_keep_real_values() -> None:
    text = "const CLAVE_SESION_STORAGE = 'session_token';"
    start = text.index("session_token")
    assert not_credentials.field_name_value(text, start, start + len("session_token"))
    assert not not_credentials.field_name_value("x = 'blue_Falcon9'", 5, 17)
    assert not_credentials.date_value("on 14/02/2025 ok", 6, 13)
    assert not not_credentials.date_value("safe: 40-17-83", 6, 14)  # a combination, not a date
    assert _redacted("La combinación de la caja es 40-17-83.", "40-17-83")
    assert not_credentials.jwt_header_segment("eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9", 0, 36)
    assert not not_credentials.jwt_header_segment("eyJzdWIiOiIxMjM0In0", 0, 19)  # claims, not a header
    assert not_credentials.truncated_display("sk_live_…", 0, 9)
