"""W3C PROV export of one collective fact's lineage (DESIGN §7, Art. 15 "Export as PROV").

The document describes every *version* of one fact (same subject and ``lineage``), the
consolidation runs that generated and closed them, the private memories that support them and
the agents behind those memories. It is handed to the **data subject**, so it carries ids,
labels, timestamps and counts only: the statement of a collective fact is the person's own data
and is included, but a private memory's ``content``/``reasoning`` is an agent's private text and
is never read into the document (DESIGN §5: private memory content of one agent is never shown
to anyone else). ReadLog rows ("who read it") are deliberately left out: they describe serving,
not derivation, and the portal shows them separately.

Vocabulary (namespace :data:`QUORUM_NS`):

- ``quorum:fact/<uuid>`` entity, ``prov:type quorum:CollectiveFactVersion``;
- ``quorum:run/<uuid>`` activity, ``prov:type quorum:ConsolidationRun``, associated with the
  software agent ``quorum:consolidator``;
- ``quorum:closure/<uuid>`` activity, ``prov:type quorum:Closure``, stands for "closed by
  something Quorum did not record as a run" (rectification, dependency sweep…);
- ``quorum:memory/<uuid>`` entity, ``prov:type quorum:PrivateMemory`` (labels only);
- ``quorum:agent/<slug>`` agent, ``prov:type prov:SoftwareAgent``.
"""

from __future__ import annotations

import datetime as dt
import importlib.util
import uuid
from collections import defaultdict
from collections.abc import Iterable, Mapping

from prov.constants import (
    PROV,
    PROV_ATTR_ENTITY,
    PROV_ATTR_GENERATED_ENTITY,
    PROV_ATTR_TIME,
    PROV_ATTR_USED_ENTITY,
    PROV_TYPE,
)
from prov.identifier import Namespace, QualifiedName
from prov.model import (
    ProvDerivation,
    ProvDocument,
    ProvEntity,
    ProvGeneration,
    ProvInvalidation,
    ProvRecord,
)

from agents_registry.models import Agent
from memory.models import CollectiveFact, ConsolidationRun, Evidence, Memory

QUORUM_PREFIX = "quorum"
QUORUM_NS_URI = "https://quorum.example/ns#"
QUORUM_NS = Namespace(QUORUM_PREFIX, QUORUM_NS_URI)

FACT_VERSION_TYPE = QUORUM_NS["CollectiveFactVersion"]
PRIVATE_MEMORY_TYPE = QUORUM_NS["PrivateMemory"]
RUN_TYPE = QUORUM_NS["ConsolidationRun"]
CLOSURE_TYPE = QUORUM_NS["Closure"]
CONSOLIDATOR_ID = QUORUM_NS["consolidator"]
PROV_REVISION = PROV["Revision"]
PROV_SOFTWARE_AGENT = PROV["SoftwareAgent"]

# Attribute local names that would mean private text slipped into the export. ``reasoning`` is
# included because a decision memory's reasoning is as private as its content.
FORBIDDEN_ATTRIBUTE_NAMES = frozenset({"content", "text", "reasoning"})

# Stable ids for closure activities: the same fact exports the same document every time, so two
# exports can be diffed and a round trip compares equal.
_CLOSURE_UUID_NS = uuid.UUID("7d7c3a52-4c1e-4b8e-9a53-6a0f1c0e2b11")


class ProvOUnavailableError(RuntimeError):
    """PROV-O (RDF) output needs ``rdflib``, an optional dependency of ``prov`` not installed here."""


# ----------------------------------------------------------------------------------------------
# Identifiers


def fact_qn(fact_id: uuid.UUID | str) -> QualifiedName:
    """``quorum:fact/<uuid>`` for one fact version."""
    return QUORUM_NS[f"fact/{fact_id}"]


def run_qn(run_id: uuid.UUID | str) -> QualifiedName:
    """``quorum:run/<uuid>`` for one consolidation run."""
    return QUORUM_NS[f"run/{run_id}"]


def closure_qn(fact_id: uuid.UUID | str) -> QualifiedName:
    """``quorum:closure/<uuid>``: derived from the fact id so repeated exports agree."""
    return QUORUM_NS[f"closure/{uuid.uuid5(_CLOSURE_UUID_NS, str(fact_id))}"]


