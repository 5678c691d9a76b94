"""The predicate registry grows: operators add and edit predicates; agents propose new keys.

Every change is one service call with an actor, in one transaction, audited (ids, keys of the
registry and field names only — never a note's text). ``updated_at`` is bumped on every change:
it is the registry's version stamp, so claim inference (``memory.services.claims``) rebuilds its
exemplar index on its next batch without a restart.

A proposal waits for an operator: approving it creates the predicate (with the operator's label,
category, cardinality, value set and exemplars) and enqueues
``governance.tasks.predicate_proposal_apply_task`` (the proposal id only), which re-reads the
memories written with the key for claims. Rejecting it leaves those memories private.
"""

from __future__ import annotations

import re
from typing import Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone

from agents_registry.models import Agent
from config.actors import Actor
from config.audit import audit
from config.errors import NotFoundError
from config.queueing import enqueue_after_commit
from governance.errors import InvalidPredicate, InvalidPredicateKey, PredicateExists, ProposalDecided
from governance.models import PREDICATE_KEY_RE, Predicate, PredicateProposal, PredicateProposalSighting

APPLY_TASK = "governance.tasks.predicate_proposal_apply_task"
EDITABLE = ("label", "category", "cardinality", "values", "exemplars", "ttl_days", "shareable", "high_impact",
            "active")
_KEY = re.compile(PREDICATE_KEY_RE)


def predicate_key_valid(key: str) -> bool:
    """A well-formed registry key (2–4 dot-separated lower-case words)."""
    return isinstance(key, str) and len(key) <= 100 and bool(_KEY.match(key))


def _normalised(fields: dict[str, Any]) -> dict[str, Any]:
    out = dict(fields)
    if isinstance(out.get("values"), list):
        out["values"] = [v.strip() if isinstance(v, str) else v for v in out["values"]]
    if isinstance(out.get("exemplars"), dict):  # empty phrasing lists are dropped, not stored
        out["exemplars"] = {value: {lang: texts for lang, texts in entry.items() if texts}
                            if isinstance(entry, dict) else entry for value, entry in out["exemplars"].items()}
    return out


def _validated(predicate: Predicate) -> None:
    try:
        predicate.full_clean(validate_unique=False)
    except ValidationError as exc:
        raise InvalidPredicate(extra={"fields": {name: [str(m) for m in msgs]
                                                 for name, msgs in exc.message_dict.items()}}) from None


def _changed_fields(predicate: Predicate) -> dict[str, Any]:
    """What the audit row says about a predicate: its settings, and only counts for the phrasings."""
    return {"key": predicate.key, "category": predicate.category, "cardinality": predicate.cardinality,
            "active": predicate.active, "ttl_days": predicate.ttl_days, "values": len(predicate.values),
            "exemplars": sum(len(t) for e in predicate.exemplars.values() for t in e.values())}


@transaction.atomic
def predicate_create(*, actor: Actor, key: str, label: str, category: str, cardinality: str,
                     values: list[str] | None = None, exemplars: dict[str, Any] | None = None,
                     ttl_days: int | None = None, shareable: bool = True, high_impact: bool = False,
                     active: bool = True) -> Predicate:
    """Add a predicate to the registry (409 ``predicate_exists`` when the key is taken)."""
    if not predicate_key_valid(key):
        raise InvalidPredicateKey()
    fields = _normalised({"values": values or [], "exemplars": exemplars or {}})
    predicate = Predicate(key=key, label=label.strip(), category=category.strip(), cardinality=cardinality,
                          ttl_days=ttl_days, shareable=shareable, high_impact=high_impact, active=active, **fields)
    if Predicate.objects.filter(key=key).exists():
        raise PredicateExists(extra={"key": key})
    _validated(predicate)
    try:
        with transaction.atomic():
            predicate.save(force_insert=True)
    except IntegrityError:
        raise PredicateExists(extra={"key": key}) from None
    audit(actor=actor, action="predicate.created", object_type="predicate", object_id=predicate.pk,
          data=_changed_fields(predicate))
    return predicate


@transaction.atomic
def predicate_update(*, actor: Actor, predicate: Predicate, **changes: Any) -> Predicate:
    """Change a predicate's settings (never its key: memories and facts refer to it).

    Deactivating stops new claims; the claims and collective facts it already backs stay as they
    are (an operator who wants them gone uses the rights or review paths)."""
    unknown = set(changes) - set(EDITABLE)
    if unknown:
        raise InvalidPredicate(extra={"fields": {name: ["Not editable."] for name in sorted(unknown)}})
    predicate = Predicate.objects.select_for_update().get(pk=predicate.pk)
    changes = _normalised(changes)
    changed = sorted(name for name, value in changes.items() if getattr(predicate, name) != value)
    if not changed:
        return predicate
    for name in changed:
        setattr(predicate, name, changes[name])
    predicate.updated_at = timezone.now()
    _validated(predicate)
    predicate.save(update_fields=[*changed, "updated_at"])
    audit(actor=actor, action="predicate.updated", object_type="predicate", object_id=predicate.pk,
          data={**_changed_fields(predicate), "changed": changed})
    return predicate


