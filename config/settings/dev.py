"""Local development and ``make run``: embedded services, a throwaway secret key, DEBUG off.

Django's debug pages (tracebacks, settings, the URL list) appear only when the developer asks for
them with ``DJANGO_DEBUG=1``; static files are served by WhiteNoise either way.
"""

from .base import *  # noqa: F403
from .base import env_bool

DEBUG = env_bool("DJANGO_DEBUG", False)
SECRET_KEY = SECRET_KEY or "dev-only-insecure-key-change-me"  # noqa: F405
WHITENOISE_USE_FINDERS = True
