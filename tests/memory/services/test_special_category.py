"""memory/services/special_category.py: the detector's verdict recorded on the memory — lexically on
the write (every field, stored text unchanged, nothing in the audit row), by vector in the
embedding's own UPDATE (never over a lexical finding) — and what consolidation does with it."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command

from config.actors import Actor
from governance.models import AuditEvent
from memory.embedding import EmbeddingError
from memory.inspection import special
from memory.inspection.special import SpecialFinding
from memory.models import CollectiveFact, Decision, Memory, Subject
from memory.services import embedding_backfill
from memory.services.embedding_backfill import memory_embed_pending
from memory.services.memories import memory_record
from tests.memory.consolidation.support import consolidate, current, remember

pytestmark = pytest.mark.django_db
VECTOR_FINDING = SpecialFinding("user.demographic.religious_belief", "embedding", "vector.religion")


@pytest.fixture
def agents(make_agent):
    return [make_agent(f"sc-{i}")[0] for i in range(2)]


def rec(agent, **kwargs):
    fields = {"actor": Actor.for_agent(agent), "agent": agent, "subject_ref": "ana", "kind": "fact",
              "content": "Prefiere informes breves", "session_id": "s1", "category": "user.behavior",
              "asserted_by": "user"}
    fields.update(kwargs)
    return memory_record(**fields).memory


def pair(agents, content, **kwargs):
    return [remember(agent, content, session=f"s{i}", origin=f"u{i}", category="user.behavior", key="note", **kwargs)
            for i, agent in enumerate(agents)]


@pytest.fixture
def vector_flags(monkeypatch):
    """The vector stage as the full detector would answer for a note it recognises by meaning
    (the first lexicon's vector stage is a placeholder that never answers)."""
    monkeypatch.setattr(special, "special_category_by_vector", lambda vector: VECTOR_FINDING)
    # the stand-in is the vector stage's whole answer: the n-gram stage does not outvote it (sp23)
    monkeypatch.setattr(special, "_vector_outvoted", lambda read, text, **_: False)


@pytest.mark.parametrize(("fields", "category"), [
    ({"content": "Tiene diabetes"}, "user.health_and_medical"),
    ({"content": "Va a la m e z q u i t a"}, "user.demographic.religious_belief"),
    ({"content": "Availability noted", "predicate": "constraint.availability", "value": "Is on leave after chemo"},
     "user.health_and_medical"),
    ({"content": "Nota", "value": {"detalle": ["Vota al PSOE"]}}, "user.demographic.political_opinion"),
    ({"content": "Nota", "reasoning": "Because she is HIV positive"}, "user.health_and_medical"),
])
def test_the_write_records_what_the_content_reveals_and_keeps_it_private(agents, fields, category):
    memory = rec(agents[0], **fields)
    memory.refresh_from_db()
    assert memory.special_category == category and memory.special_rule
    assert memory.content == fields["content"] and memory.status == Memory.Status.ACTIVE
    assert memory.category == "user.behavior"  # what was declared is kept; it just does not count
    event = AuditEvent.objects.get(action="memory.recorded", object_id=str(memory.pk))
    assert category not in str(event.data) and memory.special_rule not in str(event.data)


def test_an_ordinary_write_records_nothing(agents):
    memory = rec(agents[0], content="Prefiere reuniones por la mañana")
    memory.refresh_from_db()
    assert (memory.special_category, memory.special_rule, memory.special_category_key) == ("", "", None)


def test_a_status_updated_in_place_carries_the_new_verdict(agents):
    first = rec(agents[0], kind="status", key="availability", content="Disponible toda la semana")
    again = rec(agents[0], kind="status", key="availability", content="De baja por la quimio")
    assert again.pk == first.pk and again.special_category == "user.health_and_medical"
    back = rec(agents[0], kind="status", key="availability", content="Disponible de nuevo")
    back.refresh_from_db()
    assert back.pk == first.pk and back.special_category == "" and back.special_rule == ""


def test_the_vector_stage_flags_in_the_embedding_update(agents, vector_flags):
    memory = rec(agents[0], content="Prefiere reuniones por la mañana")
    assert memory.special_category == ""
    memory_embed_pending()
    memory.refresh_from_db()
    assert not memory.embedding_pending and memory.embedding is not None
    assert (memory.special_category, memory.special_rule) == (VECTOR_FINDING.category, VECTOR_FINDING.rule)


def test_the_vector_stage_never_replaces_a_lexical_finding(agents, vector_flags):
    memory = rec(agents[0], content="Tiene diabetes")
    lexical = (memory.special_category, memory.special_rule)
    memory_embed_pending()
    memory.refresh_from_db()
    assert not memory.embedding_pending and (memory.special_category, memory.special_rule) == lexical


def test_consolidation_runs_the_vector_stage_before_it_gathers(agents, vector_flags):
    """The write enqueued nothing in-process here: the run's own pre-gather embedding is what
    flags the pair, so nothing is shared before both stages ran."""
    memories = pair(agents, "Prefiere reuniones por la mañana")
    assert all(m.embedding_pending and not m.special_category for m in memories)
    result = consolidate()
    assert result.status == "succeeded"
    assert CollectiveFact.objects.count() == 0
    assert set(Memory.objects.values_list("special_category", flat=True)) == {VECTOR_FINDING.category}
    decision = Decision.objects.get(step="gate", reason="special_category_content")
    assert decision.outcome == "blocked" and sorted(decision.inputs["memories"]) == sorted(str(m.pk) for m in memories)


def test_nothing_is_shared_while_the_vector_stage_could_not_run(agents, monkeypatch):
    pair(agents, "Prefiere reuniones por la mañana")

    class Down:
        name = "down"

        def embed_passages(self, texts):  # noqa: ANN001, ANN202
            raise EmbeddingError("backend down")

    monkeypatch.setattr(embedding_backfill, "get_embedder", lambda: Down())
    assert consolidate().status == "succeeded"
    assert CollectiveFact.objects.count() == 0
    assert Decision.objects.filter(step="gate", outcome="blocked", reason="special_category_unchecked").exists()
    monkeypatch.undo()
    consolidate()  # the embedder is back: inspected, then shared
    assert [f.statement for f in current()] == ["Preferred meeting time: morning"]  # read as its claim (issue 16)


def test_a_fact_whose_support_is_flagged_stops_being_current_at_the_next_pass(agents):
    memories = pair(agents, "Prefiere reuniones por la mañana")
    consolidate()
    (fact,) = current()
    # A later inspection (an improved detector re-reading the memory) flags one supporting memory.
    Memory.objects.filter(pk=memories[0].pk).update(special_category="user.health_and_medical",
                                                   special_rule="test.reinspection")
    consolidate()
    fact.refresh_from_db()
    assert fact.status == CollectiveFact.Status.UNSUPPORTED and fact.close_reason == "support_fell"
    assert current() == []
    assert Decision.objects.filter(step="gate", reason="special_category_content").exists()
    assert Decision.objects.filter(step="depend", outcome="unsupported", inputs__fact=str(fact.pk)).exists()


def test_a_harmless_declared_category_does_not_open_the_gate(agents):
    pair(agents, "Tiene diabetes")
    consolidate()
    assert CollectiveFact.objects.count() == 0
    assert not Decision.objects.filter(step="gate", outcome="pass").exists()


def test_reinspection_flags_stored_memories_and_the_next_pass_stops_sharing(agents, monkeypatch):
    memories = pair(agents, "Tiene diabetes")
    Memory.objects.filter(pk__in=[m.pk for m in memories]).update(special_category="", special_rule="")
    with monkeypatch.context() as before:  # as if written before the detector existed (neither stage)
        before.setattr(special, "special_category_by_vector", lambda vector: None)
        consolidate()
    assert [f.statement for f in current()] == ["Tiene diabetes"]
    call_command("special_reinspect", "--subject", "ana", stdout=StringIO())
    assert set(Memory.objects.values_list("special_category", flat=True)) == {"user.health_and_medical"}
    event = AuditEvent.objects.get(action="memory.special_reinspected")
    assert event.data == {"inspected": 2, "flagged": 2, "subjects": 1} and "health" not in str(event.data)
    assert Subject.objects.get(external_ref="ana").consolidation_requested_at is not None
    consolidate()
    assert current() == []
    call_command("special_reinspect", stdout=StringIO())  # idempotent: nothing new to flag
    assert AuditEvent.objects.filter(action="memory.special_reinspected").count() == 1
