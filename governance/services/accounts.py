"""Whole-person erasure of what exists only because of the person's portal login (docs/privacy.md).

The portal account is **deleted**, not pseudonymised: it holds nothing Quorum must keep (the
data-subject request row keeps no foreign key to it and its receipt stays readable through the
receipt link and by operators). With it go its sessions, its django-guardian object permissions
(and everyone's object permissions on the erased person), the admin log rows it authored, and the
django-axes login records (attempts, failures, access log) filed under its username, its e-mail
or the person's reference. Another person's account whose name merely contains the reference is
never touched: the residue scan names ``auth_user.username`` and the request ends ``failed`` for
an operator to decide (docs/operations.md).

Runs inside the erasure's transaction, before the residue scan: a rollback restores all of it.
Counts only are returned and audited — never a username, e-mail or reference.
"""

from __future__ import annotations

import uuid

from django.contrib.auth import get_user_model
from django.db.models import Q

from config.actors import Actor
from config.audit import audit

#: The residue scan ignores values shorter than this (memory.services.erasure.MIN_SCANNED_CHARS);
#: login records are matched by substring of the reference only from the same length on, so a
#: short reference ("ana") never sweeps up another person's records ("banana").
MIN_SUBSTRING_CHARS = 6


def _axes_filter(names: set[str], reference: str) -> Q:
    clause = Q(pk__in=[])
    for name in names:
        clause |= Q(username__iexact=name)
    if len(reference) >= MIN_SUBSTRING_CHARS:
        clause |= Q(username__icontains=reference)
    return clause


def _sessions_of(user_id: int) -> list[str]:
    from django.contrib.sessions.models import Session

    keys = []
    for session in Session.objects.only("session_key", "session_data").iterator(chunk_size=500):
        try:
            data = session.get_decoded()
        except Exception:  # noqa: BLE001 - a corrupt or foreign-signed session is no one's
            continue
        if str(data.get("_auth_user_id", "")) == str(user_id):
            keys.append(session.session_key)
    return keys


def portal_account_erase(*, actor: Actor, subject_id: uuid.UUID, user_id: int | None,
                         reference: str) -> dict[str, int]:
    """Delete the person's login and its traces; returns counts per store (all zero if none)."""
    from axes.models import AccessAttempt, AccessFailureLog, AccessLog
    from django.contrib.admin.models import LogEntry
    from django.contrib.contenttypes.models import ContentType
    from django.contrib.sessions.models import Session
    from guardian.models import GroupObjectPermission, UserObjectPermission

    user_model = get_user_model()
    user = user_model.objects.filter(pk=user_id).first() if user_id is not None else None
    names = {reference} if reference else set()
    counts = {"portal_accounts": 0, "sessions": 0, "object_permissions": 0, "admin_log_entries": 0}
    subject_type = ContentType.objects.filter(app_label="memory", model="subject").first()
    if subject_type is not None:  # permissions on the person (reviewer grants) outlive no one
        on_person = {"content_type": subject_type, "object_pk": str(subject_id)}
        counts["object_permissions"] += UserObjectPermission.objects.filter(**on_person).delete()[0]
        counts["object_permissions"] += GroupObjectPermission.objects.filter(**on_person).delete()[0]
    if user is not None:
        names |= {n for n in (user.get_username(), getattr(user, "email", "")) if n}
        keys = _sessions_of(user.pk)
        counts["sessions"] = Session.objects.filter(session_key__in=keys).delete()[0]
        counts["object_permissions"] += UserObjectPermission.objects.filter(user=user).delete()[0]
        counts["admin_log_entries"] = LogEntry.objects.filter(user=user).delete()[0]
        user.delete()
        counts["portal_accounts"] = 1
    login_records = _axes_filter(names, reference)
    counts["login_attempts"] = AccessAttempt.objects.filter(login_records).delete()[1].get("axes.AccessAttempt", 0)
    counts["login_failures"] = AccessFailureLog.objects.filter(login_records).delete()[0]
    counts["access_log"] = AccessLog.objects.filter(login_records).delete()[0]
    audit(actor=actor, action="subject.account_erased", object_type="subject", object_id=subject_id,
          data={"counts": counts})
    return counts
