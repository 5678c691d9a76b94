"""A negated label word before a hex blob names no secret (fourteenth round, ``shapes``): the writer
says the value is none. Made-up sentences (no database)."""

from __future__ import annotations

import pytest

from memory.scrubbing import scrub

NEGATED = [
    "Digest of the release tarball (not a secret): 9f2b7c41d0e8a6b35c1f47e2a9d08b6c",
    "Semilla del sorteo de ayer (no es ningún secreto): 4be19a07c3d25f8e6a1b9c0d7e2f4a58",
    "Build of the docs site (nothing secret): 0a9d3e7f15c2b84d6e1f0a27c93b5d48",
]


@pytest.mark.parametrize("text", NEGATED)
def test_a_hex_blob_after_a_negated_label_is_kept(text: str) -> None:
    assert scrub(text).text == text


@pytest.mark.parametrize(("text", "secret"), [
    ("Secret (not the old one): 7c1e9a4b2d0f83e6a5b17c9d04e2f6a3", "7c1e9a4b2d0f83e6a5b17c9d04e2f6a3"),
    ("No lo pierdas. Clave HMAC: 51d8e2a7c09f4b36e1a5d7c20b9f8e43", "51d8e2a7c09f4b36e1a5d7c20b9f8e43"),
])
def test_a_label_that_is_not_negated_still_binds_its_hex(text: str, secret: str) -> None:
    assert secret not in scrub(text).text
