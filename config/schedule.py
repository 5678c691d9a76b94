"""The one place that declares periodic work (Celery beat). Exactly one beat runs per deployment."""

from celery.schedules import crontab

BEAT_SCHEDULE: dict[str, dict[str, object]] = {
    "auth-failures-sweep": {
        "task": "agents_registry.tasks.auth_failures_sweep_task",
        "schedule": crontab(minute="*/10"),
        "options": {"queue": "default", "expires": 600},
    },
    "memory-embed-sweep": {
        # The safety net for a lost publish (broker outage, a crash): a memory waits at most ~15 s
        # for it. An idle sweep is a lock attempt and two indexed queries.
        "task": "memory.tasks.memory_embed_pending_task",
        "schedule": 15.0,
        "options": {"queue": "default", "expires": 14},
    },
    "recall-changes-prune": {
        # Recall's result-cache change log (memory.services.recall_cache): rows older than any live
        # cache entry's snapshot are deleted; one indexed DELETE a minute.
        "task": "memory.tasks.recall_changes_prune_task",
        "schedule": 60.0,
        "options": {"queue": "default", "expires": 55},
    },
    "retention-sweep": {
        "task": "governance.tasks.retention_sweep_task",
        "schedule": crontab(minute="*/15"),
        "options": {"queue": "default", "expires": 900},
    },
    "consolidation-sweep": {
        "task": "memory.tasks.consolidation_sweep_task",
        "schedule": 30.0,
        "options": {"queue": "consolidation", "expires": 25},
    },
    "consolidation-deep": {
        "task": "memory.tasks.consolidation_deep_task",
        "schedule": crontab(minute=0, hour="*/6"),
        "options": {"queue": "consolidation", "expires": 3600},
    },
    "dsr-sweep": {
        "task": "governance.tasks.dsr_sweep_task",
        "schedule": crontab(minute="*/5"),
        "options": {"queue": "rights", "expires": 280},
    },
    "audit-verify": {
        "task": "governance.tasks.audit_verify_task",
        "schedule": crontab(minute=17, hour="*/6"),
        "options": {"queue": "default", "expires": 3600},
    },
}
