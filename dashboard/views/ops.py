"""The operator overview: consolidation runs and their trend, requests and deadlines, retention
sweeps, the audit chain, agents and keys, and the records of processing."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from agents_registry.models import Agent
from agents_registry.services.agents import agent_create
from agents_registry.services.credentials import credential_revoke_all
from config.actors import Actor
from config.errors import QuorumError
from dashboard import selectors
from dashboard.access import operator_required
from dashboard.forms import AgentCreateForm
from governance.selectors.processing_records import records_of_processing
from governance.services.audit import audit_chain_check, audit_chain_last_status
from governance.services.dsr import dsr_retry


@operator_required
def overview(request: HttpRequest) -> HttpResponse:
    return render(request, "dashboard/ops/overview.html", {
        "counts": selectors.ops_counts(), "runs": selectors.ops_runs(), "series": selectors.ops_run_series(),
        "requests": selectors.ops_requests(), "failed": selectors.ops_failed_requests(),
        "sweeps": selectors.ops_retention_sweeps(), "lineage_repeats": selectors.ops_lineage_repeats(),
        "lineage_repeat_sessions": selectors.LINEAGE_REPEAT_SESSIONS,
        "audit": audit_chain_last_status(),
    })


@operator_required
@require_POST
def request_retry(request: HttpRequest, request_id: str) -> HttpResponse:
    """Run a failed data-subject request again (after clearing the stores it names)."""
    try:
        dsr_retry(actor=Actor.for_user(request.user), request_id=request_id)
    except QuorumError as exc:
        if exc.status_code == 404:
            raise Http404 from exc
        messages.error(request, exc.message)
    else:
        messages.success(request, _("The request was queued again."))
    return redirect("dashboard:ops")


@operator_required
@require_POST
def audit_verify(request: HttpRequest) -> HttpResponse:
    audit_chain_check()
    if request.htmx:
        return render(request, "dashboard/partials/audit_status.html", {"audit": audit_chain_last_status()})
    return redirect("dashboard:ops")


@operator_required
@never_cache
def agents(request: HttpRequest) -> HttpResponse:
    form = AgentCreateForm(request.POST or None)
    created = None
    if request.method == "POST" and form.is_valid():
        try:
            created = agent_create(actor=Actor.for_user(request.user), **form.cleaned_data)
        except QuorumError as exc:
            fields = exc.extra.get("fields") or {}
            for name, errors in fields.items():
                form.add_error(name if name in form.fields else None, errors)
            if not fields:
                form.add_error("slug" if exc.code == "agent_exists" else None, exc.message)
        else:
            form = AgentCreateForm()
    response = render(request, "dashboard/ops/agents.html",
                      {"form": form, "created": created, "agents": selectors.ops_agents()},
                      status=400 if request.method == "POST" and created is None else 200)
    response["Cache-Control"] = "no-store"  # a new key is on this page exactly once
    return response


@operator_required
@require_POST
def agent_revoke(request: HttpRequest, slug: str) -> HttpResponse:
    agent = Agent.objects.filter(slug=slug).first()
    if agent is None:
        raise Http404
    revoked = credential_revoke_all(actor=Actor.for_user(request.user), agent=agent)
    messages.success(request, _("%(count)d key(s) of %(slug)s revoked.") % {"count": revoked, "slug": slug})
    return redirect("dashboard:ops-agents")


@operator_required
def records(request: HttpRequest) -> HttpResponse:
    document = records_of_processing()
    if request.GET.get("format") == "json":
        response = JsonResponse(document, json_dumps_params={"indent": 2, "ensure_ascii": False})
        response["Content-Disposition"] = 'attachment; filename="records-of-processing.json"'
        return response
    return render(request, "dashboard/ops/records.html", {"doc": document})
