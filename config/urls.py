"""URL map: API under /api/v1/, OpenAPI, health, metrics, admin, the dashboard (/me/, /review/, /ops/) and its login."""

from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularRedocView, SpectacularSwaggerView

from config.health import healthz
from dashboard.views.home import home
from observability.views import metrics

handler404 = "config.errors.json_404"
handler500 = "config.errors.json_500"

api_v1 = [
    path("", include("agents_registry.urls")),
    path("", include("memory.urls")),
    path("", include("governance.urls")),
]

urlpatterns = [
    path("", home, name="home"),
    path("healthz", healthz, name="healthz"),
    path("metrics", metrics, name="metrics"),
    path("api/v1/", include(api_v1)),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="api-schema"), name="api-docs"),
    path("api/redoc/", SpectacularRedocView.as_view(url_name="api-schema"), name="api-redoc"),
    path("", include("dashboard.urls")),
    path("accounts/", include("django.contrib.auth.urls")),
    path("admin/", admin.site.urls),
]
