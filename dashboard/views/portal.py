"""The person's portal: what Quorum knows about me, and my rights (inspect, correct, restrict,
erase, export). Every change is a data-subject request through ``dsr_submit``, exactly as the API."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from config.actors import Actor
from config.ids import parse_uuid
from dashboard import selectors
from dashboard.access import signed_in
from dashboard.forms import ConfirmForm, CorrectFactForm
from governance.selectors.requests import receipt_token, request_get_for_user, requests_filed_by
from governance.services.dsr import dsr_submit
from memory.models import CollectiveFact, Subject
from memory.selectors.portal import facts_for_subject, special_notes_for_subject, subject_linked_to


def _subject_or_404(request: HttpRequest) -> Subject:
    subject = subject_linked_to(request.user)
    if subject is None:
        raise Http404
    return subject


def _own_fact_or_404(subject: Subject, fact_id: str) -> CollectiveFact:
    pk = parse_uuid(fact_id)
    fact = CollectiveFact.objects.filter(pk=pk, subject=subject).first() if pk else None
    if fact is None:
        raise Http404
    return fact


def _file(request: HttpRequest, subject: Subject, type: str, scope: dict[str, Any],
          payload: dict[str, Any] | None = None) -> HttpResponse:
    created = dsr_submit(actor=Actor.for_user(request.user), subject_id=subject.pk, type=type, scope=scope,
                         payload=payload or {}, verified=True)
    if type == "erasure" and scope.get("all"):
        # The portal login is erased with the person, typically within seconds: the receipt link
        # is handed over now, in this answer, since there will be no session to come back with.
        token = receipt_token(request_id=created.pk)
        link = request.build_absolute_uri(f"/api/v1/dsr/{created.pk}/receipt?token={token}")
        return render(request, "dashboard/portal/erasure_filed.html", {"dsr": created, "receipt_link": link})
    messages.success(request, _("Your request was received. It usually completes within seconds."))
    return redirect("dashboard:request-detail", request_id=created.pk)


@signed_in
def knows_about_me(request: HttpRequest) -> HttpResponse:
    subject = subject_linked_to(request.user)
    context: dict[str, Any] = {"subject": subject,
                               "requests": requests_filed_by(user=request.user)[:5]}
    if subject is not None:
        restrictions = selectors.person_restrictions(subject=subject)
        facts = facts_for_subject(subject=subject)
        labels = dict(CollectiveFact.Status.choices)
        for fact in facts:
            fact["restricted"] = fact["lineage"] in restrictions["facts"]
            fact["status_label"] = labels.get(fact["status"], fact["status"])
            fact["correct_form"] = CorrectFactForm(auto_id=f"correct-{fact['id']}-%s")
            fact["erase_form"] = ConfirmForm(auto_id=f"erase-{fact['id']}-%s")
        context.update(facts=facts, restrictions=restrictions, agents=selectors.person_agents(subject=subject),
                       special_notes=special_notes_for_subject(subject=subject),
                       erase_all_form=ConfirmForm(auto_id="erase-all-%s"))
    return render(request, "dashboard/portal/knows.html", context)


@signed_in
def fact_timeline(request: HttpRequest, lineage: str) -> HttpResponse:
    subject = _subject_or_404(request)
    events = selectors.fact_timeline(subject=subject, lineage=lineage)
    template = "dashboard/partials/timeline.html" if request.htmx else "dashboard/portal/timeline.html"
    return render(request, template, {"events": events, "lineage": lineage})


@signed_in
@require_POST
def fact_correct(request: HttpRequest, fact_id: str) -> HttpResponse:
    subject = _subject_or_404(request)
    fact = _own_fact_or_404(subject, fact_id)
    form = CorrectFactForm(request.POST)
    if not form.is_valid():
        return render(request, "dashboard/portal/correct.html", {"form": form, "fact": fact}, status=400)
    return _file(request, subject, "rectification", {"fact_id": str(fact.pk)},
                 {"statement": form.cleaned_data["statement"], "value": form.cleaned_data["value"]})


@signed_in
@require_POST
def fact_restrict(request: HttpRequest, fact_id: str) -> HttpResponse:
    subject = _subject_or_404(request)
    fact = _own_fact_or_404(subject, fact_id)
    return _file(request, subject, "restriction", {"fact_id": str(fact.pk)},
                 {"lift": request.POST.get("lift") == "1"})


@signed_in
@require_POST
def fact_erase(request: HttpRequest, fact_id: str) -> HttpResponse:
    subject = _subject_or_404(request)
    fact = _own_fact_or_404(subject, fact_id)
    if not ConfirmForm(request.POST).is_valid():
        messages.error(request, _("Tick the confirmation box to erase this fact."))
        return redirect("dashboard:knows")
    return _file(request, subject, "erasure", {"fact_id": str(fact.pk)})


@signed_in
@require_POST
def agent_restrict(request: HttpRequest, slug: str) -> HttpResponse:
    subject = _subject_or_404(request)
    if slug not in {a.slug for a in selectors.person_agents(subject=subject)}:
        raise Http404
    return _file(request, subject, "restriction", {"agent": slug}, {"lift": request.POST.get("lift") == "1"})


@signed_in
@require_POST
def erase_everything(request: HttpRequest) -> HttpResponse:
    subject = _subject_or_404(request)
    if not ConfirmForm(request.POST).is_valid():
        messages.error(request, _("Tick the confirmation box to erase everything."))
        return redirect("dashboard:knows")
    return _file(request, subject, "erasure", {"all": True})


@signed_in
@require_POST
def export_request(request: HttpRequest) -> HttpResponse:
    subject = _subject_or_404(request)
    kind = request.POST.get("type")
    if kind not in ("access", "portability"):
        raise Http404
    return _file(request, subject, kind, {"all": True})


@signed_in
def my_requests(request: HttpRequest) -> HttpResponse:
    return render(request, "dashboard/portal/requests.html",
                  {"requests": requests_filed_by(user=request.user)[:200]})


@signed_in
def request_detail(request: HttpRequest, request_id: str) -> HttpResponse:
    dsr = request_get_for_user(user=request.user, request_id=request_id)
    receipt = getattr(dsr, "receipt", None)
    context = {"dsr": dsr, "receipt": receipt, "done": dsr.status in ("completed", "rejected")}
    template = "dashboard/partials/request_status.html" if request.htmx else "dashboard/portal/request.html"
    return render(request, template, context)
