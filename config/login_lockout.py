"""Dashboard sign-in lockout (django-axes, DESIGN §8): per username and per address, 429 + Retry-After.

``QUORUM_LOGIN_FAILURE_LIMIT`` (10) failed sign-ins against one username — from any number of
addresses — lock that username, and as many from one address lock that address; either lock
refuses every sign-in it covers, the right password included, with 429 and ``Retry-After`` (the
same contract as the agent-key lockout in ``agents_registry.lockout``). A failure counts for
``QUORUM_LOGIN_LOCKOUT_SECONDS`` (60): that period is both axes' counting window and how long a
lock lasts after the failure that completed it. Attempts made while locked are not counted, so
the lock ends on time.

Axes keeps the attempts in its own tables (``axes_accessattempt``, ``axes_accesslog``) under the
normalised username (``config.usernames``); nothing of this goes to Redis.
"""

from __future__ import annotations

import ipaddress
import math
from datetime import timedelta
from typing import Any

from axes.handlers.database import AxesDatabaseHandler
from axes.helpers import get_cool_off, get_failure_limit
from axes.models import AccessAttempt
from django.conf import settings
from django.db.models import Sum
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone

from agents_registry.authentication import client_address
from config.metrics import lockout_observe
from config.usernames import normalise_username


def axes_username(request: HttpRequest | None, credentials: dict[str, Any] | None) -> str | None:
    """The username axes counts failures against: the normalised one, so variants share a counter."""
    field = settings.AXES_USERNAME_FORM_FIELD
    raw = credentials.get(field) if credentials else None
    if raw is None and request is not None:
        raw = getattr(request, "data", request.POST).get(field)
    if not isinstance(raw, str):
        return None
    return normalise_username(raw)[:255] or None


def axes_client_address(request: HttpRequest) -> str | None:
    """The same client address as the agent-key lockout (``QUORUM_TRUSTED_PROXIES``), never a spoofable header."""
    address = client_address(request)
    try:
        return str(ipaddress.ip_address(address))
    except ValueError:
        return None


def cool_off(request: HttpRequest | None = None) -> timedelta:
    return timedelta(seconds=settings.QUORUM_LOGIN_LOCKOUT_SECONDS)


def retry_after(request: HttpRequest, credentials: dict[str, Any] | None) -> int:
    """Seconds until no lock covers this request: per lock, when its limit-th newest failure expires."""
    limit = get_failure_limit(request, credentials)
    period = get_cool_off(request) or cool_off(request)
    now = timezone.now()
    longest = 0.0
    for attempts in AxesDatabaseHandler().get_user_attempts(request, credentials):
        total = 0
        for attempt_time, failures in attempts.order_by("-attempt_time").values_list(
            "attempt_time", "failures_since_start"
        ):
            total += failures
            if total >= limit:
                longest = max(longest, (attempt_time + period - now).total_seconds())
                break
    return max(1, math.ceil(longest))


def lockout_response(request: HttpRequest, original_response: HttpResponse | None = None,
                     credentials: dict[str, Any] | None = None) -> HttpResponse:
    """429 with ``Retry-After`` and the locked-out page (no username echoed back)."""
    del original_response  # the refused sign-in's own page is replaced
    lockout_observe(kind="login")
    seconds = retry_after(request, credentials)
    response = render(request, "registration/locked_out.html", {"retry_after": seconds},
                      status=settings.AXES_HTTP_RESPONSE_CODE)
    response["Retry-After"] = str(seconds)
    return response



def login_lockouts_active() -> dict[str, int]:
    """How many usernames and how many addresses a sign-in lock covers now (for ``/metrics``):
    those with ``QUORUM_LOGIN_FAILURE_LIMIT`` failures within the lockout period, one aggregate each."""
    recent = AccessAttempt.objects.filter(attempt_time__gte=timezone.now() - cool_off()).order_by()
    limit = settings.QUORUM_LOGIN_FAILURE_LIMIT
    return {field: recent.exclude(**{f"{field}__isnull": True}).values(field)
            .annotate(total=Sum("failures_since_start")).filter(total__gte=limit).count()
            for field in ("username", "ip_address")}
