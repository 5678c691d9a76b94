"""Data-subject requests: submit, verify, execute on the ``rights`` queue, complete — all audited.

Execution is idempotent and resumable: each type runs in one transaction that also records its
result and the ``completed`` transition, so a crash rolls back to ``in_progress`` and the
re-delivered task (acks-late) or the beat sweep runs it again. Erasure deletes, writes the
suppression keys, and runs the residue scan *inside that same transaction*: the scan sees the
deletions, and if it finds anything the whole erasure rolls back and the request stays open.

Bounded: an execution that ends in an error (a residue the scan cannot clear, or any other
non-transient failure) is counted on the request; after ``QUORUM_DSR_MAX_ATTEMPTS`` the request
becomes ``failed`` with a stable ``error`` code and the stores named in ``result`` (never
values), audited, and nothing re-runs it until an operator retries (``dsr_retry``). A pending
erasure's scope — ``failed`` included — is withheld from agents (governance.selectors.erasure).
A connection failure is transient: retried, not counted.

What a right changes in the memory layer goes through memory's services and selectors
(``memory.services.erasure``, ``.rectification``; ``memory.selectors.subjects``, ``.collective``);
the rights task is enqueued by name (``config.queueing``), so this module never imports tasks.
"""

from __future__ import annotations

import uuid
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import InterfaceError, OperationalError, transaction
from django.utils import timezone

from agents_registry.selectors.agents import agent_get_by_slug
from config.actors import Actor
from config.audit import audit
from config.errors import NotFoundError
from config.ids import parse_uuid
from config.queueing import enqueue_after_commit
from governance.errors import RequestNotFailed, RequestTypeNotAvailable, ResidueFound
from governance.models import DataSubjectRequest, ErasureReceipt, Restriction, ReviewItem, TrustConflict
from governance.selectors.requests import is_operator
from governance.selectors.restrictions import restrictions_open
from governance.services.accounts import portal_account_erase
from governance.services.residue import residue_scan
from governance.services.restrictions import restriction_apply, restriction_lift
from governance.services.suppressions import suppression_keys_add
from memory.selectors.collective import fact_lineage, lineage_recipients_count
from memory.selectors.subjects import subject_get_by_ref, subject_login
from memory.services import erasure, rectification

EXECUTE_TASK = "governance.tasks.dsr_execute_task"
DEADLINE = timedelta(days=30)
SUPPORTED = {DataSubjectRequest.Type.ERASURE, DataSubjectRequest.Type.RESTRICTION,
             DataSubjectRequest.Type.OBJECTION, DataSubjectRequest.Type.ACCESS,
             DataSubjectRequest.Type.PORTABILITY, DataSubjectRequest.Type.RECTIFICATION}


def _transition(request: DataSubjectRequest, status: str, *, actor: Actor, **fields: Any) -> None:
    old = request.status
    request.status = status
    for name, value in fields.items():
        setattr(request, name, value)
    request.save(update_fields=["status", "updated_at", *fields])
    audit(actor=actor, action="dsr.transition", object_type="data_subject_request", object_id=request.pk,
          data={"from": old, "to": status, "type": request.type})


@transaction.atomic
def dsr_submit(*, actor: Actor, subject_id: uuid.UUID, type: str, scope: dict[str, Any],
               payload: dict[str, Any] | None = None, verified: bool) -> DataSubjectRequest:
    """Record a request. ``verified``: the requester's identity is established (the person's own
    signed-in portal login, or an operator acting on a verified request)."""
    if type not in SUPPORTED:
        raise RequestTypeNotAvailable(extra={"type": type, "available": sorted(SUPPORTED)})
    request = DataSubjectRequest(type=type, subject_id=subject_id, scope=scope, payload=payload or {},
                                 requested_by=f"{actor.kind}:{actor.id}", deadline=timezone.now() + DEADLINE)
    request.full_clean()
    request.save()
    audit(actor=actor, action="dsr.received", object_type="data_subject_request", object_id=request.pk,
          data={"type": type, "scope": sorted(scope)})
    if verified:
        _transition(request, DataSubjectRequest.Status.VERIFIED, actor=actor)
        enqueue_after_commit(EXECUTE_TASK, request_id=str(request.pk))
    return request


