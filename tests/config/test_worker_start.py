"""Each Celery pool process's start (``config.worker_start``): the warm-up runs in the pool process,
is switchable, and a broken Apertium does not stop the worker."""

from __future__ import annotations

import gc
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import psutil
import pytest
from django.conf import settings

from config import worker_start
from config.celery import app
from config.runner import WORKER_OMP_ENV
from memory.equivalence import bilingual, warm
from tests.conftest import ROOT, stop_process


def test_the_settings_give_a_warm_up_room_to_finish() -> None:
    """Celery kills a pool process that has not reported up in ``worker_proc_alive_timeout`` (4 s by
    default): a warm-up of about a second on a loaded machine needs more room than that."""
    assert app.conf.worker_proc_alive_timeout >= 20
    assert settings.QUORUM_WORKER_WARMUP == "auto"


@pytest.mark.parametrize(("mode", "queues", "on"), [
    ("auto", {"rights", "default", "consolidation"}, True),  # make run's worker
    ("auto", {"consolidation"}, True),
    ("auto", None, True),  # every queue
    ("auto", {"rights", "default"}, False),  # the chain never runs there: no pipelines to carry
    ("on", {"rights", "default"}, True),
    ("1", {"rights"}, True),
    ("off", {"consolidation"}, False),
    ("0", None, False),
])
def test_the_warm_up_is_switchable_and_the_ready_file_says_so(mode, queues, on, settings, tmp_path,  # noqa: ANN001
                                                              monkeypatch) -> None:  # noqa: ANN001
    calls: list[int] = []

    def fake() -> warm.WarmUp:
        calls.append(os.getpid())
        return warm.WarmUp(seconds=0.5, apertium_seconds=0.25, apertium=True, ok=True)

    monkeypatch.setattr(warm, "warm_up", fake)
    monkeypatch.setattr(worker_start.gc, "freeze", lambda: None)  # not this test process's collector
    settings.QUORUM_WORKER_WARMUP = mode
    settings.QUORUM_WORKER_READY_DIR = str(tmp_path)
    monkeypatch.setattr(worker_start, "_CONSUMES", None)
    worker_start.worker_queues_record(None if queues is None else {name: object() for name in queues})
    report = worker_start.pool_process_start()
    assert calls == ([os.getpid()] if on else [])
    written = json.loads((tmp_path / f"{os.getpid()}.json").read_text())
    assert written == report
    assert written["warmup"] is on
    assert written["warmup_seconds"] == (0.5 if on else 0.0)
    assert written["start_seconds"] >= 0


@pytest.fixture(autouse=True)
def _collector_thresholds_kept():
    """``pool_process_start`` sets the collector's thresholds: this test process's are put back."""
    saved = gc.get_threshold()
    yield
    gc.set_threshold(*saved)


@pytest.mark.parametrize(("young", "expected"), [(10_000, 10_000), (2_500, 2_500), (0, 700)])
def test_the_youngest_threshold_is_raised_after_the_freeze(young, expected, settings, monkeypatch) -> None:  # noqa: ANN001
    """perf51b: a pool process collects its youngest generation every ``QUORUM_WORKER_GC_YOUNG``
    allocations (0: Python's 700), the older generations at Python's thresholds."""
    gc.set_threshold(700, 10, 10)
    monkeypatch.setattr(worker_start.gc, "freeze", lambda: None)  # not this test process's collector
    settings.QUORUM_WORKER_WARMUP = "off"
    settings.QUORUM_WORKER_READY_DIR = ""
    settings.QUORUM_WORKER_GC_YOUNG = young
    report = worker_start.pool_process_start()
    assert gc.get_threshold() == (expected, 10, 10)
    assert report["gc_threshold"] == [expected, 10, 10]


def test_the_default_threshold_is_ten_thousand() -> None:
    assert settings.QUORUM_WORKER_GC_YOUNG == 10_000


