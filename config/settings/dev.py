"""Local development and ``make run``: embedded services, debug on, a throwaway secret key."""

from .base import *  # noqa: F403
from .base import env_bool

DEBUG = env_bool("DJANGO_DEBUG", True)
SECRET_KEY = SECRET_KEY or "dev-only-insecure-key-change-me"  # noqa: F405
WHITENOISE_USE_FINDERS = True
