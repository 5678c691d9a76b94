from django.apps import AppConfig


class DashboardConfig(AppConfig):
    """Server-rendered pages (Django templates + htmx) for people, reviewers and operators."""

    name = "dashboard"
    verbose_name = "Dashboard"
