"""Dashboard sign-in: Django's login form with CSRF, and a lockout per username and per address (axes).

Usernames are normalised (NFKC, case folding, surrounding space) at sign-up and sign-in, so the
variants of one username share its lockout counter.
"""

from __future__ import annotations

import time
from datetime import timedelta
from io import StringIO

import pytest
from axes.models import AccessAttempt
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from django.db.models import F
from django.test import Client

from config.admin import NormalisedUserCreationForm
from config.usernames import normalise_username

pytestmark = pytest.mark.django_db

LOGIN = "/accounts/login/"
RIGHT = "correct-horse-9"


@pytest.fixture
def user():
    return get_user_model().objects.create_user(username="ana", password=RIGHT)


def logins():
    """Usernames of the real logins (guardian keeps an ``AnonymousUser`` row of its own)."""
    return sorted(get_user_model().objects.exclude(username="AnonymousUser").values_list("username", flat=True))


def sign_in(username: str, password: str, address: str = "127.0.0.1") -> tuple[Client, object]:
    client = Client(REMOTE_ADDR=address)
    return client, client.post(LOGIN, {"username": username, "password": password})


def signed_in(client: Client) -> bool:
    return client.get("/").context["user"].is_authenticated


def assert_locked(response, settings) -> int:
    assert response.status_code == 429
    retry_after = int(response["Retry-After"])
    assert 1 <= retry_after <= settings.QUORUM_LOGIN_LOCKOUT_SECONDS
    assert b"Too many attempts" in response.content
    return retry_after


def test_correct_password_signs_in(user):
    client, response = sign_in("ana", RIGHT)
    assert response.status_code == 302
    assert signed_in(client)


def test_ten_failures_lock_the_account_even_for_the_right_password(user, settings):
    for attempt in range(1, settings.QUORUM_LOGIN_FAILURE_LIMIT + 1):
        _, response = sign_in("ana", "wrong")
        # The failure that reaches the limit is already answered with the lock.
        assert response.status_code == (429 if attempt == settings.QUORUM_LOGIN_FAILURE_LIMIT else 200)
    client, locked = sign_in("ana", RIGHT)
    assert_locked(locked, settings)
    assert not signed_in(client)


def test_failures_from_thirty_addresses_lock_the_username_until_the_lockout_ends(user, settings):
    for n in range(30):
        sign_in("ana", "wrong", address=f"127.0.0.{n + 2}")
    assert sum(AccessAttempt.objects.filter(username="ana").values_list("failures_since_start", flat=True)) >= 10
    # A fresh address with the right password is refused: the username itself is locked.
    client, locked = sign_in("ana", RIGHT, address="127.0.0.200")
    assert_locked(locked, settings)
    assert not signed_in(client)
    # Move the clock: the failures happened almost a whole lockout ago (8 s left).
    AccessAttempt.objects.update(
        attempt_time=F("attempt_time") - timedelta(seconds=settings.QUORUM_LOGIN_LOCKOUT_SECONDS - 8))
    client, still_locked = sign_in("ana", RIGHT, address="127.0.0.201")
    retry_after = assert_locked(still_locked, settings)
    assert retry_after <= 8
    assert not signed_in(client)
    # Refused attempts during the lock do not extend it: once Retry-After has passed, the right
    # password works.
    time.sleep(retry_after + 0.5)
    client, response = sign_in("ana", RIGHT, address="127.0.0.202")
    assert response.status_code == 302
    assert signed_in(client)


def test_ten_failures_from_one_address_lock_that_address_for_every_username(user, settings):
    for n in range(settings.QUORUM_LOGIN_FAILURE_LIMIT):
        sign_in(f"nobody-{n}", "wrong", address="10.1.2.3")
    client, locked = sign_in("ana", RIGHT, address="10.1.2.3")
    assert_locked(locked, settings)
    assert not signed_in(client)
    # The username is not locked: another address signs in.
    client, response = sign_in("ana", RIGHT, address="10.9.9.9")
    assert response.status_code == 302
    assert signed_in(client)


def test_a_success_does_not_wipe_the_addresses_failures_against_other_usernames(user, settings):
    get_user_model().objects.create_user(username="mallory", password="mallory-pass-1")
    limit = settings.QUORUM_LOGIN_FAILURE_LIMIT
    for n in range(limit - 1):
        sign_in("ana", "wrong", address=f"10.0.0.{n + 1}")
        # The attacker signs in to their own account from the same address after each guess.
        sign_in("mallory", "mallory-pass-1", address=f"10.0.0.{n + 1}")
    sign_in("ana", "wrong", address="10.0.0.99")
    _, locked = sign_in("ana", RIGHT, address="10.0.0.100")
    assert_locked(locked, settings)


