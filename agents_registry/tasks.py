"""Periodic housekeeping of the registry."""

from __future__ import annotations

from datetime import timedelta

from celery import shared_task

from agents_registry.services.auth_failures import auth_failures_sweep
from config.actors import Actor


@shared_task(name="agents_registry.tasks.auth_failures_sweep_task", time_limit=120, soft_time_limit=100)
def auth_failures_sweep_task(older_than_seconds: int = 3600) -> int:
    """Delete database-recorded auth failures older than the cut-off; returns how many."""
    return auth_failures_sweep(actor=Actor.system("lockout"),
                               older_than=timedelta(seconds=older_than_seconds))
