"""Suppression keys: what an erasure forbids the memory layer to learn or accept again.

Two kinds of keyed HMAC share the ``Suppression`` table (written by erasure through
``governance.services.suppressions``; only the HMAC is kept, never the reference, value or root):

* fact keys — (person reference, fact key, normalised value or statement): the consolidation
  gate does not promote the same fact about the same person again;
* erased-root keys — (person reference, ``origin_ref``) of every memory an erasure removed: a
  later write about the same person naming the same root is refused (409 ``erased``), so
  replaying the original write cannot bring the erased memory back.

The root HMAC key is derived from ``SECRET_KEY`` under its own label, so a root key can never
equal a fact key whatever the inputs.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Iterable
from typing import Any

from django.conf import settings
from django.db import connection

from config.db import where_any_sql
from config.text import normalize
from governance.models import Suppression

_ROOT_LABEL = b"quorum/erased-root/v1"


def fact_suppression_key(*, subject_ref: str, key: str, value: Any, statement: str) -> str:
    """The key of a collective fact about the person ``subject_ref`` (its value, else its statement)."""
    basis = normalize(str(value)) if value not in (None, "", [], {}) else normalize(statement)
    message = f"{subject_ref}\x1f{key}\x1f{basis}".encode()
    return hmac.new(settings.SECRET_KEY.encode(), message, hashlib.sha256).hexdigest()


def erased_root_keys(*, subject_ref: str, origin_refs: Iterable[str]) -> set[str]:
    """The keys of ``origin_refs`` (empty ones skipped) about the person ``subject_ref``."""
    derived = hmac.new(settings.SECRET_KEY.encode(), _ROOT_LABEL, hashlib.sha256).digest()
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


def suppressed_keys(keys: Iterable[str]) -> set[str]:
    """Which of ``keys`` are suppressed (one indexed query).

    One fixed statement with the keys as one array parameter (perf52b): the rows of
    ``Suppression.objects.filter(key__in=…)``, without building and compiling a new statement for
    each count of keys (a consolidation run asks once, for each of its clusters' keys)."""
    wanted = list(set(keys))
    if not wanted:
        return set()
    with connection.cursor() as cursor:
        cursor.execute(where_any_sql(Suppression, "key", ("key",)), [wanted])
        return {key for key, in cursor.fetchall()}


def root_is_erased(*, subject_ref: str, origin_ref: str) -> bool:
    """One indexed lookup: was ``origin_ref`` erased for the person ``subject_ref``?"""
    if not origin_ref:
        return False
    return Suppression.objects.filter(key=erased_root_key(subject_ref=subject_ref, origin_ref=origin_ref)).exists()
