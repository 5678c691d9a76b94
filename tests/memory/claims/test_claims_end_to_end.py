"""Claims (memory.claims): explicit on the write path, inferred in the backfill, grouped in step 2."""

from __future__ import annotations

import pytest

from governance.selectors.exports import access_export
from memory.models import CollectiveFact, Decision, MemoryClaim, Subject
from memory.services.embedding_backfill import memory_embed_pending
from tests.memory.consolidation.support import consolidate, current, remember
from tests.memory.claims.counting import CountingEmbedder

pytestmark = pytest.mark.django_db


def test_seed_pair_in_plain_text_becomes_one_collective_fact(agents):
    """Agent A "Prefiere informes breves", agent B "Solicita resúmenes concisos": no predicate, no
    category, different sessions and roots → one collective fact preference.report_length=short."""
    a = remember(agents[0], "Prefiere informes breves", session="s1", origin="u1")
    b = remember(agents[1], "Solicita resúmenes concisos", session="s2", origin="u2")
    assert not MemoryClaim.objects.exists()  # inferred with the embedding, never on the request
    consolidate()
    for memory in (a, b):
        (claim,) = MemoryClaim.objects.filter(memory=memory)
        assert (claim.predicate.key, claim.value, claim.source, claim.sentence) == (
            "preference.report_length", "short", "inferred", 0)
        assert claim.category == "user.behavior" and 0 < claim.confidence <= 1
    (fact,) = current()
    assert (fact.key, fact.value, fact.support_agents) == ("preference.report_length", "short", 2)
    assert Decision.objects.filter(step="group", judge="claims/claims-1", reason="same_claim").exists()


@pytest.mark.parametrize("text", ["Prefiere informes largos", "No prefiere informes breves",
                                  "A veces prefiere informes breves", "Su jefe prefiere informes breves",
                                  "Antes prefería informes breves", "Prefiere informes de 2 páginas"])
def test_opposite_negated_hedged_or_someone_elses_never_claim_short(agents, text):
    remember(agents[0], "Prefiere informes breves", session="s1", origin="u1")
    other = remember(agents[1], text, session="s2", origin="u2")
    consolidate()
    claims = list(MemoryClaim.objects.filter(memory=other).values_list("predicate__key", "value"))
    assert ("preference.report_length", "short") not in claims
    assert not current()


def test_multi_sentence_note_splits_into_claims_with_spans(agents):
    note = "Prefiere informes breves. Quiere las reuniones por la tarde; le gusta el jazz."
    memory = remember(agents[0], note, session="s1", origin="u1")
    memory_embed_pending()
    claims = {c.predicate.key: c for c in MemoryClaim.objects.filter(memory=memory)}
    assert set(claims) == {"preference.report_length", "preference.meeting_time"}
    assert claims["preference.meeting_time"].value == "afternoon"
    span = claims["preference.meeting_time"]
    assert note[span.span_start:span.span_end] == "Quiere las reuniones por la tarde" and span.sentence == 1
    # Each claim of the note is evidence of its own fact, next to another agent's single claim.
    remember(agents[1], "Pide que las reuniones sean por la tarde", session="s2", origin="u2")
    consolidate()
    (fact,) = current()
    assert (fact.key, fact.value) == ("preference.meeting_time", "afternoon")


def test_explicit_claim_is_recorded_on_write_and_replaced_on_status_update(agents):
    memory = remember(agents[0], "Prefers short reports", session="s1", origin="u1",
                      predicate="preference.report_length", value="  SHORT ")
    (claim,) = MemoryClaim.objects.filter(memory=memory)
    assert (claim.source, claim.value, claim.confidence, claim.span_start) == ("explicit", "short", 1.0, None)


def test_claims_in_the_access_export(agents):
    remember(agents[0], "Prefiere informes breves", session="s1", origin="u1")
    memory_embed_pending()
    export = access_export(subject=Subject.objects.get(external_ref="ana"))
    (row,) = export["private_memories"][0]["memories"]
    assert row["claims"] == [{"predicate": "preference.report_length", "value": "short",
                              "category": "user.behavior", "source": "inferred", "confidence": row["claims"][0]["confidence"],
                              "sentence": 0, "span": [0, len("Prefiere informes breves")]}]


def test_different_inferred_claims_are_never_merged(agents):
    remember(agents[0], "Prefiere informes breves", session="s1", origin="u1")
    remember(agents[1], "Prefiere informes largos", session="s2", origin="u2")
    consolidate()
    assert CollectiveFact.objects.count() == 0
    assert Decision.objects.filter(step="group", judge="claims/claims-1", outcome="CONTRADICTS",
                                   reason="different_claims").exists()


@pytest.mark.parametrize("text", ["Prefiere informes breves.", "  Prefiere informes breves!\n", "- Prefiere informes breves"])
def test_one_sentence_note_reuses_its_vector_despite_trailing_punctuation(text):
    """A note that is one sentence up to its full stop, bullet or blanks is not embedded a second
    time for claims: its own vector serves (the backfill's cost per note)."""
    from memory.embedding import get_embedder
    from memory.services.claims import claims_infer_for_batch, exemplar_index

    real = get_embedder()
    counting = CountingEmbedder(real)
    embedded = counting.embedded

    (vector,) = real.embed_passages([text])
    exemplar_index(real)  # the registry's exemplars, embedded once and cached by embedder name
    found = claims_infer_for_batch(embedder=counting, rows=[(1, text, True, vector)])
    assert embedded == []
    assert [(c.predicate, c.value) for c in found.get(1, [])] == [("preference.report_length", "short")]
