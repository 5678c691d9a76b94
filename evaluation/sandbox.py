"""The throwaway world an evaluation runs in: a fresh database and a separate Redis index.

Default: a new database ``quorum_eval_<pid>`` on the same PostgreSQL server, created and migrated
with Django's test-database machinery (which also seeds the reference data through the data
migrations), and a Redis database index of its own (``QUORUM_EVAL_REDIS_DB``, default 13) that is
flushed before and after. The default connection, the cache, the shared Redis client and the
Celery broker point there for the run; everything is dropped at the end, also on an error, Ctrl-C
or SIGTERM. The operator's data is never read or written.

``in_place``: the caller already runs on a throwaway *test* database (pytest): use it and its
Redis index as they are. Refused on any database whose name does not say it is throwaway.
"""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from urllib.parse import urlparse

from django.conf import settings
from django.core.management.base import CommandError
from django.db import connection
from django.test.utils import override_settings

from config.celery import app
from config.redis import make_client, reset_redis
from governance.seed import seed_reference_data

THROWAWAY_PREFIXES = ("test_", "quorum_eval_")


def redis_url_with_index(url: str, index: int) -> str:
    parsed = urlparse(url)
    return parsed._replace(path=f"/{index}").geturl()


def _interrupt(signum, frame):  # noqa: ANN001, ANN202 - signal handler signature
    raise KeyboardInterrupt


@contextmanager
def sandbox(*, in_place: bool) -> Iterator[str]:
    """Yield the name of the database the evaluation may freely write to."""
    if in_place:
        name = str(connection.settings_dict["NAME"])
        if not name.startswith(THROWAWAY_PREFIXES):
            raise CommandError("--in-place only runs on a throwaway test database")
        seed_reference_data()
        with override_settings(ALLOWED_HOSTS=[*settings.ALLOWED_HOSTS, "testserver"]):
            yield name
        return

    index = int(os.environ.get("QUORUM_EVAL_REDIS_DB", "13"))
    operator_index = int(urlparse(settings.REDIS_URL).path.strip("/") or 0)
    if index == operator_index:
        raise CommandError("QUORUM_EVAL_REDIS_DB must differ from the application's Redis database index")
    redis_url = redis_url_with_index(settings.REDIS_URL, index)
    caches = {**settings.CACHES, "default": {**settings.CACHES["default"], "LOCATION": redis_url}}

    old_name = connection.settings_dict["NAME"]
    eval_name = f"quorum_eval_{os.getpid()}"
    connection.settings_dict.setdefault("TEST", {})["NAME"] = eval_name
    in_main_thread = threading.current_thread() is threading.main_thread()
    previous_term = signal.signal(signal.SIGTERM, _interrupt) if in_main_thread else None
    created = False
    broker = (app.conf.broker_url, app.conf.result_backend)
    try:
        with override_settings(REDIS_URL=redis_url, CELERY_BROKER_URL=redis_url, CELERY_RESULT_BACKEND=redis_url,
                               CACHES=caches, ALLOWED_HOSTS=[*settings.ALLOWED_HOSTS, "testserver"]):
            app.conf.broker_url = app.conf.result_backend = redis_url
            reset_redis()
            make_client(redis_url).flushdb()
            connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False, keepdb=False)
            created = True
            try:
                yield eval_name
            finally:
                with suppress(Exception):
                    make_client(redis_url).flushdb()
    finally:
        if created:
            connection.close()
            connection.creation.destroy_test_db(old_name, verbosity=0, keepdb=False)
        app.conf.broker_url, app.conf.result_backend = broker
        reset_redis()
        if in_main_thread:
            signal.signal(signal.SIGTERM, previous_term)
