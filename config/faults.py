"""Fault injection for degradation checks (the evaluation's operation suite and the tests).

Never used on a request path: it exists to prove that recall degrades instead of failing when a
table is held by another session (DESIGN §6).
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

from django.db import connection, transaction


@contextmanager
def table_locked(table: str, *, hold_seconds: float = 15.0, wait_seconds: float = 10.0) -> Iterator[bool]:
    """Hold ``ACCESS EXCLUSIVE`` on ``table`` from another session (a thread with its own
    connection) for the ``with`` block; yields whether the lock was taken in ``wait_seconds``."""
    locked, release = threading.Event(), threading.Event()

    def hold() -> None:
        try:
            with transaction.atomic():
                with connection.cursor() as cursor:
                    cursor.execute(f"LOCK TABLE {connection.ops.quote_name(table)} IN ACCESS EXCLUSIVE MODE")
                locked.set()
                release.wait(hold_seconds)
        finally:
            connection.close()

    holder = threading.Thread(target=hold, name=f"lock-{table}")
    holder.start()
    try:
        yield locked.wait(wait_seconds)
    finally:
        release.set()
        holder.join()
