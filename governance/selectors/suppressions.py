"""Erased roots: the origin events (``origin_ref``) of memories an erasure removed.

An erasure records, for every distinct ``origin_ref`` of the memories it erased, a keyed HMAC of
(person reference, origin_ref) in the ``Suppression`` table. A later write about the same person
naming the same root is refused (409 ``erased``): replaying the original write must not bring the
erased memory back. Only the HMAC is kept — never the reference or the root itself.

The HMAC key is derived from ``SECRET_KEY`` under its own label, so a root key can never equal a
fact suppression key (``memory.services.erasure.suppression_key``) whatever the inputs.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Iterable

from django.conf import settings

_LABEL = b"quorum/erased-root/v1"


def erased_root_keys(*, subject_ref: str, origin_refs: Iterable[str]) -> set[str]:
    """The keys of ``origin_refs`` (empty ones skipped) about the person ``subject_ref``."""
    derived = hmac.new(settings.SECRET_KEY.encode(), _LABEL, hashlib.sha256).digest()
    base = hmac.new(derived, digestmod=hashlib.sha256)
    keys = set()
    for origin_ref in origin_refs:
        if origin_ref:
            mac = base.copy()
            mac.update(f"{subject_ref}\x1f{origin_ref}".encode())
            keys.add(mac.hexdigest())
    return keys


def erased_root_key(*, subject_ref: str, origin_ref: str) -> str:
    (key,) = erased_root_keys(subject_ref=subject_ref, origin_refs=[origin_ref])
    return key


def root_is_erased(*, subject_ref: str, origin_ref: str) -> bool:
    """One indexed lookup: was ``origin_ref`` erased for the person ``subject_ref``?"""
    if not origin_ref:
        return False
    from governance.models import Suppression

    return Suppression.objects.filter(key=erased_root_key(subject_ref=subject_ref, origin_ref=origin_ref)).exists()
