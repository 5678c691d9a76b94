"""Log formats: plain by default; ``QUORUM_LOG_FORMAT=json`` gives one JSON object per line with
the request id and URL name, and still no personal text (no exception messages, no query strings)."""

from __future__ import annotations

import io
import json
import logging
import logging.config
import os
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.conf import settings
from rest_framework.test import APIClient

from config.logs import PLAIN, logging_settings
from tests.conftest import auth

ROOT = Path(__file__).resolve().parents[2]
PERSONAL = "Tiene diabetes zq-json-log-3391"


@pytest.fixture
def json_lines() -> Iterator[io.StringIO]:
    """A handler on the root logger built from the real settings builder's JSON formatter."""
    config = logging_settings(log_format="json", level="INFO")
    formatter = logging.config.DictConfigurator(config).configure_formatter(config["formatters"]["json"])
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(formatter)
    root = logging.getLogger()
    level = root.level
    root.addHandler(handler)
    root.setLevel(logging.INFO)
    try:
        yield stream
    finally:
        root.removeHandler(handler)
        root.setLevel(level)


def parsed(stream: io.StringIO) -> list[dict]:
    lines = [line for line in stream.getvalue().splitlines() if line]
    assert lines, "something was logged"
    return [json.loads(line) for line in lines]


def test_the_default_format_is_the_plain_one():
    assert settings.QUORUM_LOG_FORMAT == "plain"
    assert settings.LOGGING["formatters"] == {"plain": {"format": PLAIN}}
    assert settings.LOGGING["handlers"]["console"]["formatter"] == "plain"


def test_an_unknown_format_is_refused():
    with pytest.raises(ValueError, match="QUORUM_LOG_FORMAT"):
        logging_settings(log_format="xml", level="INFO")


@pytest.mark.django_db
def test_request_lines_carry_the_request_id_and_url_name_but_no_content(json_lines, make_agent):
    _, key = make_agent()
    client = auth(APIClient(), key)
    created = client.post("/api/v1/memories", {"subject": "zq-json-person", "kind": "event", "content": PERSONAL,
                                                "session_id": "s1"}, format="json")
    assert created.status_code == 201
    missing = client.get("/api/v1/memories/00000000-0000-4000-8000-000000000000", {"subject": "zq-json-person"})
    assert missing.status_code == 404
    entries = parsed(json_lines)
    assert all({"time", "level", "logger", "message"} <= set(entry) for entry in entries)
    not_found = [e for e in entries if e["logger"] == "django.request" and e.get("status") == 404]
    assert len(not_found) == 1, entries
    assert not_found[0]["request_id"] == missing["X-Request-ID"]
    assert not_found[0]["operation"] == "api-memory-detail"
    assert not_found[0]["level"] == "WARNING"
    assert "zq-json" not in json_lines.getvalue()  # neither the content nor the subject reference


def test_an_exception_is_logged_by_class_and_frames_not_its_message(json_lines):
    try:
        raise ValueError(PERSONAL)
    except ValueError:
        logging.getLogger("quorum.test").exception("write failed for memory %s", "m-42")
    (entry,) = parsed(json_lines)
    assert entry["message"] == "write failed for memory m-42"
    assert entry["exception"] == "ValueError"
    assert "test_an_exception_is_logged" in entry["frames"]
    assert "diabetes" not in json_lines.getvalue()


def test_access_lines_lose_their_query_string(json_lines):
    # runserver's access logger does not propagate to the root: its record goes through the formatter.
    (handler,) = [h for h in logging.getLogger().handlers if getattr(h, "stream", None) is json_lines]
    record = logging.LogRecord("django.server", logging.INFO, __file__, 1, '"%s" %s %s',
                               ("GET /api/v1/memories/search?q=tiene+diabetes HTTP/1.1", "200", "512"), None)
    entry = json.loads(handler.format(record))
    assert entry["message"] == '"GET /api/v1/memories/search HTTP/1.1" 200 512'


def test_the_environment_switch_reaches_the_settings():
    """A fresh process with QUORUM_LOG_FORMAT=json: Django's own loggers write JSON lines."""
    script = textwrap.dedent("""
        import logging, django
        django.setup()
        logging.getLogger("django.request").warning("Not Found: %s", "/x")
        logging.getLogger("memory.services").info("memory %s recorded", "m-1")
        logging.getLogger("django.server").info('"%s" %s %s', "GET /?subject=ana HTTP/1.1", "200", "1")
    """)
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings.test", "QUORUM_LOG_FORMAT": "json"}
    result = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 0, result.stderr
    lines = [json.loads(line) for line in result.stderr.splitlines() if line.startswith("{")]
    assert [(e["logger"], e["message"]) for e in lines] == [
        ("django.request", "Not Found: /x"), ("memory.services", "memory m-1 recorded"),
        ("django.server", '"GET / HTTP/1.1" 200 1')]
    assert all(line.startswith("{") for line in result.stderr.splitlines() if line.strip()), result.stderr