def dsr_submit_by_user(*, user: Any, subject_ref: str, type: str, scope: dict[str, Any],
                       payload: dict[str, Any] | None = None) -> DataSubjectRequest:
    """A signed-in user files a request about themself (operators: about anyone), verified by
    that login. Anyone else's person, or one that does not exist, is "not found"."""
    subject = subject_get_by_ref(external_ref=subject_ref)
    if subject is None or not (is_operator(user) or subject.user_id == user.pk):
        raise NotFoundError()
    return dsr_submit(actor=Actor.for_user(user), subject_id=subject.pk, type=type, scope=scope, payload=payload,
                      verified=True)


def dsr_execute(*, actor: Actor, request_id: uuid.UUID | str) -> DataSubjectRequest:
    """Run a verified (or interrupted in-progress) request to completion. Safe to call again.
    The rights worker acts as ``Actor.system("rights")``."""
    with transaction.atomic():
        request = DataSubjectRequest.objects.select_for_update().filter(pk=request_id).first()
        if request is None:
            raise NotFoundError()
        if request.status in (DataSubjectRequest.Status.COMPLETED, DataSubjectRequest.Status.REJECTED,
                              DataSubjectRequest.Status.RECEIVED, DataSubjectRequest.Status.FAILED):
            return request
        if request.status == DataSubjectRequest.Status.VERIFIED:
            _transition(request, DataSubjectRequest.Status.IN_PROGRESS, actor=actor)
    try:
        return _execute_in_progress(request_id, actor)
    except (OperationalError, InterfaceError):
        raise  # the database went away: transient, retried by the task and the sweep, not counted
    except Exception as exc:
        if isinstance(exc, ResidueFound):
            error, detail = "residue", {"residue": exc.residue}
        else:
            error, detail = "execution_error", {"exception": type(exc).__name__}
        failed = _attempt_failed(request_id, actor=actor, error=error, detail=detail)
        if failed.status != DataSubjectRequest.Status.FAILED:
            raise  # retried (task autoretry, beat sweep) until the bound
        return failed


@transaction.atomic
def _attempt_failed(request_id: uuid.UUID | str, *, actor: Actor, error: str,
                    detail: dict[str, Any]) -> DataSubjectRequest:
    """Count a failed execution; at the bound the request becomes ``failed``. ``detail`` holds
    store names and exception class names only."""
    request = DataSubjectRequest.objects.select_for_update().get(pk=request_id)
    if request.status != DataSubjectRequest.Status.IN_PROGRESS:
        return request
    attempts = request.attempts + 1
    limit = max(1, int(settings.QUORUM_DSR_MAX_ATTEMPTS))
    result = {**detail, "attempts": attempts, "max_attempts": limit}
    where = sorted(detail.get("residue", {}).get("where", []))
    data = {"type": request.type, "error": error, "attempt": attempts, "where": where,
            "exception": detail.get("exception", "")}
    if attempts >= limit:
        _transition(request, DataSubjectRequest.Status.FAILED, actor=actor, attempts=attempts, error=error,
                    result=result)
        audit(actor=actor, action="dsr.failed", object_type="data_subject_request", object_id=request.pk, data=data)
    else:
        request.attempts, request.error, request.result = attempts, error, result
        request.save(update_fields=["attempts", "error", "result", "updated_at"])
        audit(actor=actor, action="dsr.attempt_failed", object_type="data_subject_request", object_id=request.pk,
              data=data)
    return request


@transaction.atomic
def dsr_retry(*, actor: Actor, request_id: uuid.UUID | str) -> DataSubjectRequest:
    """An operator runs a ``failed`` request again (after fixing what the stores in ``result``
    named): back to ``in_progress`` with a fresh attempt budget, executed by the rights worker."""
    pk = parse_uuid(request_id)
    request = DataSubjectRequest.objects.select_for_update().filter(pk=pk).first() if pk else None
    if request is None:
        raise NotFoundError()
    if request.status != DataSubjectRequest.Status.FAILED:
        raise RequestNotFailed(extra={"status": request.status})
    _transition(request, DataSubjectRequest.Status.IN_PROGRESS, actor=actor, attempts=0, error="")
    enqueue_after_commit(EXECUTE_TASK, request_id=str(request.pk))
    return request


