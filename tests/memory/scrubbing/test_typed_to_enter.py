"""A credential typed to get in, with no password word (fourteenth round, ``prose``). Made-up
sentences (no database)."""

from __future__ import annotations

import pytest

from memory.scrubbing import scrub


@pytest.mark.parametrize(("text", "secret"), [
    ("Para entrar en el ordenador de la tienda hay que teclear girasol77 y esperar.", "girasol77"),
    ("To unlock grandpa's tablet you type otter2019 twice, it lags.", "otter2019"),
    ("Para acceder al router de casa escribe nube4481 en la segunda casilla.", "nube4481"),
])
def test_a_credential_typed_to_get_in_is_redacted(text: str, secret: str) -> None:
    assert secret not in scrub(text).text


@pytest.mark.parametrize("text", [
    "Para entrar en la web hay que poner www.tienda2024.es en el navegador.",
    "To get into the building you type your name on the tablet at reception.",
    "Para acceder al parking hay que poner el ticket 2024 en la máquina.",
    "To log in, enter v2.4.1 of the client first, then restart.",
    "Para entrar al curso escribe a ana@escuela.es con tu nombre.",
])
def test_typing_without_a_credential_is_kept(text: str) -> None:
    assert scrub(text).text == text
