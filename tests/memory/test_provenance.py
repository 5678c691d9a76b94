"""PROV export of a fact's lineage (DESIGN §7): shape, round trip, PROV-O, privacy, self-check."""

from __future__ import annotations

import importlib.util
import json
import re
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from hashlib import sha256

import prov
import pytest
from prov.constants import (
    PROV,
    PROV_ATTR_ACTIVITY,
    PROV_ATTR_AGENT,
    PROV_ATTR_ENTITY,
    PROV_ATTR_GENERATED_ENTITY,
    PROV_ATTR_STARTTIME,
    PROV_ATTR_TIME,
    PROV_ATTR_USED_ENTITY,
    PROV_TYPE,
)
from prov.model import (
    ProvActivity,
    ProvAgent,
    ProvAssociation,
    ProvAttribution,
    ProvDerivation,
    ProvDocument,
    ProvEntity,
    ProvGeneration,
    ProvInvalidation,
    ProvRecord,
)

from django.db import connection
from django.test.utils import CaptureQueriesContext

from governance.models import Predicate
from memory.models import CollectiveFact, ConsolidationRun, Evidence, Memory, MemorySpace, ReadLog, Subject
from memory.provenance import (
    CONSOLIDATOR_ID,
    FACT_VERSION_TYPE,
    PRIVATE_MEMORY_TYPE,
    QUORUM_NS,
    QUORUM_NS_URI,
    ProvOUnavailableError,
    agent_qn,
    check_lineage_document,
    fact_lineage_document,
    fact_lineage_prov_json,
    fact_lineage_prov_o,
    fact_qn,
    memory_qn,
    run_qn,
)

pytestmark = pytest.mark.django_db

HAS_RDFLIB = importlib.util.find_spec("rdflib") is not None
SECRET_MARK = "XYZ123"  # only ever in private memory content
T0 = datetime(2025, 3, 1, 10, 0, tzinfo=timezone.utc)
T1 = T0 + timedelta(days=7)


@dataclass
class Lineage:
    v1: CollectiveFact
    v2: CollectiveFact
    other: CollectiveFact
    run1: ConsolidationRun
    run2: ConsolidationRun
    memories: list[Memory]


def _memory(space: MemorySpace, *, content: str, session: str, origin: str, recorded_at: datetime) -> Memory:
    return Memory.objects.create(
        space=space, subject=space.subject, agent=space.agent, kind=Memory.Kind.FACT, key="preference.report_length",
        content=content, trust=Memory.Trust.USER_ASSERTED, asserted_by=Memory.AssertedBy.USER, session_id=session,
        origin_ref=origin, recorded_at=recorded_at, observed_at=recorded_at,
        content_sha256=sha256(content.encode()).hexdigest(),
    )


@pytest.fixture
def lineage(make_agent) -> Lineage:
    """Two versions of "report length" (brief → detailed), three memories of two agents, noise."""
    planner = make_agent("planner-a", role="planner", domain="work")[0]
    reviewer = make_agent("reviewer-b", role="reviewer", domain="work")[0]
    subject = Subject.objects.create(external_ref="person-prov-1")
    space_a = MemorySpace.objects.create(agent=planner, subject=subject)
    space_b = MemorySpace.objects.create(agent=reviewer, subject=subject)
    m1 = _memory(space_a, content=f"Prefiere informes breves {SECRET_MARK}", session="s-a1", origin="utt-1",
                 recorded_at=T0 - timedelta(days=1))
    m2 = _memory(space_b, content=f"Le gustan los informes cortos {SECRET_MARK}", session="s-b1", origin="utt-2",
                 recorded_at=T0 - timedelta(hours=20))
    m3 = _memory(space_a, content=f"Ahora quiere informes detallados {SECRET_MARK}", session="s-a2",
                 origin="utt-3", recorded_at=T1 - timedelta(hours=1))
    predicate = Predicate.objects.get(key="preference.report_length")

    run1 = ConsolidationRun.objects.create(subject=subject, mode="incremental", status="succeeded",
                                           policy_version="p-1", code_version="c-1", started_at=T0,
                                           finished_at=T0 + timedelta(minutes=5))
    run2 = ConsolidationRun.objects.create(subject=subject, mode="deep", status="succeeded", policy_version="p-2",
                                           code_version="c-1", started_at=T1, finished_at=T1 + timedelta(minutes=5))
    common = {"subject": subject, "predicate": predicate, "key": "preference.report_length", "single": True,
              "category": "user.behavior", "trust": "user_asserted", "support_agents": 2, "support_sessions": 2}
    v1 = CollectiveFact.objects.create(
        **common, statement="Prefiere informes breves", status=CollectiveFact.Status.SUPERSEDED,
        valid_from=T0 - timedelta(days=1), valid_to=T1, recorded_at=T0 + timedelta(minutes=1),
        closed_at=T1 + timedelta(minutes=1), close_reason="superseded", support_roots=2, policy_version="p-1",
        run=run1)
    v2 = CollectiveFact.objects.create(
        **common, lineage=v1.lineage, revises=v1, statement="Prefiere informes detallados",
        status=CollectiveFact.Status.CURRENT, valid_from=T1, recorded_at=T1 + timedelta(minutes=1),
        support_roots=1, policy_version="p-2", run=run2)
    for fact, memory, counted, discount in [(v1, m1, True, ""), (v1, m2, True, ""), (v2, m3, True, ""),
                                            (v2, m2, False, Evidence.Discount.ECHO_TIMING)]:
        Evidence.objects.create(fact=fact, memory=memory, agent=memory.agent, session_id=memory.session_id,
                                root=memory.origin_ref, trust=memory.trust, counted=counted,
                                discount_reason=discount)
    # Noise that must stay out: another fact of the subject and a read of v2.
    other = CollectiveFact.objects.create(
        subject=subject, key="communication.language", statement="Habla espanol", status="current",
        valid_from=T0, recorded_at=T0, trust="verified", policy_version="p-1", run=run1)
    ReadLog.objects.create(fact=v2, lineage=v2.lineage, subject=subject, agent=reviewer,
                           session_id="s-read-777", purpose="read-purpose-777")
    return Lineage(v1=v1, v2=v2, other=other, run1=run1, run2=run2, memories=[m1, m2, m3])


