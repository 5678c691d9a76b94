"""DRF permission classes shared by the apps' session-authenticated endpoints."""

from __future__ import annotations

from typing import Any

from rest_framework.permissions import BasePermission

from agents_registry.models import Agent


class IsPortalUser(BasePermission):
    """A signed-in dashboard user (not an agent key)."""

    def has_permission(self, request: Any, view: Any) -> bool:
        user = request.user
        return bool(user and user.is_authenticated and not isinstance(user, Agent))
