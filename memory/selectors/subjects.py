"""Reads of subjects (the people, and the workspace, that memories are about) for other apps.

Governance's rights and review code finds people through these, never through memory's tables.
"""

from __future__ import annotations

import uuid
from typing import Any

from django.db.models import QuerySet
from guardian.shortcuts import get_objects_for_user

from memory.models import Subject

REVIEW_PERMISSION = "memory.review_subject"


def subject_get(*, subject_id: uuid.UUID | str) -> Subject | None:
    return Subject.objects.filter(pk=subject_id).first()


def subject_get_by_ref(*, external_ref: str) -> Subject | None:
    return Subject.objects.filter(external_ref=external_ref).first()


def subject_login(*, subject_id: uuid.UUID | str) -> dict[str, Any] | None:
    """The person's portal login id and reference (``{"user_id", "external_ref"}``), or None if erased."""
    return Subject.objects.filter(pk=subject_id).values("user_id", "external_ref").first()


def subject_ids_reviewable_by(user: Any) -> QuerySet:
    """The ids of the people ``user`` may review: the django-guardian object permission
    ``memory.review_subject`` on the person, or the global permission (operators)."""
    return get_objects_for_user(user, REVIEW_PERMISSION, klass=Subject, accept_global_perms=True).values("pk")