def _of(doc: ProvDocument, cls: type[ProvRecord]) -> list[ProvRecord]:
    return [r for r in doc.get_records() if isinstance(r, cls)]


def _formal(record: ProvRecord, name) -> object:  # noqa: ANN001 - a prov QualifiedName
    return dict(record.formal_attributes).get(name)


def _extra(record: ProvRecord) -> dict[str, object]:
    return {name.localpart: value for name, value in record.extra_attributes}


def _identifiers(doc: ProvDocument) -> set[str]:
    return {str(r.identifier) for r in doc.get_records() if r.identifier is not None}


# ----------------------------------------------------------------------------------------------


def test_prov_json_round_trips_and_passes_the_check(lineage: Lineage) -> None:
    doc = fact_lineage_document(lineage.v2)
    text = fact_lineage_prov_json(lineage.v2)

    read = prov.read(text, format="json")

    assert read == doc
    assert len(list(read.get_records())) == len(list(doc.get_records()))
    assert _identifiers(read) == _identifiers(doc)
    assert json.loads(text)["prefix"]["quorum"] == QUORUM_NS_URI
    assert check_lineage_document(doc) == []
    assert check_lineage_document(read) == []


def test_any_version_exports_the_whole_lineage(lineage: Lineage) -> None:
    assert fact_lineage_document(lineage.v1) == fact_lineage_document(lineage.v2)


