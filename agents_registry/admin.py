"""Django admin for agents. A key is shown once, on creation; the admin never displays it again."""

from __future__ import annotations

from typing import Any

from django.contrib import admin, messages
from django.http import HttpRequest

from agents_registry.models import Agent, AgentCredential
from agents_registry.services.agents import (
    agent_create,
    agent_lineage_set,
    agent_update,
    agent_verified_channel_set,
)
from agents_registry.services.credentials import credential_revoke_all, credential_rotate
from config.actors import Actor


class CredentialInline(admin.TabularInline):
    model = AgentCredential
    fields = ("prefix", "label", "created_at", "last_used_at", "revoked_at")
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Agent)
class AgentAdmin(admin.ModelAdmin):
    list_display = ("slug", "lineage", "verified_channel", "role", "domain", "is_active", "created_at")
    list_filter = ("domain", "is_active", "verified_channel")
    search_fields = ("slug", "role", "lineage")
    fields = ("slug", "lineage", "verified_channel", "role", "domain", "purposes", "description", "is_active")
    inlines = [CredentialInline]
    actions = ["revoke_keys", "rotate_keys"]

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> tuple[str, ...]:
        return ("slug", "is_active") if obj else ()

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def save_model(self, request: HttpRequest, obj: Agent, form: Any, change: bool) -> None:
        actor = Actor.for_user(request.user)
        if change:
            agent_update(actor=actor, agent=obj, role=obj.role, domain=obj.domain, purposes=list(obj.purposes),
                         description=obj.description)
            if "lineage" in form.changed_data:
                agent_lineage_set(actor=actor, agent=obj, lineage=obj.lineage)
            if "verified_channel" in form.changed_data:
                agent_verified_channel_set(actor=actor, agent=obj, verified_channel=obj.verified_channel)
            return
        created = agent_create(actor=actor, slug=obj.slug, role=obj.role, domain=obj.domain,
                               purposes=list(obj.purposes), description=obj.description, lineage=obj.lineage,
                               verified_channel=obj.verified_channel)
        obj.pk = created.agent.pk
        obj.created_at = created.agent.created_at
        messages.warning(request, f"API key for {obj.slug} (shown once, copy it now): {created.key}")

    @admin.action(description="Revoke all keys of the selected agents")
    def revoke_keys(self, request: HttpRequest, queryset: Any) -> None:
        total = sum(credential_revoke_all(actor=Actor.for_user(request.user), agent=a) for a in queryset)
        messages.info(request, f"Revoked {total} key(s).")

    @admin.action(description="Rotate the key of the selected agent (shown once)")
    def rotate_keys(self, request: HttpRequest, queryset: Any) -> None:
        for agent in queryset:
            issued = credential_rotate(actor=Actor.for_user(request.user), agent=agent)
            messages.warning(request, f"New API key for {agent.slug} (shown once): {issued.key}")
