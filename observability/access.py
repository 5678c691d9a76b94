"""Who may read ``/metrics``: an allowed address, the operator token, or a signed-in operator.

The client address is the one the lockouts use (``config.login_lockout.axes_client_address``:
``REMOTE_ADDR``, or the ``QUORUM_TRUSTED_PROXIES``-th entry of ``X-Forwarded-For`` when proxies
are declared), never a header the client controls on its own. The token
(``Authorization: Bearer <QUORUM_METRICS_TOKEN>``) is compared in constant time; an empty setting
means no token opens it. Everyone else is answered like an unknown path (``observability.views``).
"""

from __future__ import annotations

import functools
import hmac
import ipaddress

from django.conf import settings
from django.http import HttpRequest

from config.db import UNAVAILABLE_ERRORS
from config.login_lockout import axes_client_address
from governance.selectors.requests import is_operator

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


@functools.lru_cache(maxsize=8)
def _networks(entries: tuple[str, ...]) -> tuple[Network, ...]:
    found = []
    for entry in entries:
        try:
            found.append(ipaddress.ip_network(entry, strict=False))
        except ValueError:
            continue  # reported at startup by the observability.E001 check
    return tuple(found)


def address_allowed(request: HttpRequest) -> bool:
    address = axes_client_address(request)
    if address is None:
        return False
    ip = ipaddress.ip_address(address)
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return any(ip in network for network in _networks(tuple(settings.QUORUM_METRICS_ALLOWED_IPS)))


def token_valid(request: HttpRequest) -> bool:
    expected = settings.QUORUM_METRICS_TOKEN
    scheme, _, presented = request.headers.get("Authorization", "").partition(" ")
    if not expected or scheme.lower() != "bearer":
        return False
    return hmac.compare_digest(presented.strip().encode(), expected.encode())


def operator_signed_in(request: HttpRequest) -> bool:
    user = getattr(request, "user", None)
    if user is None:
        return False
    try:
        return is_operator(user)
    except UNAVAILABLE_ERRORS:
        return False  # the session cannot be read while the database is down


def metrics_allowed(request: HttpRequest) -> bool:
    return address_allowed(request) or token_valid(request) or operator_signed_in(request)
