"""Step 5 — resolve validity without rewriting the past (DESIGN §5.5).

Over the clusters that steps 3 and 4 passed (corroborated and shareable):

* the person's own assertion outranks agents: a current subject-asserted version of a
  single-valued key is kept, and clusters for that key are not promoted;
* of several clusters for one single-valued key only the most recent valid value may be current;
* a cluster bound to a pending-review version waits for the reviewer; one bound to a version with
  the same value refreshes its support metadata (never its statement, value or validity);
* a new value of a high-impact predicate goes to review and the current version stays;
* otherwise the previous current version (if any) closes as ``superseded`` and a new version is
  inserted in its lineage — a value is never updated in place.

Every version step 5 keeps or writes goes into ``ctx.keep_ids``, which step 7 reads.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

from django.utils import timezone

from config.audit import audit, audit_many
from config.db import copy_insert
from governance.services.conflicts import promotion_review_open
from memory.consolidation.clusters import Cluster
from memory.consolidation.corroborate import lineage_of
from memory.models import CollectiveFact, Evidence

if TYPE_CHECKING:  # the context's type only; run.py imports this module
    from memory.consolidation.run import RunContext


def resolve(ctx: RunContext, clusters: list[Cluster], existing: list[CollectiveFact]) -> None:
    """Promote, refresh, supersede or send to review each passing cluster; fill ``ctx.keep_ids``."""
    promotable = [c for c in clusters if c.corroborated and c.shareable]
    inserts = _Inserts()
    # The person's own correction outranks agents and does not depend on their evidence.
    asserted = {f.key for f in existing if f.subject_asserted and f.status == CollectiveFact.Status.CURRENT}
    ctx.keep_ids.update(f.pk for f in existing if f.subject_asserted)
    for cluster in [c for c in promotable if c.single and c.key in asserted]:
        promotable.remove(cluster)
        ctx.decide("validity", "kept_subject_value", inputs={"memories": cluster.member_ids},
                   reason="subject_asserted_outranks")
    # For single-valued keys only the most recent valid value may be current.
    winners: dict[str, Cluster] = {}
    for cluster in promotable:
        if cluster.single:
            other = winners.get(cluster.key)
            if other is None or cluster.valid_time > other.valid_time:
                winners[cluster.key] = cluster
    for cluster in promotable:
        if cluster.single and winners[cluster.key] is not cluster:
            ctx.decide("validity", "older_value", inputs={"memories": cluster.member_ids},
                       reason="newer_value_exists")
            continue
        fact = _promote(ctx, cluster, existing, inserts)
        if fact is not None:
            ctx.keep_ids.add(fact.pk)
    inserts.flush(ctx)


def _promote(ctx: RunContext, cluster: Cluster, existing: list[CollectiveFact],
             inserts: _Inserts) -> CollectiveFact | None:
    matched = cluster.matched
    if matched is not None and matched.status == CollectiveFact.Status.PENDING_REVIEW:
        if matched.revises_id:
            ctx.keep_ids.add(matched.revises_id)
        return matched  # a reviewer decides; nothing changes meanwhile
    if matched is not None and _same_value(matched.value, cluster.value):
        _refresh(ctx, matched, cluster)
        return matched
    previous = matched
    if cluster.single and previous is None:
        previous = next((f for f in existing if f.key == cluster.key and f.single
                         and f.status == CollectiveFact.Status.CURRENT), None)
    valid_from = cluster.valid_time
    if previous is not None and cluster.predicate is not None and cluster.predicate.high_impact:
        fact = inserts.add(ctx, cluster, status=CollectiveFact.Status.PENDING_REVIEW, valid_from=valid_from,
                           revises=previous)
        inserts.flush(ctx)  # the review item names the version: it exists first
        promotion_review_open(actor=ctx.actor, subject_id=ctx.subject.pk, reason="high_impact_change",
                                    refs={"fact": str(fact.pk), "current": str(previous.pk)})
        ctx.stats["review"] += 1
        ctx.decide("validity", "review", inputs={"new": str(fact.pk), "current": str(previous.pk)},
                   reason="high_impact_predicate")
        ctx.keep_ids.add(previous.pk)  # the current value stays until a reviewer decides
        return fact
    if previous is not None and previous.status == CollectiveFact.Status.CURRENT:
        if valid_from <= previous.valid_from:
            valid_from = timezone.now()
        fact_close(ctx, previous, CollectiveFact.Status.SUPERSEDED, reason="newer_value", valid_to=valid_from)
        ctx.stats["superseded"] += 1
    fact = inserts.add(ctx, cluster, status=CollectiveFact.Status.CURRENT, valid_from=valid_from, revises=previous)
    ctx.stats["promoted"] += 1
    ctx.decide("validity", "promoted", inputs={"fact": str(fact.pk), "revises": str(previous.pk) if previous else None},
               reason="supersedes_older_value" if previous else "new_fact")
    return fact


def fact_close(ctx: RunContext, fact: CollectiveFact, status: str, *, reason: str,
               valid_to: datetime | None = None) -> None:
    """Close a version (superseded here, unsupported in step 7); its value is never touched."""
    update: dict[str, Any] = {"status": status, "closed_at": timezone.now(), "close_reason": reason}
    if valid_to is not None:
        update["valid_to"] = valid_to
    CollectiveFact.objects.filter(pk=fact.pk, status=fact.status).update(**update)
    fact.status = status
    audit(actor=ctx.actor, action=f"fact.{status}", object_type="collective_fact", object_id=fact.pk,
          data={"reason": reason, "run": str(ctx.run.pk)})


class _Inserts:
    """New versions of one run, written together: one ``COPY`` for the versions, one for all their
    evidence (``config.db.copy_insert``), then an audit row each, all sent in one round trip
    (``config.audit.audit_many``). A run promotes several facts; a statement per fact and per
    evidence list was most of step 5's time. Closes of older versions were written before."""

    def __init__(self) -> None:
        self.facts: list[tuple[CollectiveFact, Cluster]] = []

    def add(self, ctx: RunContext, cluster: Cluster, *, status: str, valid_from: datetime,
            revises: CollectiveFact | None) -> CollectiveFact:
        fact = CollectiveFact(
            subject=ctx.subject, lineage=revises.lineage if revises else uuid.uuid4(), revises=revises,
            predicate=cluster.predicate, key=cluster.key, single=cluster.single, statement=cluster.statement,
            value=cluster.value, category=cluster.category, status=status, valid_from=valid_from,
            recorded_at=timezone.now(), policy_version=ctx.policy.version, run=ctx.run,
            **_metadata(cluster))
        fact.full_clean(exclude=["subject", "predicate", "revises", "run"], validate_constraints=False,
                        validate_unique=False)
        self.facts.append((fact, cluster))
        return fact

    def flush(self, ctx: RunContext) -> None:
        if not self.facts:
            return
        copy_insert(CollectiveFact, [fact for fact, _ in self.facts])
        copy_insert(Evidence, [row for fact, cluster in self.facts for row in _evidence_copy_rows(fact, cluster)])
        # One round trip for the run's audit rows (config.audit.audit_many), in the facts' order.
        audit_many([{"actor": ctx.actor, "action": "fact.recorded", "object_type": "collective_fact",
                     "object_id": fact.pk,
                     "data": {"status": fact.status, "revises": str(fact.revises_id) if fact.revises_id else None,
                              "roots": len({r for _, r, ok, _ in cluster.counted if ok}), "run": str(ctx.run.pk)}}
                    for fact, cluster in self.facts])
        self.facts = []


