"""pytest: the real embedded PostgreSQL and Valkey, a separate Redis database index."""

from .base import *  # noqa: F403
from .base import DATABASES, REDIS_BASE_URL, env_int, with_db_index

DEBUG = False
SECRET_KEY = "test-only-insecure-key"
WHITENOISE_USE_FINDERS = True
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

REDIS_DB = env_int("QUORUM_REDIS_DB", 1)
REDIS_URL = with_db_index(REDIS_BASE_URL, REDIS_DB)
CACHES["default"]["LOCATION"] = REDIS_URL  # noqa: F405
CELERY_BROKER_URL = REDIS_URL
CELERY_RESULT_BACKEND = REDIS_URL

# The audit table refuses TRUNCATE unless the session opts in; only the test database's flush
# between transactional tests does.
DATABASES["default"]["OPTIONS"]["options"] = "-c quorum.allow_audit_truncate=on"
DATABASES["default"]["CONN_MAX_AGE"] = 0
