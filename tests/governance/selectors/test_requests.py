"""``governance.selectors.requests``: what the rights sweep resumes and what waits for an operator."""

from __future__ import annotations

import pytest

from config.actors import Actor
from governance.models import DataSubjectRequest
from governance.selectors.requests import requests_failed, requests_to_resume
from governance.services.dsr import dsr_submit
from memory.services.memories import subject_get_or_create

pytestmark = pytest.mark.django_db


def test_the_sweep_resumes_verified_and_in_progress_requests_only():
    subject = subject_get_or_create(external_ref="ana")
    by_status = {}
    paths = {"received": [], "verified": ["verified"], "in_progress": ["verified", "in_progress"],
             "failed": ["verified", "in_progress", "failed"],
             "completed": ["verified", "in_progress", "completed"]}  # the transitions the database allows
    for status, path in paths.items():
        request = dsr_submit(actor=Actor.system("tests"), subject_id=subject.pk, type="access", scope={"all": True},
                             verified=False)
        for step in path:
            DataSubjectRequest.objects.filter(pk=request.pk).update(status=step)
        by_status[status] = request.pk
    assert sorted(requests_to_resume(), key=str) == sorted([by_status["verified"], by_status["in_progress"]], key=str)
    assert [r.pk for r in requests_failed()] == [by_status["failed"]]
