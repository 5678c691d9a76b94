from django.apps import AppConfig


class EvaluationConfig(AppConfig):
    """The ``evaluate`` scorecard: no models, no migrations — it only drives the other apps."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "evaluation"
    verbose_name = "Evaluation scorecard"
