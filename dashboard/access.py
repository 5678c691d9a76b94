"""Who may see which dashboard page — the same checks as the API.

A page the user may not use answers 404, exactly like a missing one (STYLE: foreign = missing).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse

from config.errors import NotFoundError


def is_operator(user: Any) -> bool:
    """Operators run the service: superusers, or staff granted the data-subject-request permission."""
    return bool(user.is_authenticated and (user.is_superuser or user.has_perm("governance.add_datasubjectrequest")))


def is_reviewer(user: Any) -> bool:
    """Reviewers hold ``memory.review_subject`` on at least one person (guardian) or globally."""
    if not user.is_authenticated:
        return False
    from governance.services.reviews import reviewable_subject_ids

    return reviewable_subject_ids(user).exists()


def linked_subject(user: Any) -> Any:
    """The person this login belongs to, or None (never linked, or erased)."""
    from memory.models import Subject

    if not user.is_authenticated:
        return None
    return Subject.objects.filter(user_id=user.pk).first()


def _require(check: Callable[[Any], bool]) -> Callable:
    def decorator(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @login_required
        @wraps(view)
        def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            if not check(request.user):
                raise Http404
            try:
                return view(request, *args, **kwargs)
            except NotFoundError:  # a service's "missing or not yours" is a page's 404
                raise Http404 from None
        return wrapper
    return decorator


operator_required = _require(is_operator)
reviewer_required = _require(is_reviewer)
