"""Periodic housekeeping of the registry."""

from __future__ import annotations

from datetime import timedelta

from celery import shared_task
from django.utils import timezone

from agents_registry.models import AuthFailure


@shared_task(name="agents_registry.tasks.auth_failures_sweep_task", time_limit=120, soft_time_limit=100)
def auth_failures_sweep_task(older_than_seconds: int = 3600) -> int:
    """Delete database-recorded auth failures older than the cut-off; returns how many."""
    cutoff = timezone.now() - timedelta(seconds=older_than_seconds)
    deleted, _ = AuthFailure.objects.filter(created_at__lt=cutoff).delete()
    return deleted