def memory_qn(memory_id: uuid.UUID | str) -> QualifiedName:
    """``quorum:memory/<uuid>`` for one private memory (id only, never its text)."""
    return QUORUM_NS[f"memory/{memory_id}"]


def agent_qn(slug: str) -> QualifiedName:
    """``quorum:agent/<slug>`` for a registered agent."""
    return QUORUM_NS[f"agent/{slug}"]


# ----------------------------------------------------------------------------------------------
# Building the document


def _attrs(pairs: Mapping[str, object]) -> dict[QualifiedName, object]:
    """Namespace the attribute names and drop empty values.

    Empty values are dropped rather than exported as ``""``/null so that "unknown" and "empty"
    are not confused by a reader, and PROV-JSON has no null literal anyway.
    """
    return {QUORUM_NS[name]: value for name, value in pairs.items() if value is not None and value != ""}


def _lineage_versions(fact: CollectiveFact) -> list[CollectiveFact]:
    """All versions of ``fact``'s lineage, oldest belief first (system time), with what we need."""
    return list(
        CollectiveFact.objects.filter(subject_id=fact.subject_id, lineage=fact.lineage)
        .select_related("run", "predicate")
        .order_by("recorded_at", "id")
    )


def _lineage_evidence(versions: Iterable[CollectiveFact]) -> list[Evidence]:
    """Evidence rows of the versions, oldest version first, with memory and agent loaded.

    ``.only()`` keeps ``Memory.content``/``reasoning`` (and the embedding) out of the query:
    the private text is not even fetched, so no later edit can leak it by accident.
    """
    return list(
        Evidence.objects.filter(fact__in=[v.pk for v in versions])
        .select_related("memory", "memory__agent", "fact")
        .only("id", "fact__id", "fact__recorded_at", "root", "trust", "counted", "discount_reason",
              "memory__id", "memory__kind", "memory__trust", "memory__asserted_by", "memory__recorded_at",
              "memory__agent__slug", "memory__agent__role", "memory__agent__domain")
        .order_by("fact__recorded_at", "fact__id", "id")
    )


def _add_run(doc: ProvDocument, run: ConsolidationRun, declared: set[QualifiedName]) -> QualifiedName:
    """Declare a run activity once, associated with the consolidator software agent."""
    qn = run_qn(run.pk)
    if qn not in declared:
        declared.add(qn)
        doc.activity(qn, startTime=run.started_at, endTime=run.finished_at, other_attributes={
            PROV_TYPE: RUN_TYPE,
            **_attrs({"mode": run.mode, "status": run.status, "policyVersion": run.policy_version,
                      "codeVersion": run.code_version}),
        })
        doc.wasAssociatedWith(qn, CONSOLIDATOR_ID)
    return qn


def _add_agent(doc: ProvDocument, agent: Agent, declared: set[QualifiedName]) -> QualifiedName:
    """Declare an agent once, with its role and domain (what the person may know of it)."""
    qn = agent_qn(agent.slug)
    if qn not in declared:
        declared.add(qn)
        doc.agent(qn, {PROV_TYPE: PROV_SOFTWARE_AGENT, **_attrs({"role": agent.role, "domain": agent.domain})})
    return qn


def _add_memory(doc: ProvDocument, memory: Memory, latest: Evidence, agent: QualifiedName) -> QualifiedName:
    """Declare a supporting memory with ids and labels only.

    ``root``/``counted``/``discountReason`` really belong to an Evidence row (one per version);
    the entity carries those of the *latest* version it supports — the person's current
    picture — while each ``wasDerivedFrom`` carries its own version's values.
    """
    qn = memory_qn(memory.pk)
    doc.entity(qn, {
        PROV_TYPE: PRIVATE_MEMORY_TYPE,
        **_attrs({"kind": memory.kind, "trust": memory.trust, "assertedBy": memory.asserted_by,
                  "recordedAt": memory.recorded_at, "root": latest.root, "counted": latest.counted,
                  "discountReason": latest.discount_reason}),
    })
    doc.wasAttributedTo(qn, agent)
    return qn