def test_document_shape(lineage: Lineage) -> None:
    doc = fact_lineage_document(lineage.v2)
    entities = {r.identifier: r for r in _of(doc, ProvEntity)}
    v1_qn, v2_qn = fact_qn(lineage.v1.pk), fact_qn(lineage.v2.pk)

    versions = {qn for qn, e in entities.items() if FACT_VERSION_TYPE in e.get_asserted_types()}
    assert versions == {v1_qn, v2_qn}  # the other lineage is not included
    assert fact_qn(lineage.other.pk) not in entities
    v1 = _extra(entities[v1_qn])
    assert v1["statement"] == "Prefiere informes breves"
    assert v1["status"] == "superseded"
    assert v1["key"] == v1["predicate"] == "preference.report_length"
    assert v1["validFrom"] == T0 - timedelta(days=1) and v1["validTo"] == T1
    assert (v1["policyVersion"], v1["supportRoots"], v1["supportAgents"], v1["supportSessions"]) == ("p-1", 2, 2, 2)
    assert "validTo" not in _extra(entities[v2_qn])  # open-ended: absent, not null

    generated = {_formal(g, PROV_ATTR_ENTITY): g for g in _of(doc, ProvGeneration)}
    assert _formal(generated[v1_qn], PROV_ATTR_ACTIVITY) == run_qn(lineage.run1.pk)
    assert _formal(generated[v1_qn], PROV_ATTR_TIME) == lineage.v1.recorded_at
    assert _formal(generated[v2_qn], PROV_ATTR_ACTIVITY) == run_qn(lineage.run2.pk)

    [invalidation] = _of(doc, ProvInvalidation)  # only v1 is closed
    assert _formal(invalidation, PROV_ATTR_ENTITY) == v1_qn
    assert _formal(invalidation, PROV_ATTR_ACTIVITY) == run_qn(lineage.run2.pk)  # closed by the successor's run
    assert _formal(invalidation, PROV_ATTR_TIME) == lineage.v1.closed_at
    assert _extra(invalidation)["closeReason"] == "superseded"

    runs = {r.identifier: r for r in _of(doc, ProvActivity)}
    assert set(runs) == {run_qn(lineage.run1.pk), run_qn(lineage.run2.pk)}
    run2 = runs[run_qn(lineage.run2.pk)]
    assert _extra(run2)["mode"] == "deep" and _extra(run2)["policyVersion"] == "p-2"
    assert _extra(run2)["codeVersion"] == "c-1"
    assert _formal(run2, PROV_ATTR_STARTTIME) == lineage.run2.started_at
    assert {(_formal(a, PROV_ATTR_ACTIVITY), _formal(a, PROV_ATTR_AGENT))
            for a in _of(doc, ProvAssociation)} == {(qn, CONSOLIDATOR_ID) for qn in runs}

    memories = {qn: e for qn, e in entities.items() if PRIVATE_MEMORY_TYPE in e.get_asserted_types()}
    assert set(memories) == {memory_qn(m.pk) for m in lineage.memories}
    m2 = _extra(memories[memory_qn(lineage.memories[1].pk)])
    # Only ids and labels; root/counted/discount of the latest version it supports.
    assert set(m2) == {"type", "kind", "trust", "assertedBy", "recordedAt", "root", "counted", "discountReason"}
    assert (m2["kind"], m2["root"], m2["counted"], m2["discountReason"]) == ("fact", "utt-2", False, "echo_timing")

    agents = {r.identifier: _extra(r) for r in _of(doc, ProvAgent)}
    assert agents[agent_qn("planner-a")]["role"] == "planner"
    assert agents[agent_qn("reviewer-b")]["role"] == "reviewer"
    assert agents[agent_qn("reviewer-b")]["domain"] == "work"
    attributed = {(_formal(a, PROV_ATTR_ENTITY), _formal(a, PROV_ATTR_AGENT))
                  for a in _of(doc, ProvAttribution)}
    assert attributed == {(memory_qn(m.pk), agent_qn(m.agent.slug)) for m in lineage.memories}

    derived = {(_formal(d, PROV_ATTR_GENERATED_ENTITY), _formal(d, PROV_ATTR_USED_ENTITY)): _extra(d)
               for d in _of(doc, ProvDerivation) if PROV["Revision"] not in d.get_asserted_types()}
    m1, m2_, m3 = (memory_qn(m.pk) for m in lineage.memories)
    assert set(derived) == {(v1_qn, m1), (v1_qn, m2_), (v2_qn, m3), (v2_qn, m2_)}
    assert derived[(v1_qn, m2_)]["counted"] is True and "discountReason" not in derived[(v1_qn, m2_)]
    assert derived[(v2_qn, m2_)]["counted"] is False
    assert derived[(v2_qn, m2_)]["discountReason"] == "echo_timing"


def test_revision_links_second_to_first(lineage: Lineage) -> None:
    doc = fact_lineage_document(lineage.v1)
    revisions = [(_formal(d, PROV_ATTR_GENERATED_ENTITY), _formal(d, PROV_ATTR_USED_ENTITY))
                 for d in _of(doc, ProvDerivation) if PROV["Revision"] in d.get_asserted_types()]
    assert revisions == [(fact_qn(lineage.v2.pk), fact_qn(lineage.v1.pk))]
    exported = json.loads(fact_lineage_prov_json(lineage.v1))["wasDerivedFrom"].values()
    assert [(d["prov:generatedEntity"], d["prov:usedEntity"]) for d in exported
            if d.get("prov:type", {}).get("$") == "prov:Revision"] == [
        (f"quorum:fact/{lineage.v2.pk}", f"quorum:fact/{lineage.v1.pk}")]


def test_closed_version_without_successor_run_gets_a_closure_activity(lineage: Lineage) -> None:
    CollectiveFact.objects.filter(pk=lineage.v2.pk).update(
        status=CollectiveFact.Status.UNSUPPORTED, closed_at=T1 + timedelta(days=1), close_reason="unsupported")
    doc = fact_lineage_document(lineage.v2)
    closers = {_formal(i, PROV_ATTR_ENTITY): _formal(i, PROV_ATTR_ACTIVITY) for i in _of(doc, ProvInvalidation)}
    closure = closers[fact_qn(lineage.v2.pk)]
    assert closure.localpart.startswith("closure/")
    [activity] = [a for a in _of(doc, ProvActivity) if a.identifier == closure]
    assert _extra(activity)["closeReason"] == "unsupported"
    assert fact_lineage_document(lineage.v2) == doc  # stable id: repeated exports agree
    assert check_lineage_document(doc) == []


