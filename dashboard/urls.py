from django.urls import path

from dashboard.views import ops, portal, predicates, review

app_name = "dashboard"

urlpatterns = [
    path("me/", portal.knows_about_me, name="knows"),
    path("me/facts/<str:lineage>/timeline/", portal.fact_timeline, name="fact-timeline"),
    path("me/facts/<str:fact_id>/correct/", portal.fact_correct, name="fact-correct"),
    path("me/facts/<str:fact_id>/restrict/", portal.fact_restrict, name="fact-restrict"),
    path("me/facts/<str:fact_id>/erase/", portal.fact_erase, name="fact-erase"),
    path("me/agents/<slug:slug>/restrict/", portal.agent_restrict, name="agent-restrict"),
    path("me/erase/", portal.erase_everything, name="erase-all"),
    path("me/exports/", portal.export_request, name="export-request"),
    path("me/requests/", portal.my_requests, name="requests"),
    path("me/requests/<str:request_id>/", portal.request_detail, name="request-detail"),
    path("review/", review.queue, name="review-queue"),
    path("review/<str:item_id>/decide/", review.decide, name="review-decide"),
    path("ops/", ops.overview, name="ops"),
    path("ops/audit/verify/", ops.audit_verify, name="ops-audit-verify"),
    path("ops/requests/<str:request_id>/retry/", ops.request_retry, name="ops-request-retry"),
    path("ops/agents/", ops.agents, name="ops-agents"),
    path("ops/agents/<slug:slug>/revoke/", ops.agent_revoke, name="ops-agent-revoke"),
    path("ops/records/", ops.records, name="ops-records"),
    path("ops/predicates/", predicates.predicates, name="ops-predicates"),
    path("ops/predicates/<str:key>/edit/", predicates.predicate_edit, name="ops-predicate-edit"),
    path("ops/proposals/<int:proposal_id>/decide/", predicates.proposal_decide, name="ops-proposal-decide"),
]