def _worker(tmp_path: Path, extra_env: dict[str, str]) -> tuple[subprocess.Popen[bytes], Path, Path]:
    """A prefork worker with one pool process, on a queue no task is sent to (the warm-up forced on:
    ``auto`` warms only a worker that consumes ``consolidation``)."""
    ready = tmp_path / "ready"
    ready.mkdir()
    log_path = tmp_path / "worker.log"
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings.test", "QUORUM_WORKER_READY_DIR": str(ready),
           "QUORUM_DATABASE_NAME": settings.DATABASES["default"]["NAME"], "QUORUM_WORKER_WARMUP": "on",
           **WORKER_OMP_ENV, **extra_env}
    proc = subprocess.Popen([sys.executable, "-m", "celery", "-A", "config", "worker", "-Q", "worker-start-test",
                             "--concurrency", "1", "--hostname", f"worker-start-test-{os.getpid()}@%h",
                             "--without-gossip", "--without-mingle", "--loglevel", "INFO"],
                            cwd=ROOT, env=env, stdout=log_path.open("wb"), stderr=subprocess.STDOUT)
    return proc, ready, log_path


def _ready(proc: subprocess.Popen[bytes], ready: Path, log_path: Path) -> dict:
    deadline = time.monotonic() + 90
    while not (files := list(ready.glob("*.json"))):
        assert proc.poll() is None, log_path.read_text()
        assert time.monotonic() < deadline, log_path.read_text()
        time.sleep(0.05)
    return json.loads(files[0].read_text())


def test_the_warm_up_runs_in_the_pool_process(tmp_path) -> None:  # noqa: ANN001
    bilingual.available.cache_clear()
    if not bilingual.available():  # as tests/memory/equivalence's apertium_installed: fail, not skip
        pytest.fail("Apertium's Spanish-English pair is missing (scripts/system_packages.sh installs it)")
    proc, ready, log_path = _worker(tmp_path, {})
    try:
        report = _ready(proc, ready, log_path)
        pool = psutil.Process(report["pid"])
        assert report["pid"] != proc.pid and pool.ppid() == proc.pid  # the forked pool process, not the parent
        assert report["warmup"] and report["warmup_ok"] and report["apertium"]
        assert report["gc_threshold"][0] == 10_000  # the pool process's collector (perf51b)
        # its own Apertium pipelines run under it: two directions, analysis and translation
        shells = [c for c in pool.children() if c.name() == "sh"]
        assert len(shells) == 4
        assert not [c for c in psutil.Process(proc.pid).children() if c.name() == "sh"]
    finally:
        stop_process(proc, timeout=20)


def test_a_broken_apertium_does_not_stop_the_worker(tmp_path) -> None:  # noqa: ANN001
    broken = tmp_path / "apertium"
    broken.mkdir()
    for name in ("spa-eng.autobil.bin", "eng-spa.autobil.bin", "spa-eng.automorf.bin", "eng-spa.automorf.bin"):
        (broken / name).write_bytes(b"not a transducer")
    proc, ready, log_path = _worker(tmp_path, {"QUORUM_APERTIUM_DIR": str(broken)})
    try:
        report = _ready(proc, ready, log_path)
        assert proc.poll() is None and psutil.Process(report["pid"]).is_running()
        assert report["warmup"] and not report["apertium"]
        log = log_path.read_text()
        if report["warmup_ok"] is False:  # Apertium's binaries are installed: the pipelines died
            assert "warm-up: the Apertium pipelines did not start (OSError)" in log
        for pair in warm.PROBES:  # the probes' text is never logged
            assert not any(text in log for text in pair)
    finally:
        stop_process(proc, timeout=20)


def test_auto_reads_the_queues_the_main_process_consumes(tmp_path) -> None:  # noqa: ANN001
    """``worker_init`` records ``-Q`` in the main process; the forked pool process reads it: a worker
    that does not consume ``consolidation`` starts no pipeline."""
    proc, ready, log_path = _worker(tmp_path, {"QUORUM_WORKER_WARMUP": "auto"})
    try:
        report = _ready(proc, ready, log_path)
        assert report["pid"] != proc.pid
        assert report["warmup"] is False and report["warmup_seconds"] == 0.0
        assert not [c for c in psutil.Process(report["pid"]).children() if c.name() == "sh"]
    finally:
        stop_process(proc, timeout=20)