def test_private_memory_content_never_exported_but_statements_are(lineage: Lineage) -> None:
    text = fact_lineage_prov_json(lineage.v2)

    assert SECRET_MARK not in text
    for memory in lineage.memories:
        assert memory.content not in text
    assert '"quorum:content"' not in text and '"quorum:text"' not in text
    assert "Prefiere informes breves" in text and "Prefiere informes detallados" in text
    # ReadLog and the other fact are not part of the lineage document.
    assert "read-purpose-777" not in text and "s-read-777" not in text
    assert "Habla espanol" not in text and str(lineage.other.pk) not in text


def test_private_text_is_not_even_read_and_queries_are_bounded(lineage: Lineage) -> None:
    with CaptureQueriesContext(connection) as ctx:
        fact_lineage_document(lineage.v2)

    assert len(ctx.captured_queries) == 2  # versions (+ runs, predicates), evidence (+ memories, agents)
    sql = " ".join(q["sql"] for q in ctx.captured_queries)
    assert not re.search(r'"memory_memory"\."(content|reasoning|embedding)"', sql)


@pytest.mark.skipif(not HAS_RDFLIB, reason="rdflib (prov's optional rdf extra) is not installed")
def test_prov_o_turtle_parses_and_keeps_private_text_out(lineage: Lineage) -> None:
    import rdflib

    turtle = fact_lineage_prov_o(lineage.v2)

    graph = rdflib.Graph().parse(data=turtle, format="turtle")
    assert len(graph) > 0
    assert str(lineage.v1.pk) in turtle and str(lineage.v2.pk) in turtle
    assert SECRET_MARK not in turtle
    assert "Prefiere informes detallados" in turtle


def test_prov_o_without_rdflib_raises_a_clear_error(lineage: Lineage, monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "rdflib" else real(name, *a))
    with pytest.raises(ProvOUnavailableError, match="rdflib"):
        fact_lineage_prov_o(lineage.v2)


# ----------------------------------------------------------------------------------------------
# The self-check, on documents that the exporter would never produce.


def _version_doc() -> tuple[ProvDocument, object, object]:
    doc = ProvDocument()
    doc.add_namespace(QUORUM_NS)
    old, new = fact_qn("00000000-0000-0000-0000-000000000001"), fact_qn("00000000-0000-0000-0000-000000000002")
    for qn in (old, new):
        doc.entity(qn, {PROV_TYPE: FACT_VERSION_TYPE, QUORUM_NS["statement"]: "Dato personal 42"})
    return doc, old, new


def test_check_catches_invalidation_before_generation() -> None:
    doc, old, new = _version_doc()
    doc.wasGeneratedBy(old, None, T1)
    doc.wasInvalidatedBy(old, None, T0)
    doc.wasGeneratedBy(new, None, T1)

    problems = check_lineage_document(doc)

    assert len(problems) == 1 and "invalidated" in problems[0] and str(old) in problems[0]
    assert all("Dato personal 42" not in p for p in problems)


def test_check_catches_revision_generated_before_its_predecessor() -> None:
    doc, old, new = _version_doc()
    doc.wasGeneratedBy(old, None, T1)
    doc.wasGeneratedBy(new, None, T0)
    doc.wasRevisionOf(new, old)

    problems = check_lineage_document(doc)

    assert len(problems) == 1 and "revision" in problems[0] and str(new) in problems[0]


def test_check_catches_a_version_without_generation_and_private_text_attributes() -> None:
    doc, old, new = _version_doc()
    doc.wasGeneratedBy(old, None, T0)
    doc.entity(memory_qn("00000000-0000-0000-0000-000000000003"),
               {PROV_TYPE: PRIVATE_MEMORY_TYPE, QUORUM_NS["content"]: "texto privado 99"})

    problems = check_lineage_document(doc)

    assert any(str(new) in p and "generation" in p for p in problems)
    assert any("quorum:content" in p for p in problems)
    assert all("texto privado 99" not in p for p in problems)


def test_check_catches_a_corrupted_export(lineage: Lineage) -> None:
    """Tamper with a real PROV-JSON export (closure moved before creation) and read it back."""
    data = json.loads(fact_lineage_prov_json(lineage.v2))
    [invalidation] = data["wasInvalidatedBy"].values()
    invalidation["prov:time"] = (lineage.v1.recorded_at - timedelta(days=30)).isoformat()

    problems = check_lineage_document(prov.read(json.dumps(data), format="json"))

    assert problems and str(lineage.v1.pk) in problems[0]
