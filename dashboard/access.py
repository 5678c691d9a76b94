"""Who may see which dashboard page — the same checks as the API (``is_operator`` is the
DSR API's own, ``reviewable_subject_ids`` the review API's).

A page the user may not use answers 404, exactly like a missing one (STYLE: foreign = missing).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse

from config.errors import NotFoundError
from governance.selectors.requests import is_operator
from governance.selectors.reviews import reviewable_subject_ids


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


def is_reviewer(user: Any) -> bool:
    """Reviewers hold ``memory.review_subject`` on at least one person (guardian) or globally."""
    return bool(user.is_authenticated and reviewable_subject_ids(user).exists())


signed_in = _require(lambda user: True)  # any login; a service's not-found is still a 404
operator_required = _require(is_operator)
reviewer_required = _require(is_reviewer)
