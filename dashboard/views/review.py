"""The reviewer queue: doubtful promotions, high-impact changes, quarantined memories and trust
conflicts, with an evidence summary (never an agent's private text). Decisions go through
``review_item_decide`` — the same service, permission and audit as ``POST reviews/{id}/decide``."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from config.errors import QuorumError
from dashboard.access import reviewer_required
from dashboard.forms import DecideForm
from dashboard.selectors import review_item_summaries
from governance.models import ReviewItem
from governance.selectors.reviews import review_item_get_for_user, review_items_for_user
from governance.services.reviews import review_item_decide


@reviewer_required
def queue(request: HttpRequest) -> HttpResponse:
    status = request.GET.get("status", ReviewItem.Status.OPEN)
    if status not in ReviewItem.Status.values:
        status = ReviewItem.Status.OPEN
    items = review_item_summaries(list(review_items_for_user(user=request.user, status=status)[:100]))
    return render(request, "dashboard/review/queue.html",
                  {"summaries": items, "status": status, "statuses": ReviewItem.Status.choices,
                   "form": DecideForm()})


@reviewer_required
@require_POST
def decide(request: HttpRequest, item_id: str) -> HttpResponse:
    item = review_item_get_for_user(user=request.user, item_id=item_id)  # 404 for others' items
    form = DecideForm(request.POST)
    if form.is_valid():
        try:
            item = review_item_decide(user=request.user, item_id=item.pk,
                                      approve=form.cleaned_data["decision"] == "approve",
                                      reason=form.cleaned_data["reason"])
        except QuorumError as exc:
            form.add_error(None, exc.message)
        else:
            if request.htmx:
                return render(request, "dashboard/partials/review_item.html",
                              {"s": review_item_summaries([item])[0], "form": None})
            messages.success(request, _("Decision recorded."))
            return redirect("dashboard:review-queue")
    summary = review_item_summaries([item])[0]
    return render(request, "dashboard/partials/review_item.html" if request.htmx else "dashboard/review/queue.html",
                  {"s": summary, "summaries": [summary], "form": form,
                   "status": item.status, "statuses": ReviewItem.Status.choices}, status=400)
