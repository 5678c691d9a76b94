"""Stop 43: the vector stage embeds what lies outside a note's ordinary-sense spans *as the writer
wrote it* (case, digits), not the folded inspection reading (lower case, "7am" read as "tam"), which
is not what the vector model was trained on. The sentences are written for these tests, not taken
from any evaluation file."""

from __future__ import annotations

import numpy as np
import pytest

from memory.embedding import get_embedder
from memory.inspection.special import outside_ordinary, vector_to_read

CASES = [
    ("Checks her email religiously at 8am, so keep the daily digest short.",
     "Checks her email at 8am, so keep the daily digest short."),
    ("Goes to the gym religiously at 7am, so no meetings before nine.",
     "Goes to the gym at 7am, so no meetings before nine."),
]


@pytest.mark.parametrize(("text", "remainder"), CASES)
def test_the_remainder_keeps_the_writers_form(text: str, remainder: str) -> None:
    assert outside_ordinary(text, as_written=True) == remainder
    assert outside_ordinary(text) != remainder  # the folded reading, for the n-gram stage's vote


@pytest.mark.parametrize(("text", "remainder"), CASES)
def test_the_vector_stage_embeds_the_remainder_as_written(text: str, remainder: str) -> None:
    embedder = get_embedder()
    own = np.asarray(embedder.embed_passages([text])[0], dtype=np.float32)
    read = vector_to_read(own, text)
    expected = np.asarray(embedder.embed_passages([remainder])[0], dtype=np.float32)
    assert read is not None
    assert float(np.dot(read, expected)) == pytest.approx(float(np.dot(expected, expected)), abs=1e-4)


def test_a_note_without_an_ordinary_span_is_read_from_its_own_vector() -> None:
    text = "Prefers the agenda by email the evening before."
    own = np.asarray(get_embedder().embed_passages([text])[0], dtype=np.float32)
    assert outside_ordinary(text, as_written=True) is text
    assert np.array_equal(vector_to_read(own, text), own)
