"""``manage.py services status|down`` report and stop without starting anything (issue 13)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from config import embedded

ROOT = Path(__file__).resolve().parent.parent.parent


def manage(var_dir: Path, *args: str) -> str:
    env = {k: v for k, v in os.environ.items()
           if k not in {"DATABASE_URL", "REDIS_URL", "DJANGO_SETTINGS_MODULE", "QUORUM_EMBEDDED_AUTOSTART"}}
    env["QUORUM_VAR_DIR"] = str(var_dir)
    result = subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True,
                            text=True, timeout=120)
    assert result.returncode == 0, result.stderr[-2000:]
    return result.stdout


def assert_nothing_started(var_dir: Path) -> None:
    assert not (var_dir / "pgdata" / "postmaster.pid").exists()
    assert not (var_dir / "pgdata" / "PG_VERSION").exists()
    assert not (var_dir / "valkey" / "valkey.pid").exists()
    assert not (var_dir / "valkey" / "port").exists()


def test_status_on_stopped_services_reports_stopped_and_starts_nothing(tmp_path):
    report = json.loads(manage(tmp_path, "services", "status", "--json").strip().splitlines()[-1])
    assert report["postgres"]["running"] is False and report["valkey"]["running"] is False
    assert report["postgres"]["data"] == str(tmp_path / "pgdata")
    assert_nothing_started(tmp_path)
    text = manage(tmp_path, "services", "status")
    assert "stopped" in text and "running" not in text
    assert_nothing_started(tmp_path)


def test_down_on_stopped_services_starts_nothing_first(tmp_path):
    out = manage(tmp_path, "services", "down")
    assert "postgres: was not running" in out and "valkey:   was not running" in out
    assert_nothing_started(tmp_path)


def test_autostart_off_gives_an_endpoint_that_refuses_instead_of_starting(tmp_path, monkeypatch):
    monkeypatch.setenv("QUORUM_VAR_DIR", str(tmp_path))
    monkeypatch.setenv("QUORUM_EMBEDDED_AUTOSTART", "0")
    endpoint = embedded.postgres_endpoint()
    assert endpoint.host == str(tmp_path / "pgdata")
    assert embedded.valkey_endpoint() == "redis://127.0.0.1:1"
    assert_nothing_started(tmp_path)


@pytest.mark.django_db
def test_other_processes_still_autostart_by_default(monkeypatch):
    monkeypatch.delenv("QUORUM_EMBEDDED_AUTOSTART", raising=False)
    assert embedded.autostart() is True
    assert embedded.postgres_endpoint() == embedded.postgres_up()  # the running shared server, reused
