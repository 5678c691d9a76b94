"""DRF authentication for agents: ``Authorization: Bearer qk_<prefix>_<secret>``."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from rest_framework import exceptions
from rest_framework.authentication import BaseAuthentication, get_authorization_header
from rest_framework.request import Request

from agents_registry import lockout
from agents_registry.errors import LockedOut
from agents_registry.models import Agent, AgentCredential
from agents_registry.services.credentials import credential_authenticate, parse_prefix


def client_address(request: Any) -> str:
    """The client's address: REMOTE_ADDR, or the entry ``QUORUM_TRUSTED_PROXIES`` hops back in X-Forwarded-For."""
    trusted = settings.QUORUM_TRUSTED_PROXIES
    if trusted:
        forwarded = [p.strip() for p in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if p.strip()]
        if len(forwarded) >= trusted:
            return forwarded[-trusted]
    return request.META.get("REMOTE_ADDR", "") or "unknown"


class InvalidCredentials(exceptions.AuthenticationFailed):
    default_detail = "Invalid API key."
    default_code = "invalid_credentials"


class AgentKeyAuthentication(BaseAuthentication):
    """Authenticates an agent by API key, enforcing the failed-attempt lockout first."""

    keyword = "bearer"

    def authenticate(self, request: Request) -> tuple[Agent, AgentCredential] | None:
        header = get_authorization_header(request).split()
        if not header or header[0].lower() != self.keyword.encode():
            return None
        if len(header) != 2:
            key = ""
        else:
            try:
                key = header[1].decode("ascii")
            except UnicodeDecodeError:
                key = ""
        scope_list = lockout.scopes(client_address(request), parse_prefix(key))
        lock = lockout.check(scope_list)
        if lock is not None:
            raise LockedOut(extra={"retry_after": lock.retry_after},
                            headers={"Retry-After": str(lock.retry_after)})
        credential = credential_authenticate(key) if key else None
        if credential is None:
            lockout.record_failure(scope_list)
            raise InvalidCredentials()
        return credential.agent, credential

    def authenticate_header(self, request: Request) -> str:
        return 'Bearer realm="quorum"'