@pytest.mark.parametrize("variant", ["ＡＮＡ", " ana ", "Ana", "ａｎａ\u3000"])
def test_a_username_variant_signs_in_as_the_same_user(user, variant):
    client, response = sign_in(variant, RIGHT)
    assert response.status_code == 302
    assert client.get("/").context["user"].pk == user.pk


def test_username_variants_share_one_lockout_counter(user, settings):
    variants = ["ＡＮＡ", " ana ", "Ana", "ana"]
    for n in range(settings.QUORUM_LOGIN_FAILURE_LIMIT):
        sign_in(variants[n % len(variants)], "wrong", address=f"192.0.2.{n + 1}")
    assert set(AccessAttempt.objects.values_list("username", flat=True)) == {"ana"}
    for n, variant in enumerate(variants):
        client, locked = sign_in(variant, RIGHT, address=f"198.51.100.{n + 1}")
        assert_locked(locked, settings)
        assert not signed_in(client)


def test_failures_keep_the_username_out_of_logs_and_stored_request_copies(caplog):
    get_user_model().objects.create_user(username="xiomara", password=RIGHT)
    caplog.set_level("DEBUG", logger="axes")
    for variant in ("ＸＩＯＭＡＲＡ", " Xiomara "):
        sign_in(variant, "wrong-secret", address="203.0.113.7")
    text = " ".join(r.getMessage() for r in caplog.records if r.name.startswith("axes")).casefold()
    assert "new login failure" in text  # axes did log the failures …
    assert "xiomara" not in text and "ｘｉｏｍａｒａ" not in text  # … without the username,
    assert "203.0.113.7" not in text and "wrong-secret" not in text  # the address or the password
    assert set(AccessAttempt.objects.values_list("username", flat=True)) == {"xiomara"}
    for post_data in AccessAttempt.objects.values_list("post_data", flat=True):
        assert "xiomara" not in post_data.casefold() and "ｘｉｏｍａｒａ" not in post_data.casefold()
        assert "wrong-secret" not in post_data


@pytest.mark.parametrize("raw, expected", [("ＡＮＡ", "ana"), (" Ana\t", "ana"), ("ﬁona", "fiona"),
                                           ("Straße", "strasse"), ("\u3000ana", "ana")])
def test_normalise_username(raw, expected):
    assert normalise_username(raw) == expected


def test_sign_up_stores_the_normalised_username_and_refuses_a_variant_of_a_taken_one():
    call_command("subject_user_create", "--subject", "ana", "--username", " Ana ", "--password", "pw-ana-12345",
                 stdout=StringIO())
    assert logins() == ["ana"]
    for variant in ("ＡＮＡ", "ana", " ana "):
        with pytest.raises(CommandError, match="username_taken"):
            call_command("subject_user_create", "--subject", "bob", "--username", variant, "--password", "pw-bob-12345",
                         stdout=StringIO())
    assert logins() == ["ana"]
    # The same person re-running it resets their own password.
    call_command("subject_user_create", "--subject", "ana", "--username", "ＡＮＡ", "--password", "pw-ana-67890",
                 stdout=StringIO())
    client, response = sign_in("ana", "pw-ana-67890")
    assert response.status_code == 302


def test_sign_up_refuses_to_take_over_an_operator_login(user):
    with pytest.raises(CommandError, match="username_taken"):
        call_command("subject_user_create", "--subject", "bob", "--username", "ANA", "--password", "pw-bob-12345",
                     stdout=StringIO())
    assert user.__class__.objects.get(pk=user.pk).check_password(RIGHT)


def test_admin_user_creation_refuses_a_variant_and_stores_the_normalised_name(user):
    taken = NormalisedUserCreationForm(data={"username": " ＡＮＡ", "password1": "x-Long-pass-91",
                                             "password2": "x-Long-pass-91"})
    assert not taken.is_valid()
    assert "username" in taken.errors
    fresh = NormalisedUserCreationForm(data={"username": " Bob ", "password1": "x-Long-pass-91",
                                             "password2": "x-Long-pass-91"})
    assert fresh.is_valid(), fresh.errors
    assert fresh.save().username == "bob"


def test_reviewer_grant_finds_the_user_by_a_variant(user):
    call_command("reviewer_grant", "--username", " ＡＮＡ ", "--all", stdout=StringIO())
    assert get_user_model().objects.get(pk=user.pk).has_perm("memory.review_subject")


def test_login_form_requires_csrf(user):
    client = Client(enforce_csrf_checks=True)
    response = client.post(LOGIN, {"username": "ana", "password": RIGHT})
    assert response.status_code == 403
