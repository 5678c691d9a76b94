"""Quorum project package: settings, URLs, the Celery app and the embedded-services bootstrap."""

from .celery import app as celery_app

__all__ = ["celery_app"]
