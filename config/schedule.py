"""The one place that declares periodic work (Celery beat). Exactly one beat runs per deployment."""

from celery.schedules import crontab

BEAT_SCHEDULE: dict[str, dict[str, object]] = {
    "auth-failures-sweep": {
        "task": "agents_registry.tasks.auth_failures_sweep_task",
        "schedule": crontab(minute="*/10"),
        "options": {"queue": "default", "expires": 600},
    },
    "audit-verify": {
        "task": "governance.tasks.audit_verify_task",
        "schedule": crontab(minute=17, hour="*/6"),
        "options": {"queue": "default", "expires": 3600},
    },
}