def fact_lineage_document(fact: CollectiveFact) -> ProvDocument:
    """The PROV document of the whole lineage of ``fact`` (every version, not just this one).

    Read-only; reads each row once. Private memory text is never loaded (see
    :func:`_lineage_evidence`), and ReadLog rows are not part of the document.
    """
    versions = _lineage_versions(fact)
    evidence = _lineage_evidence(versions)

    doc = ProvDocument()
    doc.add_namespace(QUORUM_NS)
    doc.agent(CONSOLIDATOR_ID, {PROV_TYPE: PROV_SOFTWARE_AGENT})
    declared: set[QualifiedName] = set()

    # revises is a OneToOne, so each version has at most one successor; computed here rather
    # than through ``revised_by`` to avoid one query per version.
    successor = {v.revises_id: v for v in versions if v.revises_id is not None}

    for version in versions:
        qn = fact_qn(version.pk)
        doc.entity(qn, {
            PROV_TYPE: FACT_VERSION_TYPE,
            **_attrs({
                "lineage": str(version.lineage), "status": version.status, "key": version.key,
                "predicate": version.predicate.key if version.predicate is not None else None,
                "single": version.single, "statement": version.statement, "category": version.category,
                "validFrom": version.valid_from, "validTo": version.valid_to, "trust": version.trust,
                "confidence": version.confidence, "policyVersion": version.policy_version,
                "supportRoots": version.support_roots, "supportAgents": version.support_agents,
                "supportSessions": version.support_sessions,
            }),
        })
        run = _add_run(doc, version.run, declared) if version.run is not None else None
        doc.wasGeneratedBy(qn, run, version.recorded_at)

        if version.revises_id is not None:
            # The predecessor may lie outside the lineage (e.g. erased or a data-entry slip); the
            # link is kept anyway, it is a fact about this version.
            doc.wasRevisionOf(qn, fact_qn(version.revises_id))

        if version.closed_at is not None:
            # The run that closed a version is the one that generated its successor; a version
            # closed without one (unsupported, rectified, rejected) gets a closure activity.
            nxt = successor.get(version.pk)
            if nxt is not None and nxt.run is not None:
                closer = _add_run(doc, nxt.run, declared)
            else:
                closer = closure_qn(version.pk)
                doc.activity(closer, endTime=version.closed_at, other_attributes={
                    PROV_TYPE: CLOSURE_TYPE, **_attrs({"closeReason": version.close_reason})})
            doc.wasInvalidatedBy(qn, closer, version.closed_at,
                                 other_attributes=_attrs({"closeReason": version.close_reason}))

    # Evidence is ordered oldest version first, so the last row per memory is the latest.
    latest: dict[uuid.UUID, Evidence] = {}
    rows_by_memory: dict[uuid.UUID, list[Evidence]] = defaultdict(list)
    for row in evidence:
        latest[row.memory.pk] = row
        rows_by_memory[row.memory.pk].append(row)

    for memory_id, rows in rows_by_memory.items():
        memory = rows[0].memory
        agent = _add_agent(doc, memory.agent, declared)
        mqn = _add_memory(doc, memory, latest[memory_id], agent)
        for row in rows:
            doc.wasDerivedFrom(fact_qn(row.fact.pk), mqn, other_attributes=_attrs({
                "counted": row.counted, "discountReason": row.discount_reason, "trust": row.trust,
                "root": row.root}))
    return doc


def fact_lineage_prov_json(fact: CollectiveFact) -> str:
    """PROV-JSON of the lineage (prov's serializer), readable: indented, non-ASCII kept as is."""
    return _serialize(fact_lineage_document(fact), format="json", indent=2, ensure_ascii=False)


def fact_lineage_prov_o(fact: CollectiveFact) -> str:
    """PROV-O of the lineage as Turtle (prov's RDF serializer).

    Raises :class:`ProvOUnavailableError` when ``rdflib`` is not installed, before touching the
    database, instead of prov's generic "serializer does not exist".
    """
    if importlib.util.find_spec("rdflib") is None:
        raise ProvOUnavailableError(
            "PROV-O export needs rdflib (prov's optional 'rdf' extra), which is not installed; "
            "PROV-JSON is available through fact_lineage_prov_json().")
    return _serialize(fact_lineage_document(fact), format="rdf", rdf_format="turtle")


