"""Reads of data-subject requests, scoped to the signed-in user (API and dashboard alike).

Operators see every request; anyone else sees the requests they filed (which outlive an erasure
of the person). Anything else is "not found", exactly like a missing request.

A whole-person erasure deletes the requester's own portal login, so the receipt is also
readable without a login through a *receipt link*: the request id plus an HMAC token (keyed by
the deployment secret) handed to the requester when the request is filed. The token reveals
nothing and opens only that request's status and receipt (ids and counts).
"""

from __future__ import annotations

import hmac
import uuid
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.core import signing
from django.db.models import Count, Min, Q, QuerySet

from config.errors import NotFoundError
from config.ids import parse_uuid
from governance.models import DataSubjectRequest


def is_operator(user: Any) -> bool:
    """Operators run the service: superusers, or users granted the data-subject-request permission."""
    return bool(user.is_authenticated and (user.is_superuser or user.has_perm("governance.add_datasubjectrequest")))


def requests_filed_by(*, user: Any) -> QuerySet[DataSubjectRequest]:
    return DataSubjectRequest.objects.filter(requested_by=f"user:{user.pk}").select_related("receipt") \
        .order_by("-created_at")


def request_get_for_user(*, user: Any, request_id: str) -> DataSubjectRequest:
    pk = parse_uuid(request_id)
    requests = DataSubjectRequest.objects.all() if is_operator(user) else requests_filed_by(user=user)
    request = requests.filter(pk=pk).select_related("receipt").first() if pk else None
    if request is None:
        raise NotFoundError()
    return request


_RECEIPT_SALT = "quorum.dsr.receipt"


def receipt_token(*, request_id: object) -> str:
    return signing.Signer(salt=_RECEIPT_SALT).signature(str(request_id))


def request_get_by_receipt_token(*, request_id: str, token: str) -> DataSubjectRequest:
    """The request a receipt link opens; a wrong token is "not found", like a missing request."""
    pk = parse_uuid(request_id)
    if pk is None or not token or not hmac.compare_digest(receipt_token(request_id=pk), str(token)):
        raise NotFoundError()
    request = DataSubjectRequest.objects.filter(pk=pk).select_related("receipt").first()
    if request is None:
        raise NotFoundError()
    return request


def requests_to_resume() -> list[uuid.UUID]:
    """The ids of requests the rights worker owes a run: verified, or interrupted in progress
    (``failed`` ones wait for an operator)."""
    return list(DataSubjectRequest.objects.filter(
        status__in=[DataSubjectRequest.Status.VERIFIED, DataSubjectRequest.Status.IN_PROGRESS])
        .values_list("pk", flat=True))


def requests_failed() -> QuerySet[DataSubjectRequest]:
    """Requests that ended ``failed`` (waiting for an operator), oldest change first."""
    return DataSubjectRequest.objects.filter(status=DataSubjectRequest.Status.FAILED).order_by("updated_at")


@dataclass(frozen=True)
class OpenRequests:
    """Open data-subject requests of one type and status, for ``/metrics`` (counts and a deadline only)."""

    type: str
    status: str
    count: int
    overdue: int  # of them, past their deadline
    nearest_deadline: datetime


def requests_open_by_type(*, now: datetime) -> list[OpenRequests]:
    """Every request not yet completed or rejected (``failed`` included), grouped: one query."""
    closed = [DataSubjectRequest.Status.COMPLETED, DataSubjectRequest.Status.REJECTED]
    rows = (DataSubjectRequest.objects.exclude(status__in=closed).order_by().values("type", "status")
            .annotate(n=Count("pk"), overdue=Count("pk", filter=Q(deadline__lt=now)), nearest=Min("deadline")))
    return [OpenRequests(type=row["type"], status=row["status"], count=row["n"], overdue=row["overdue"],
                         nearest_deadline=row["nearest"]) for row in rows]
