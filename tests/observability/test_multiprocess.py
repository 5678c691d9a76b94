"""Several gunicorn workers, one scrape: prometheus-client's multiprocess mode sums every worker's
counters (``PROMETHEUS_MULTIPROC_DIR``), and a scrape with PostgreSQL unreachable still answers
200 with ``quorum_database_up 0`` (a real gunicorn whose DATABASE_URL points at a closed port)."""

from __future__ import annotations

import os
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from django.conf import settings
from prometheus_client.parser import text_string_to_metric_families

from config.embedded import free_port, wait_listening
from tests.conftest import stop_process

ROOT = Path(__file__).resolve().parents[2]
REQUESTS = 8


def get(url: str) -> tuple[int, str, dict[str, str]]:
    try:
        with urllib.request.urlopen(url, timeout=30) as response:
            return response.status, response.read().decode(), dict(response.headers)
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode(), dict(exc.headers)


@pytest.mark.timeout(180)
def test_two_workers_summed_and_the_database_down_scrape_answers(tmp_path):
    metrics_dir = tmp_path / "prometheus"
    metrics_dir.mkdir()
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "REDIS_URL"}}
    env.update({"DJANGO_SETTINGS_MODULE": "config.settings.test", "REDIS_URL": settings.REDIS_BASE_URL,
                "DATABASE_URL": f"postgresql://quorum@127.0.0.1:{free_port()}/quorum",
                "QUORUM_DB_POOL_TIMEOUT": "1", "QUORUM_DB_CONNECT_TIMEOUT": "1",
                "PROMETHEUS_MULTIPROC_DIR": str(metrics_dir)})
    log_path = tmp_path / "gunicorn.log"
    with open(log_path, "w") as log:
        proc = subprocess.Popen([sys.executable, "-m", "gunicorn", "config.wsgi", "--bind", f"127.0.0.1:{port}",
                                 "--workers", "2", "--timeout", "60"],
                                cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    try:
        assert wait_listening(port, proc=proc, timeout=60), log_path.read_text()
        base = f"http://127.0.0.1:{port}"
        # Unauthenticated: answered 401 without the database, by whichever worker accepts it.
        assert [get(f"{base}/api/v1/me")[0] for _ in range(REQUESTS)] == [401] * REQUESTS
        status, text, headers = get(f"{base}/metrics")
    finally:
        stop_process(proc, timeout=20)
    assert status == 200, (status, text[:500], log_path.read_text()[-2000:])
    assert headers["Content-Type"].startswith("text/plain; version=0.0.4")
    samples = {(s.name, frozenset(s.labels.items())): s.value
               for family in text_string_to_metric_families(text) for s in family.samples}
    assert samples[("quorum_database_up", frozenset())] == 0
    count = ("quorum_http_request_duration_seconds_count",
             frozenset({"operation": "api-me", "method": "GET", "status": "401"}.items()))
    assert samples[count] == REQUESTS
    # The values came from the workers' files, not from one process's memory.
    assert list(metrics_dir.glob("histogram_*.db"))
    assert "process_cpu_seconds_total" not in text  # per-process collectors are off in multiprocess mode
    assert "quorum_embedding_backlog" not in text  # no database, no database families