def _serialize(doc: ProvDocument, **kwargs: object) -> str:
    """``doc.serialize`` returns ``None`` only when given a destination; narrow it for callers."""
    out = doc.serialize(**kwargs)  # type: ignore[arg-type]
    if out is None:  # pragma: no cover - no destination given, prov returns the text
        raise RuntimeError("prov returned no serialization")
    return out if isinstance(out, str) else out.decode("utf-8")


# ----------------------------------------------------------------------------------------------
# Consistency check


def _all_records(doc: ProvDocument) -> list[ProvRecord]:
    """Records of the document and of any bundle (our exports have none; a read-back one might)."""
    records = list(doc.get_records())
    for bundle in doc.bundles:
        records.extend(bundle.get_records())
    return records


def _formal(record: ProvRecord, name: QualifiedName) -> object:
    return dict(record.formal_attributes).get(name)


def _fmt(value: object) -> str:
    return value.isoformat() if isinstance(value, dt.datetime) else str(value)


def check_lineage_document(doc: ProvDocument) -> list[str]:
    """Check a lineage document on its own terms (no database); return problems, empty if sound.

    Checks: every entity's generation is unique and not after its invalidation (PROV's
    generation-precedes-invalidation, which Quorum states as ``closed_at >= recorded_at``); every
    fact version has a generation time; a revision is not generated before the version it
    revises; no attribute is named like private text. Messages name identifiers, times and
    attribute names only — never attribute values — so they can be logged and shown freely.
    """
    problems: list[str] = []
    records = _all_records(doc)

    generated: dict[QualifiedName, list[dt.datetime | None]] = defaultdict(list)
    invalidated: dict[QualifiedName, list[dt.datetime | None]] = defaultdict(list)
    for record in records:
        if isinstance(record, ProvGeneration | ProvInvalidation):
            entity = _formal(record, PROV_ATTR_ENTITY)
            time = _formal(record, PROV_ATTR_TIME)
            if isinstance(entity, QualifiedName):
                target = generated if isinstance(record, ProvGeneration) else invalidated
                target[entity].append(time if isinstance(time, dt.datetime) else None)

    def generation_time(entity: QualifiedName) -> dt.datetime | None:
        times = [t for t in generated.get(entity, []) if t is not None]
        return times[0] if len(times) == 1 else None

    for entity, times in generated.items():
        if len(times) > 1:
            problems.append(f"{entity}: generated {len(times)} times (must be once)")
    for entity, times in invalidated.items():
        if len(times) > 1:
            problems.append(f"{entity}: invalidated {len(times)} times (must be once)")

    versions = [r for r in records if isinstance(r, ProvEntity) and FACT_VERSION_TYPE in r.get_asserted_types()]
    for version in versions:
        if version.identifier is not None and generation_time(version.identifier) is None:
            problems.append(f"{version.identifier}: fact version without a single generation time")

    for entity, times in invalidated.items():
        gen = generation_time(entity)
        for inv in times:
            if gen is not None and inv is not None and inv < gen:
                problems.append(f"{entity}: invalidated at {_fmt(inv)} before it was generated at {_fmt(gen)}")

    for record in records:
        if isinstance(record, ProvDerivation) and PROV_REVISION in record.get_asserted_types():
            newer = _formal(record, PROV_ATTR_GENERATED_ENTITY)
            older = _formal(record, PROV_ATTR_USED_ENTITY)
            if not (isinstance(newer, QualifiedName) and isinstance(older, QualifiedName)):
                continue
            if newer == older:
                problems.append(f"{newer}: revision of itself")
                continue
            new_gen, old_gen = generation_time(newer), generation_time(older)
            if new_gen is not None and old_gen is not None and new_gen < old_gen:
                problems.append(f"{newer}: revision generated at {_fmt(new_gen)} before the version it "
                                f"revises ({older}) at {_fmt(old_gen)}")

    for record in records:
        for name, _value in record.extra_attributes:
            local = name.localpart if isinstance(name, QualifiedName) else str(name)
            if local.lower() in FORBIDDEN_ATTRIBUTE_NAMES:
                problems.append(f"{record.identifier or record.get_type()}: attribute {name} looks like private text")
    return problems
