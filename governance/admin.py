from typing import Any

from django.contrib import admin, messages
from django.http import HttpRequest

from config.actors import Actor
from config.errors import QuorumError
from governance.models import AuditEvent, Predicate, PredicateProposal
from governance.services.predicates import EDITABLE, predicate_create, predicate_proposal_decide, predicate_update


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


@admin.register(Predicate)
class PredicateAdmin(admin.ModelAdmin):
    """The registry: add and edit through ``governance.services.predicates`` (audited); never deleted."""

    list_display = ("key", "label", "category", "cardinality", "active", "ttl_days", "updated_at")
    list_filter = ("active", "cardinality", "category")
    search_fields = ("key", "label")
    fields = ("key", "label", "category", "cardinality", "values", "exemplars", "ttl_days", "shareable",
              "high_impact", "active")

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> tuple[str, ...]:
        return ("key",) if obj else ()

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def save_model(self, request: HttpRequest, obj: Predicate, form: Any, change: bool) -> None:
        actor = Actor.for_user(request.user)
        if change:
            fresh = Predicate.objects.get(pk=obj.pk)
            predicate_update(actor=actor, predicate=fresh, **{name: getattr(obj, name) for name in EDITABLE})
            return
        created = predicate_create(actor=actor, key=obj.key, label=obj.label, category=obj.category,
                                   cardinality=obj.cardinality, values=obj.values, exemplars=obj.exemplars,
                                   ttl_days=obj.ttl_days, shareable=obj.shareable, high_impact=obj.high_impact,
                                   active=obj.active)
        obj.pk = created.pk


@admin.register(PredicateProposal)
class PredicateProposalAdmin(admin.ModelAdmin):
    """Keys agents proposed: decided by an action (approve with the suggested settings, or reject);
    the dashboard's registry page lets the operator set them first."""

    list_display = ("key", "status", "sightings", "category", "last_seen_at", "decided_at")
    list_filter = ("status",)
    search_fields = ("key",)
    readonly_fields = ("key", "label", "category", "cardinality", "status", "sightings", "created_at",
                       "last_seen_at", "decided_at", "decided_by", "decision_reason", "predicate", "applied_at")
    actions = ["approve", "reject"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def _decide(self, request: HttpRequest, queryset: Any, decision: str) -> None:
        done = 0
        for proposal in queryset:
            try:
                predicate_proposal_decide(actor=Actor.for_user(request.user), proposal_id=proposal.pk,
                                          decision=decision, reason="admin")
                done += 1
            except QuorumError as exc:
                messages.error(request, f"{proposal.key}: {exc.message} {exc.extra.get('fields', '')}")
        messages.info(request, f"{done} proposal(s) {'approved' if decision == 'approve' else 'rejected'}.")

    @admin.action(description="Approve the selected proposals (with their suggested settings)")
    def approve(self, request: HttpRequest, queryset: Any) -> None:
        self._decide(request, queryset, "approve")

    @admin.action(description="Reject the selected proposals")
    def reject(self, request: HttpRequest, queryset: Any) -> None:
        self._decide(request, queryset, "reject")