def _execute_in_progress(request_id: uuid.UUID | str, actor: Actor) -> DataSubjectRequest:
    with transaction.atomic():
        request = DataSubjectRequest.objects.select_for_update().get(pk=request_id)
        if request.status != DataSubjectRequest.Status.IN_PROGRESS:
            return request
        if request.type == DataSubjectRequest.Type.ERASURE:
            result = _erase(request, actor)
        elif request.type == DataSubjectRequest.Type.RECTIFICATION:
            result = _rectify(request, actor)
        elif request.type in (DataSubjectRequest.Type.ACCESS, DataSubjectRequest.Type.PORTABILITY):
            # Exports are generated when downloaded (GET dsr/{id}/export), never stored.
            result = {"export": "available", "formats": ["json", "prov-json", "prov-o"]
                      if request.type == DataSubjectRequest.Type.ACCESS else ["json"]}
        else:
            result = _restrict(request, actor)
        _transition(request, DataSubjectRequest.Status.COMPLETED, actor=actor, completed_at=timezone.now(),
                    result=result, payload={}, error="")
    return request


def _erase(request: DataSubjectRequest, actor: Actor) -> dict[str, Any]:
    login = subject_login(subject_id=request.subject_id)
    outcome = erasure.subject_erase(actor=actor, subject_id=request.subject_id, scope=request.scope)
    # Suppression keys (facts not to re-learn) and erased-root keys (writes to refuse), one insert.
    suppression_keys_add(keys=outcome.suppression_keys | outcome.root_keys)
    if request.scope.get("all"):
        if login is not None:  # the portal login and its traces exist only because of the person
            outcome.counts.update(portal_account_erase(actor=actor, subject_id=request.subject_id,
                                                       user_id=login["user_id"], reference=login["external_ref"]))
        Restriction.objects.filter(subject_id=request.subject_id).delete()
        outcome.counts["review_items"] = ReviewItem.objects.filter(subject_id=request.subject_id).delete()[0]
        outcome.counts["trust_conflicts"] = TrustConflict.objects.filter(subject_id=request.subject_id).delete()[0]
    erasure.subject_schedule_forget(subject_id=request.subject_id)
    residue = residue_scan(outcome.values)
    residue["shared_values_not_searched"] = len(outcome.shared_values)
    if residue["matches"]:
        raise ResidueFound(residue)
    ErasureReceipt.objects.update_or_create(request=request, defaults={"counts": outcome.counts, "residue": residue})
    return {"counts": outcome.counts, "residue": residue, "suppressed": len(outcome.suppression_keys),
            "erased_roots": len(outcome.root_keys)}


def _rectify(request: DataSubjectRequest, actor: Actor) -> dict[str, Any]:
    statement = str(request.payload.get("statement") or "").strip()
    fact_id = request.scope.get("fact_id")
    if not statement or not fact_id or parse_uuid(fact_id) is None:
        return {"rectified": 0, "reason": "statement_and_fact_id_required"}
    corrected = rectification.fact_rectify(actor=actor, subject_id=request.subject_id, fact_id=parse_uuid(fact_id),
                                           statement=statement[:1000], value=request.payload.get("value"))
    # Recipients who were served the wrong value (Art. 19): recorded as a count; the list is in
    # the read log and the access export.
    return {"rectified": 1, "fact": str(corrected.pk),
            "recipients_to_notify": lineage_recipients_count(lineage=corrected.lineage)}


def _restrict(request: DataSubjectRequest, actor: Actor) -> dict[str, Any]:
    # The API's scope names a fact as ``fact_id`` (as erasure and rectification do); ``fact`` is accepted too.
    kinds = {"agent": "agent", "fact": "fact", "fact_id": "fact", "purpose": "purpose"}
    kind, target = next(((kinds[k], str(v)) for k, v in request.scope.items() if k in kinds), (None, None))
    if kind is None:
        return {"applied": 0}
    if kind == "agent":
        agent = agent_get_by_slug(target)
        target = str(agent.pk) if agent else target
    elif kind == "fact":
        lineage = fact_lineage(fact_id=parse_uuid(target))
        target = str(lineage) if lineage else target
    basis = "objection" if request.type == DataSubjectRequest.Type.OBJECTION else "restriction"
    if request.payload.get("lift"):
        lifted = 0
        for restriction in restrictions_open(subject_id=request.subject_id, kind=kind, target=target):
            restriction_lift(actor=actor, restriction=restriction)
            lifted += 1
        return {"lifted": lifted}
    restriction_apply(actor=actor, subject_id=request.subject_id, kind=kind, target=target, basis=basis)
    return {"applied": 1, "kind": kind}
