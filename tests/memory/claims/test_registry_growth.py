"""The registry grows: operators' exemplars drive claim inference without a restart, deactivation
stops new claims, and a key an agent writes that the registry lacks waits (private) for an operator."""

from __future__ import annotations

import pytest

from config.actors import Actor
from governance.models import AuditEvent, Predicate, PredicateProposal
from governance.services.predicates import predicate_create, predicate_proposal_decide, predicate_update
from governance.tasks import predicate_proposal_apply_task
from memory.embedding import get_embedder
from memory.models import MemoryClaim
from memory.services.claims import exemplar_index
from memory.services.embedding_backfill import memory_embed_pending
from tests.memory.consolidation.support import consolidate, current, remember

pytestmark = pytest.mark.django_db
OPERATOR = Actor(kind="user", id="1")
# Not a diet: what a person eats can reveal health or religion, and the special-category detector
# (rightly) keeps such notes private whatever the registry says.
SEAT_EXEMPLARS = {
    "window": {"es": ["Prefiere ventanilla en los vuelos", "Quiere asiento de ventanilla"],
               "en": ["Prefers a window seat", "Wants a window seat on flights"]},
    "aisle": {"es": ["Prefiere pasillo en los vuelos", "Quiere asiento de pasillo"],
              "en": ["Prefers an aisle seat", "Wants an aisle seat on flights"]},
}


def add_seat(**overrides):
    fields = {"key": "travel.seat", "label": "Seat", "category": "user.behavior", "cardinality": "single",
              "values": ["window", "aisle"], "exemplars": SEAT_EXEMPLARS, "ttl_days": 365, **overrides}
    return predicate_create(actor=OPERATOR, **fields)


def claims_of(memory):
    return sorted(MemoryClaim.objects.filter(memory=memory).values_list("predicate__key", "value", "source"))


def test_an_operators_new_predicate_is_inferred_from_plain_text_without_a_restart(agents):
    before = remember(agents[0], "Prefers the window seat", session="s0", origin="u0")
    memory_embed_pending()
    index = exemplar_index(get_embedder())  # built (and cached) before the predicate exists
    assert claims_of(before) == []
    add_seat()
    a = remember(agents[0], "Quiere ventanilla en los vuelos", session="s1", origin="u1")
    b = remember(agents[1], "Prefers the window seat", session="s2", origin="u2")
    memory_embed_pending()
    assert exemplar_index(get_embedder()) is not index  # the registry's stamp moved: rebuilt
    assert claims_of(a) == claims_of(b) == [("travel.seat", "window", "inferred")]
    consolidate()
    (fact,) = current()
    assert (fact.key, fact.value, fact.support_agents) == ("travel.seat", "window", 2)


@pytest.mark.parametrize("text", ["Prefiere ventanilla o pasillo", "No quiere ventanilla", "Su jefe prefiere ventanilla",
                                  "Antes prefería ventanilla", "Prefiere ventanilla los lunes"])
def test_an_operators_predicate_keeps_the_vetoes(agents, text):
    add_seat()
    memory = remember(agents[0], text, session="s1", origin="u1")
    memory_embed_pending()
    assert claims_of(memory) == []


def test_a_label_edit_keeps_the_embedded_index(agents):
    predicate = add_seat()
    remember(agents[0], "Wants an aisle seat", session="s1", origin="u1")
    memory_embed_pending()
    index = exemplar_index(get_embedder())
    predicate_update(actor=OPERATOR, predicate=predicate, label="Seat on flights")
    assert exemplar_index(get_embedder()) is index  # same content: nothing re-embedded


def test_deactivating_stops_new_claims_and_leaves_existing_facts_as_they_are(agents):
    predicate = add_seat()
    remember(agents[0], "Prefiere asiento de pasillo", session="s1", origin="u1")
    remember(agents[1], "Wants an aisle seat", session="s2", origin="u2")
    consolidate()
    (fact,) = current()
    predicate_update(actor=OPERATOR, predicate=predicate, active=False)
    inferred = remember(agents[2], "Wants an aisle seat", session="s3", origin="u3")
    explicit = remember(agents[3], "Pasillo", session="s4", origin="u4", predicate="travel.seat", value="aisle")
    memory_embed_pending()
    assert claims_of(inferred) == [] and claims_of(explicit) == []
    assert MemoryClaim.objects.filter(predicate=predicate).count() == 2  # the old claims stay
    consolidate()
    assert [f.pk for f in current()] == [fact.pk]  # the fact stays as it is


def test_bundled_predicates_stop_too_when_deactivated(agents):
    predicate_update(actor=OPERATOR, predicate=Predicate.objects.get(key="preference.report_length"), active=False)
    memory = remember(agents[0], "Prefiere informes breves", session="s1", origin="u1")
    memory_embed_pending()
    assert claims_of(memory) == []


def test_an_unknown_key_waits_private_then_approval_resolves_its_memories(agents):
    a = remember(agents[0], "Prefiere ventanilla", session="s1", origin="u1", predicate="travel.seat",
                 value="window", category="user.behavior")
    b = remember(agents[1], "Prefiere informes breves", session="s2", origin="u2", predicate="travel.seat",
                 value="window")
    for memory in (a, b):
        memory.refresh_from_db()
        assert (memory.predicate, memory.key, memory.category) == (None, "travel.seat", "")
    proposal = PredicateProposal.objects.get(key="travel.seat")
    assert (proposal.status, proposal.sightings, proposal.category) == ("pending", 2, "user.behavior")
    consolidate()
    assert claims_of(b) == []  # pending: not even the report-length reading of its text
    assert current() == []  # two agents, same key and value: still private

    predicate_proposal_decide(actor=OPERATOR, proposal_id=proposal.pk, decision="approve", label="Seat",
                              category="user.behavior", values=["window", "aisle"])
    assert predicate_proposal_apply_task(proposal.pk) == 2  # what the queued task runs (ids only)
    for memory in (a, b):
        memory.refresh_from_db()
        assert memory.predicate.key == "travel.seat" and memory.category == "user.behavior"
        assert claims_of(memory) == [("travel.seat", "window", "explicit")]
    proposal.refresh_from_db()
    assert proposal.applied_at is not None
    assert predicate_proposal_apply_task(proposal.pk) == 0  # idempotent
    event = AuditEvent.objects.get(action="claims.reinferred")
    assert event.data["resolved"] == 2 and "seat" not in str(event.data)
    consolidate()
    (fact,) = current()
    assert (fact.key, fact.value, fact.support_agents) == ("travel.seat", "window", 2)


def test_a_rejected_key_stays_private(agents):
    a = remember(agents[0], "Prefiere ventanilla", session="s1", origin="u1", predicate="travel.seat", value="window")
    proposal = PredicateProposal.objects.get(key="travel.seat")
    predicate_proposal_decide(actor=OPERATOR, proposal_id=proposal.pk, decision="reject")
    assert predicate_proposal_apply_task(proposal.pk) == 0
    a.refresh_from_db()
    assert a.predicate is None and claims_of(a) == []
