"""Governance tasks: ids only, idempotent, time-limited; each calls one service or selector.

Services enqueue these by name (``config.queueing``); tasks call services, never the reverse.
"""

from __future__ import annotations

import logging

from celery import shared_task

from config.actors import Actor
from governance.selectors.requests import requests_to_resume
from governance.services.audit import audit_chain_check
from governance.services.dsr import dsr_execute
from governance.services.retention import retention_sweep
from memory.services.claims import claims_reinfer_for_proposal

logger = logging.getLogger(__name__)


@shared_task(name="governance.tasks.audit_verify_task", time_limit=600, soft_time_limit=540)
def audit_verify_task() -> dict[str, object]:
    """Verify the audit chain periodically; a broken chain is logged as an error (ids only) and
    shown on the operator overview."""
    report = audit_chain_check()
    if not report.ok:
        logger.error("audit chain broken at event %s: %s", report.first_bad_id, report.problem)
    return {"ok": report.ok, "checked": report.checked, "first_bad_id": report.first_bad_id}


@shared_task(name="governance.tasks.dsr_execute_task", time_limit=600, soft_time_limit=540, acks_late=True,
             autoretry_for=(Exception,), retry_backoff=5, max_retries=5)
def dsr_execute_task(request_id: str) -> str:
    """Execute a data-subject request (rights queue). Idempotent; retried on failure until the
    request's attempt bound (QUORUM_DSR_MAX_ATTEMPTS), after which it is ``failed`` and returns."""
    return str(dsr_execute(actor=Actor.system("rights"), request_id=request_id).status)


@shared_task(name="governance.tasks.dsr_sweep_task", time_limit=300, soft_time_limit=270)
def dsr_sweep_task() -> int:
    """Re-run verified or interrupted requests (a lost task or a killed worker loses nothing).

    ``failed`` requests are not swept: they wait for an operator (``manage.py dsr_retry``)."""
    pending = requests_to_resume()
    for pk in pending:
        dsr_execute_task.apply_async(args=[str(pk)])
    return len(pending)


@shared_task(name="governance.tasks.retention_sweep_task", time_limit=600, soft_time_limit=540)
def retention_sweep_task() -> dict[str, int]:
    return retention_sweep(actor=Actor.system("retention"))


@shared_task(name="governance.tasks.predicate_proposal_apply_task", time_limit=600, soft_time_limit=540,
             acks_late=True)
def predicate_proposal_apply_task(proposal_id: int) -> int:
    """After an operator approved a proposed predicate: re-read the memories written with its key
    for claims (ids only in the arguments; idempotent — an applied proposal is skipped)."""
    return claims_reinfer_for_proposal(actor=Actor.system("predicates"), proposal_id=int(proposal_id))
