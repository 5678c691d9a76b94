"""``GET /metrics``: the Prometheus text format, for allowed addresses, the token or an operator.

Anyone else gets exactly what an unknown path gets (404, any method — CSRF is not checked, as it
is not for a path that does not exist), so the endpoint does not reveal itself. It is a plain
Django view, not a DRF one, so it is not part of the OpenAPI schema.
"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotAllowed
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import csrf_exempt
from prometheus_client import generate_latest

from config.metrics import registry_in_process
from observability.access import metrics_allowed
from observability.collectors import DatabaseCollector

# The classic text format every Prometheus version reads (all Quorum's names are plain ASCII).
CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"


@csrf_exempt  # it changes nothing, and a refused POST must look like one to an unknown path
@never_cache
def metrics(request: HttpRequest) -> HttpResponse:
    if not metrics_allowed(request):
        raise Http404
    if request.method not in ("GET", "HEAD"):
        return HttpResponseNotAllowed(["GET", "HEAD"])
    body = generate_latest(registry_in_process()) + generate_latest(DatabaseCollector())  # type: ignore[arg-type]
    return HttpResponse(body, content_type=CONTENT_TYPE)
