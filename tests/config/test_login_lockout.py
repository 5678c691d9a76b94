"""Dashboard sign-in: Django's login form with CSRF, and a lockout after repeated failures (axes)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

pytestmark = pytest.mark.django_db


@pytest.fixture
def user():
    return get_user_model().objects.create_user(username="reviewer", password="correct-horse-9")


def test_correct_password_signs_in(user):
    client = Client()
    response = client.post("/accounts/login/", {"username": "reviewer", "password": "correct-horse-9"})
    assert response.status_code == 302
    assert client.get("/").context["user"].is_authenticated


def test_ten_failures_lock_the_account_even_for_the_right_password(user, settings):
    client = Client()
    for _ in range(settings.AXES_FAILURE_LIMIT):
        response = client.post("/accounts/login/", {"username": "reviewer", "password": "wrong"})
        assert response.status_code in (200, 429)
    locked = client.post("/accounts/login/", {"username": "reviewer", "password": "correct-horse-9"})
    assert locked.status_code == 429
    assert not Client().get("/").context["user"].is_authenticated


def test_login_form_requires_csrf(user):
    client = Client(enforce_csrf_checks=True)
    response = client.post("/accounts/login/", {"username": "reviewer", "password": "correct-horse-9"})
    assert response.status_code == 403
