"""DRF permission: the caller is an authenticated agent (not a dashboard user)."""

from typing import Any

from rest_framework.permissions import BasePermission

from agents_registry.models import Agent


class IsAgent(BasePermission):
    message = "This endpoint is for agents (API key)."

    def has_permission(self, request: Any, view: Any) -> bool:
        return isinstance(request.user, Agent) and request.user.is_active
