"""One spelling per portal login: usernames are compared and stored normalised (DESIGN §8).

``normalise_username`` is NFKC, then case folding, then NFKC again (folding can produce
non-normalised text), with surrounding whitespace stripped — so ``ＡＮＡ``, `` ana `` and ``Ana``
are all ``ana``. Every place that creates a login (``subject_user_create``, the demo world,
the admin) stores the normalised form and refuses a second login whose normalised form is taken;
sign-in normalises before the lookup (``NormalisedUsernameBackend``) and before axes counts the
failure (``config.login_lockout.axes_username``), so the variants share one lockout counter.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend
from django.http import HttpRequest


def normalise_username(raw: str) -> str:
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", raw).casefold())
    return folded.strip()


def username_taken(username: str, *, exclude_pk: int | None = None) -> bool:
    """Whether another login already has this username once normalised."""
    users = get_user_model().objects.filter(username=normalise_username(username))
    if exclude_pk is not None:
        users = users.exclude(pk=exclude_pk)
    return users.exists()


class NormalisedUsernameBackend(ModelBackend):
    """Django's model backend, looking the user up by the normalised username."""

    def authenticate(self, request: HttpRequest | None, username: str | None = None,
                     password: str | None = None, **kwargs: Any) -> Any:
        if username is None:
            username = kwargs.get(get_user_model().USERNAME_FIELD)
        if username is None or password is None:
            return None
        return super().authenticate(request, username=normalise_username(username), password=password)
