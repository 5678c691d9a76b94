"""``may_claim``: a sentence it rules out is never classified as a claim, whatever its vector — so
the backfill need not embed it (perf43)."""

from __future__ import annotations

import functools

import numpy as np
import pytest

from memory.claims.exemplars import EXEMPLARS
from memory.claims.infer import ExemplarIndex, classify, infer, may_claim, sentences
from memory.embedding import get_embedder
from memory.embedding.exemplars import constant_passages
from tests.memory.claims.counting import CountingEmbedder

OTHER = ["Le gusta el jazz", "Trabaja en el proyecto de migración", "Vive cerca de la oficina",
         "Prefers coffee to tea", "Lleva gafas", "Hates long meetings", "Los informes van por correo"]


@pytest.fixture(scope="module")
def index() -> ExemplarIndex:
    return ExemplarIndex(functools.partial(constant_passages, get_embedder()))


def _variants() -> list[str]:
    """The exemplar phrasings, each also negated, hedged, with a day, with a second value's cue, and
    a few sentences of no predicate."""
    phrasings = [s for entry in EXEMPLARS for s in entry.sentences]
    found = list(phrasings) + OTHER
    for i, text in enumerate(phrasings):
        other = phrasings[(i * 7 + 3) % len(phrasings)]
        found += [f"No {text[:1].lower()}{text[1:]}", f"{text} a veces", f"{text} los lunes",
                  f"{text} y {other[:1].lower()}{other[1:]}"]
    return found


def test_a_sentence_ruled_out_is_never_classified_whatever_its_vector(index):
    """For every sentence ``may_claim`` rules out, ``classify`` says None with its own vector and
    with every exemplar's (the vectors that score 1.0 against some entry)."""
    texts = _variants()
    own = get_embedder().embed_passages(texts)
    ruled_out = 0
    for text, vector in zip(texts, own, strict=True):
        (sentence,) = sentences(text) or [None]
        if sentence is None or may_claim(index, sentence):
            continue
        ruled_out += 1
        for candidate in (vector, *index.values, *index.none):
            assert classify(index, sentence, candidate) is None
    assert ruled_out > len(texts) // 2


def test_the_exemplars_themselves_may_claim(index):
    """An exemplar phrasing classified as its own (predicate, value) is never ruled out."""
    phrasings = [(entry, s) for entry in EXEMPLARS for s in entry.sentences]
    vectors = get_embedder().embed_passages([s for _, s in phrasings])
    claimed = 0
    for (entry, text), vector in zip(phrasings, vectors, strict=True):
        (sentence,) = sentences(text)
        claim = classify(index, sentence, vector)
        if claim is not None:
            claimed += 1
            assert may_claim(index, sentence)
            assert infer(index, [sentence], [None if not may_claim(index, sentence) else vector]) == [claim]
    assert claimed >= len(phrasings) // 2


@pytest.mark.django_db
def test_the_backfill_embeds_only_sentences_that_may_claim():
    """A longer note: only its sentences that may make a claim are embedded, and the claims are
    those of classifying every sentence with its vector."""
    from memory.services.claims import claims_infer_for_batch, exemplar_index

    real = get_embedder()
    counting = CountingEmbedder(real)
    embedded = counting.embedded

    note = "Prefiere informes breves. Le gusta el jazz; no quiere reuniones los lunes. Quiere las reuniones por la tarde."
    (vector,) = real.embed_passages([note])
    index = exemplar_index(real)
    found = claims_infer_for_batch(embedder=counting, rows=[(1, note, True, vector)])
    parts = sentences(note)
    assert embedded == [p.text for p in parts if may_claim(index, p)]
    assert len(embedded) < len(parts)
    every = infer(index, parts, list(real.embed_passages([p.text for p in parts])))
    assert found[1] == every
    assert {(c.predicate, c.value) for c in every} == {("preference.report_length", "short"),
                                                        ("preference.meeting_time", "afternoon")}
