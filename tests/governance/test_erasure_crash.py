"""Must-show: a worker killed in the middle of an erasure loses nothing; after restart the
request completes with residue 0 (the erasure runs in one transaction, re-run from the sweep)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection
from rest_framework.test import APIClient

from config.actors import Actor
from config.celery import app
from config.faults import table_locked
from governance.models import DataSubjectRequest
from governance.services.dsr import dsr_submit
from governance.tasks import dsr_execute_task
from memory.models import Memory, Subject
from memory.consolidation.run import CONSOLIDATOR, consolidation_run_subject
from tests.conftest import auth, stop_process, wait_until

ROOT = Path(__file__).resolve().parents[2]
QUEUE = "rights-crash-test"


def start_worker(name: str) -> subprocess.Popen:
    env = dict(os.environ, DJANGO_SETTINGS_MODULE="config.settings.test",
               QUORUM_DATABASE_NAME=settings.DATABASES["default"]["NAME"])
    proc = subprocess.Popen([sys.executable, "-m", "celery", "-A", "config", "worker", "-Q", QUEUE, "--pool=solo",
                             f"--hostname={name}@%h", "--without-gossip", "--without-mingle", "--loglevel=WARNING"],
                            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if app.control.ping(timeout=0.5, destination=[f"{name}@{os.uname().nodename}"]):
            return proc
    proc.kill()
    raise RuntimeError("worker did not start")


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_killed_worker_mid_erasure_then_restart_completes_with_zero_residue(make_agent):
    for i in range(2):
        _, key = make_agent(f"crash{i}")
        auth(APIClient(), key).post("/api/v1/memories", {
            "subject": "ana", "kind": "fact", "content": "Marcador-Crash-55 es su color favorito",
            "key": "colour", "category": "user.behavior", "asserted_by": "user", "session_id": f"s{i}",
            "origin_ref": f"u{i}"}, format="json")
    subject = Subject.objects.get(external_ref="ana")
    consolidation_run_subject(actor=CONSOLIDATOR, subject_id=subject.pk)
    request = dsr_submit(actor=Actor.system("dpo"), subject_id=subject.pk, type="erasure", scope={"all": True},
                         verified=False)
    DataSubjectRequest.objects.filter(pk=request.pk).update(status="verified")

    # Block the erasure mid-transaction: the receipt table is locked by another session.
    with table_locked("governance_erasurereceipt", hold_seconds=90) as taken:
        assert taken
        first = start_worker("crash-a")
        try:
            dsr_execute_task.apply_async(args=[str(request.pk)], queue=QUEUE)

            def blocked_in_erasure() -> bool:
                with connection.cursor() as cursor:
                    cursor.execute("SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' "
                                   "AND datname = current_database()")
                    return cursor.fetchone()[0] > 0

            assert wait_until(blocked_in_erasure)
            assert DataSubjectRequest.objects.get(pk=request.pk).status == "in_progress"
            first.send_signal(signal.SIGKILL)  # the worker dies mid-erasure
            first.wait(10)
            with connection.cursor() as cursor:  # as when its host vanishes: its session ends
                cursor.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                               "WHERE wait_event_type = 'Lock' AND datname = current_database() "
                               "AND pid <> pg_backend_pid()")
        finally:
            if first.poll() is None:
                first.kill()
    # Nothing half-done: the deletions rolled back with the dead transaction.
    assert Memory.objects.filter(subject__external_ref="ana").count() == 2
    assert DataSubjectRequest.objects.get(pk=request.pk).status == "in_progress"
    second = start_worker("crash-b")
    try:
        dsr_execute_task.apply_async(args=[str(request.pk)], queue=QUEUE)  # what the 5-minute sweep sends
        assert wait_until(lambda: DataSubjectRequest.objects.get(pk=request.pk).status == "completed")
    finally:
        stop_process(second, timeout=20)
    done = DataSubjectRequest.objects.get(pk=request.pk)
    assert done.receipt.residue["matches"] == 0 and done.receipt.counts["memories"] == 2
    assert not Subject.objects.filter(external_ref="ana").exists()
