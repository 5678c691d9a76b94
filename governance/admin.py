from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from governance.models import AuditEvent


@admin.register(AuditEvent)
class AuditEventAdmin(admin.ModelAdmin):
    """Read-only view of the audit chain."""

    list_display = ("id", "occurred_at", "actor_kind", "actor_id", "action", "object_type", "object_id")
    list_filter = ("action", "actor_kind", "object_type")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False