def _refresh(ctx: RunContext, fact: CollectiveFact, cluster: Cluster) -> None:
    """Support metadata only; statement, value and validity are never rewritten."""
    metadata = _metadata(cluster)
    changed = {k: v for k, v in metadata.items() if getattr(fact, k) != v}
    if changed:
        CollectiveFact.objects.filter(pk=fact.pk).update(**changed)
    wanted = {(m.pk, root[:300], counted, reason) for m, root, counted, reason in cluster.evidence}
    have = {(e.memory_id, e.root, e.counted, e.discount_reason) for e in fact.evidence.all()}
    if wanted != have:  # steady state (nothing new) writes nothing
        Evidence.objects.filter(fact=fact).delete()
        Evidence.objects.bulk_create(_evidence_rows(fact, cluster))
    ctx.stats["confirmed"] += 1


def _metadata(cluster: Cluster) -> dict[str, Any]:
    counted = cluster.counted
    memories = [m for m, _, _, _ in counted]
    confidence = 1.0
    for m in memories:
        confidence *= 1 - m.base_confidence
    return {
        "trust": cluster.trust,
        "confidence": round(min(0.99, 1 - confidence), 4),
        "importance": max((m.importance for m in cluster.members), default=0.5),
        "support_roots": len({r for _, r, _, _ in counted}),
        "support_agents": len({m.agent_id for m in memories}),
        "support_lineages": len({lineage_of(m) for m in memories}),
        "support_sessions": len({(lineage_of(m), m.session_id) for m in memories}),
        "domains": sorted({m.agent.domain for m in memories}),
        "first_evidence_at": min((m.recorded_at for m in cluster.members), default=None),
        "last_confirmed_at": max((m.last_confirmed_at for m in memories), default=None),
    }


def _evidence_rows(fact: CollectiveFact, cluster: Cluster) -> list[Evidence]:
    return [Evidence(fact=fact, memory=m, agent_id=m.agent_id, session_id=m.session_id, root=root[:300],
                     trust=m.trust, counted=counted, discount_reason=reason)
            for m, root, counted, reason in cluster.evidence]


@dataclass(slots=True)
class _EvidenceRow:
    """One :class:`Evidence` row under the model's attribute names, for ``copy_insert`` (a new
    version's evidence is written, never read back: no model instance is built for it)."""

    fact_id: Any
    memory_id: Any
    agent_id: int
    session_id: str
    root: str
    trust: str
    counted: bool
    discount_reason: str
    created_at: datetime


def _evidence_copy_rows(fact: CollectiveFact, cluster: Cluster) -> list[_EvidenceRow]:
    """What :func:`_evidence_rows` holds, as rows for ``copy_insert``."""
    return [_EvidenceRow(fact.pk, m.pk, m.agent_id, m.session_id, root[:300], m.trust, counted, reason, timezone.now())
            for m, root, counted, reason in cluster.evidence]


def _same_value(old_value: Any, new_value: Any) -> bool:
    if old_value is not None or new_value is not None:
        return _norm(old_value) == _norm(new_value)
    return True  # free facts matched by shared evidence are the same fact


def _norm(value: Any) -> Any:
    if isinstance(value, str):
        return " ".join(value.casefold().split())
    if isinstance(value, list):
        return sorted(str(_norm(v)) for v in value)
    return value
