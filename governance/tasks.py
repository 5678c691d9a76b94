"""Governance tasks (the rights queue comes with the data-subject-request work)."""

from __future__ import annotations

import logging

from celery import shared_task

from governance.services.audit import audit_chain_verify

logger = logging.getLogger(__name__)


@shared_task(name="governance.tasks.audit_verify_task", time_limit=600, soft_time_limit=540)
def audit_verify_task() -> dict[str, object]:
    """Verify the audit chain periodically; a broken chain is logged as an error (ids only)."""
    report = audit_chain_verify()
    if not report.ok:
        logger.error("audit chain broken at event %s: %s", report.first_bad_id, report.problem)
    return {"ok": report.ok, "checked": report.checked, "first_bad_id": report.first_bad_id}
