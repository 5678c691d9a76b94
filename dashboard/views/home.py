"""The home page: where each kind of user goes next (only links the user may open)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from dashboard.access import is_reviewer
from governance.selectors.requests import is_operator
from memory.selectors.portal import subject_linked_to


def home(request: HttpRequest) -> HttpResponse:
    user = request.user
    return render(request, "home.html", {
        "is_person": subject_linked_to(user) is not None, "is_reviewer": is_reviewer(user),
        "is_operator": is_operator(user),
    })
