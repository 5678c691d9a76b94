"""The operator's predicate registry: add and edit predicates, decide the keys agents proposed.

Every change goes through ``governance.services.predicates`` (actor, transaction, audit) — the
same services as the Django admin. Proposals show the key, the writing agents and counts
(sightings, memories, persons), never a note's text or value."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from config.actors import Actor
from config.errors import QuorumError
from dashboard.access import operator_required
from dashboard.forms import PredicateForm, ProposalDecideForm
from governance.selectors.predicates import predicate_get, predicate_list_all, proposal_get, proposal_list
from governance.services.predicates import predicate_create, predicate_proposal_decide, predicate_update


def _service_errors(form: Any, exc: QuorumError) -> None:
    fields = exc.extra.get("fields") or {}
    for name, errors in fields.items():
        target = name if name in form.fields else ("exemplars_es" if name == "exemplars" else None)
        form.add_error(target, errors)
    if not fields:
        form.add_error("key" if exc.code == "predicate_exists" and "key" in form.fields else None, exc.message)


def _page(request: HttpRequest, form: PredicateForm, status: int = 200) -> HttpResponse:
    return render(request, "dashboard/ops/predicates.html", {
        "form": form, "predicates": predicate_list_all(), "proposals": proposal_list(),
        "decided": proposal_list(status=None)[:20], "decide_form": ProposalDecideForm(),
    }, status=status)


@operator_required
def predicates(request: HttpRequest) -> HttpResponse:
    """The registry and the pending proposals; POST adds a predicate."""
    if request.method != "POST":
        return _page(request, PredicateForm())
    form = PredicateForm(request.POST)
    if form.is_valid():
        try:
            predicate = predicate_create(actor=Actor.for_user(request.user), key=form.cleaned_data["key"],
                                         **form.service_fields())
        except QuorumError as exc:
            _service_errors(form, exc)
        else:
            messages.success(request, _("Predicate %(key)s added.") % {"key": predicate.key})
            return redirect("dashboard:ops-predicates")
    return _page(request, form, status=400)


@operator_required
def predicate_edit(request: HttpRequest, key: str) -> HttpResponse:
    predicate = predicate_get(key)
    if predicate is None:
        raise Http404
    form = PredicateForm(request.POST or None, initial=PredicateForm.initial_for(predicate))
    form.fields["key"].disabled = True
    if request.method == "POST":
        if form.is_valid():
            try:
                predicate_update(actor=Actor.for_user(request.user), predicate=predicate, **form.service_fields())
            except QuorumError as exc:
                _service_errors(form, exc)
            else:
                messages.success(request, _("Predicate %(key)s saved.") % {"key": predicate.key})
                return redirect("dashboard:ops-predicates")
    return render(request, "dashboard/ops/predicate_edit.html", {"form": form, "predicate": predicate},
                  status=400 if request.method == "POST" else 200)


@operator_required
@require_POST
def proposal_decide(request: HttpRequest, proposal_id: str) -> HttpResponse:
    proposal = proposal_get(proposal_id)
    if proposal is None:
        raise Http404
    form = ProposalDecideForm(request.POST)
    if form.is_valid():
        data = form.cleaned_data
        try:
            proposal = predicate_proposal_decide(
                actor=Actor.for_user(request.user), proposal_id=proposal.pk, decision=data["decision"],
                reason=data["reason"], label=data["label"], category=data["category"].strip(),
                cardinality=data["cardinality"], values=data["values"], ttl_days=data["ttl_days"])
        except QuorumError as exc:
            _service_errors(form, exc)
        else:
            if request.htmx:
                row = next((r for r in proposal_list(status=None) if r["proposal"].pk == proposal.pk), None)
                return render(request, "dashboard/partials/proposal_row.html", {"row": row, "decide_form": None})
            messages.success(request, _("Decision recorded."))
            return redirect("dashboard:ops-predicates")
    if request.htmx:
        row = next((r for r in proposal_list(status=None) if r["proposal"].pk == proposal.pk), None)
        return render(request, "dashboard/partials/proposal_row.html", {"row": row, "decide_form": form},
                      status=400)
    messages.error(request, "; ".join(str(e) for errs in form.errors.values() for e in errs))
    return _page(request, PredicateForm(), status=400)
