"""Twenty-ninth secrets round (issue 15): the credentials of the classes the last authors missed, and
the ordinary strings beside them that must stay as they are (see docs/privacy.md "Twenty-ninth
secrets round"; no database). Made-up sentences, none from a corpus."""

from __future__ import annotations

import pytest

from memory.scrubbing import scrub


def _redacted(text: str, secret: str) -> bool:
    return secret not in scrub(text).text


# --- the opening verb in any person, with the object's clitic ---------------------------------------

@pytest.mark.parametrize(("text", "secret"), [
    ("La caja fuerte del apartamento la abrimos con 530718, la eligió Pablo.", "530718"),
    ("El candado del trastero lo abro con 2291 desde que lo cambié.", "2291"),
    ("The safe in the office: we open it with 7730.", "7730"),
])
def test_a_lock_opened_with_digits_in_any_person(text: str, secret: str) -> None:
    assert _redacted(text, secret)


@pytest.mark.parametrize("text", [
    "El libro lo abrimos con 2024 ejemplos nuevos.",
    "La puerta la abrimos con 3 personas empujando.",
])
def test_an_opening_verb_before_a_count_is_kept(text: str) -> None:
    assert scrub(text).count == 0
