"""A question about a password and its answer in the next turn (thirteenth round, ``prose``).
Made-up sentences, none from a corpus (no database)."""

from __future__ import annotations

import pytest

from memory.scrubbing import scrub

ANSWERED = [
    ("Chat 09:15 — Marta: ¿cuál era la clave del router? / Iker: era Nogal_Verde_41, sin espacios.", "Nogal_Verde_41"),
    ("Dan: hey, what's the NAS password?\nLi: sure, it's Otter!Moss58", "Otter!Moss58"),
    ("Do you still have the pass for the shared drive? It's Ribera-Alta9x, I think.", "Ribera-Alta9x"),
]


@pytest.mark.parametrize(("text", "secret"), ANSWERED)
def test_the_answer_to_a_password_question_is_redacted(text: str, secret: str) -> None:
    assert secret not in scrub(text).text


UNANSWERED = [
    "Forgot your password? It's easy: click 'Reset' on the login page.",
    "¿Olvidaste la contraseña? Es normal, pasa a todo el mundo.",
    "Did you change the wifi password? It's 2024 already, do it yearly.",
    "What's the password policy? It's in the handbook, section 4.2.",
]


@pytest.mark.parametrize("text", UNANSWERED)
def test_an_answer_that_states_no_credential_is_kept(text: str) -> None:
    assert scrub(text).text == text


def test_the_answer_may_follow_a_colon_without_a_verb() -> None:
    assert "Girasol_1987" not in scrub("Lisa's password? Easy: Girasol_1987").text
    assert scrub("Forgot your password? Tip: use the reset link.").text == "Forgot your password? Tip: use the reset link."

