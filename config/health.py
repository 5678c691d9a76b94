"""``/healthz``: database, pgvector, broker and worker liveness. 200 when all are up, else 503."""

from __future__ import annotations

import time
from typing import Any

from django.conf import settings
from django.db import connection
from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from config.celery import app
from config.redis import get_redis


def _check_database() -> dict[str, Any]:
    started = time.perf_counter()
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT current_setting('server_version'), "
                           "(SELECT extversion FROM pg_extension WHERE extname = 'vector')")
            server_version, vector_version = cursor.fetchone()
    except Exception as exc:  # noqa: BLE001 - any failure means unhealthy; type only, no detail
        return {"ok": False, "error": type(exc).__name__}
    return {
        "ok": vector_version is not None,
        "server_version": server_version,
        "pgvector": vector_version,
        "ms": round((time.perf_counter() - started) * 1000, 1),
    }


def _check_broker() -> dict[str, Any]:
    started = time.perf_counter()
    try:
        get_redis().ping()
    except Exception as exc:  # noqa: BLE001
        return {"ok": False, "error": type(exc).__name__}
    return {"ok": True, "ms": round((time.perf_counter() - started) * 1000, 1)}


def _check_workers(broker_ok: bool) -> dict[str, Any]:
    if not broker_ok:
        return {"ok": False, "count": 0, "error": "broker unavailable"}
    try:
        replies = app.control.ping(timeout=settings.QUORUM_HEALTH_WORKER_TIMEOUT, limit=1) or []
    except Exception as exc:  # noqa: BLE001
        return {"ok": False, "count": 0, "error": type(exc).__name__}
    return {"ok": bool(replies), "count": len(replies)}


@never_cache
@require_GET
def healthz(request: HttpRequest) -> JsonResponse:
    database = _check_database()
    broker = _check_broker()
    workers = _check_workers(broker["ok"])
    healthy = database["ok"] and broker["ok"] and workers["ok"]
    body = {"status": "ok" if healthy else "unhealthy", "database": database, "broker": broker,
            "workers": workers}
    return JsonResponse(body, status=200 if healthy else 503)