@transaction.atomic
def predicate_proposal_note(*, actor: Actor, key: str, agent: Agent, memory_id: Any = None, subject_id: Any = None,
                            label: str = "", category: str = "", cardinality: str = "") -> PredicateProposal:
    """Record that ``agent`` used or proposed ``key`` (one proposal per key; a sighting per use).

    Idempotent under a race (the unique key: the winner's row gains the sighting). A key the
    registry has raises ``predicate_exists``; a decided proposal still counts the sighting (the
    operator sees that agents keep using a rejected key)."""
    if not predicate_key_valid(key):
        raise InvalidPredicateKey()
    if Predicate.objects.filter(key=key).exists():
        raise PredicateExists(extra={"key": key})
    now = timezone.now()
    proposal = PredicateProposal.objects.select_for_update().filter(key=key).first()
    created = proposal is None
    if created:
        proposal = PredicateProposal(key=key, label=label.strip()[:200], category=category.strip(),
                                     cardinality=cardinality if cardinality in Predicate.Cardinality.values else "")
        try:
            proposal.full_clean(validate_unique=False)
        except ValidationError as exc:
            raise InvalidPredicate(extra={"fields": {n: [str(m) for m in msgs]
                                                     for n, msgs in exc.message_dict.items()}}) from None
        try:
            with transaction.atomic():
                proposal.save(force_insert=True)
        except IntegrityError:  # a concurrent first use won: count this one on its row
            proposal = PredicateProposal.objects.select_for_update().get(key=key)
            created = False
    PredicateProposalSighting.objects.create(proposal=proposal, agent=agent, memory_id=memory_id,
                                             subject_id=subject_id)
    PredicateProposal.objects.filter(pk=proposal.pk).update(sightings=proposal.sightings + 1, last_seen_at=now)
    proposal.refresh_from_db()
    audit(actor=actor, action="predicate.proposed" if created else "predicate.proposal_seen",
          object_type="predicate_proposal", object_id=proposal.pk,
          data={"agent": str(agent.pk), "memory": str(memory_id) if memory_id else None})
    return proposal


@transaction.atomic
def predicate_proposal_decide(*, actor: Actor, proposal_id: Any, decision: str, reason: str = "",
                              label: str = "", category: str = "", cardinality: str = "",
                              values: list[str] | None = None, exemplars: dict[str, Any] | None = None,
                              ttl_days: int | None = None) -> PredicateProposal:
    """Approve (create the predicate, then re-read the key's memories for claims) or reject."""
    proposal = PredicateProposal.objects.select_for_update().filter(pk=proposal_id).first()
    if proposal is None:
        raise NotFoundError()
    if proposal.status != PredicateProposal.Status.PENDING:
        raise ProposalDecided(extra={"status": proposal.status})
    if decision not in ("approve", "reject"):
        raise InvalidPredicate(extra={"fields": {"decision": ["approve or reject"]}})
    if decision == "approve":
        proposal.predicate = predicate_create(
            actor=actor, key=proposal.key, label=label or proposal.label or proposal.key,
            category=category or proposal.category, cardinality=cardinality or proposal.cardinality or "single",
            values=values, exemplars=exemplars, ttl_days=ttl_days)
        proposal.status = PredicateProposal.Status.APPROVED
    else:
        proposal.status = PredicateProposal.Status.REJECTED
    proposal.decided_at = timezone.now()
    proposal.decided_by = f"{actor.kind}:{actor.id}"
    proposal.decision_reason = reason.strip()[:500]
    proposal.save(update_fields=["status", "decided_at", "decided_by", "decision_reason", "predicate"])
    audit(actor=actor, action=f"predicate.proposal_{proposal.status}", object_type="predicate_proposal",
          object_id=proposal.pk, data={"predicate": proposal.predicate_id, "sightings": proposal.sightings})
    if proposal.status == PredicateProposal.Status.APPROVED:
        enqueue_after_commit(APPLY_TASK, proposal_id=proposal.pk)
    return proposal


@transaction.atomic
def predicate_proposal_mark_applied(*, actor: Actor, proposal_id: Any, memories: int) -> None:
    """The approved proposal's memories were re-read for claims (idempotent)."""
    updated = PredicateProposal.objects.filter(pk=proposal_id, status=PredicateProposal.Status.APPROVED,
                                               applied_at__isnull=True).update(applied_at=timezone.now())
    if updated:
        audit(actor=actor, action="predicate.proposal_applied", object_type="predicate_proposal",
              object_id=proposal_id, data={"memories": memories})
