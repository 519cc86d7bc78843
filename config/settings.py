"""Settings for every scale: embedded defaults that run, production from the environment.

With DEBUG off, a missing SECRET_KEY (or ALLOWED_HOSTS) stops start-up with a message that
names the variable. Every variable read here is listed in the README.
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import dj_database_url
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

from config.env import env_bool, env_int, env_list, env_str
from config.schedule import BEAT_SCHEDULE

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(env_str("VAR_DIR", str(BASE_DIR / "var")))

DEBUG = env_bool("DEBUG", False)

LOCAL_HOSTS = frozenset({"localhost", "127.0.0.1", "[::1]", "::1", "testserver"})

if DEBUG:
    SECRET_KEY = env_str("SECRET_KEY", "embedded-insecure-key-only-for-local-demo-use-0123456789")
    ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]")
    # A server answering under a public name is production: DEBUG there would show
    # settings, SQL and personal data on every error page. Refuse to start.
    _public = [host for host in ALLOWED_HOSTS if host not in LOCAL_HOSTS]
    if _public:
        _hosts = ",".join(_public)
        raise ImproperlyConfigured(
            f"DEBUG está ligado num servidor de produção (ALLOWED_HOSTS={_hosts}): desligue "
            "DEBUG (DEBUG is on for a production host; set DEBUG=false)."
        )
else:
    SECRET_KEY = env_str("SECRET_KEY")
    ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", env_str("ALLOWED_HOSTS"))

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "django_fsm",
    "pgtrigger",
    "axes",
    "accounts",
    "registers",
    "cases",
    "workflows",
    # Each case kind: its own folder `workflows/<kind>/` and this one line.
    "workflows.suspension",
    "workflows.violation",
    "workflows.revocation",
    "workflows.application",
    "workflows.renewal",
    "workflows.auxiliary",
    "workflows.transfer",
    "workflows.cancellation",
    "workflows.substitution",
    "workflows.appeal",
    "workflows.clandestine",
    "workflows.complaint",
    "workflows.advertising",
    "notifications",
    "documents",
    "inspections",
    "municipal",
    "register_import",
    "workspace",
    "web",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "web.middleware.HostileInputMiddleware",
    "web.middleware.NoStoreForSignedInMiddleware",
    "web.idempotency.OnceMiddleware",
    "csp.middleware.CSPMiddleware",
    # Last, as django-axes asks: it turns a locked-out login into its 429 answer.
    "axes.middleware.AxesMiddleware",
]

# --- Content-Security-Policy (django-csp) -----------------------------------------------
# Scripts, styles and images from our own origin only: no inline script or handler
# anywhere (web/static/web/site.js does what the templates ask with data- attributes).
# The views that need more say so with csp_update (the document preview's inline style,
# the API docs' Swagger UI).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        "connect-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
AUTH_USER_MODEL = "accounts.User"
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,  # Django's cached loader wraps these (issue 23: no loader of ours)
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
                "web.context_processors.roles",
            ],
            # {% csrf_token %} also renders each form's one-time token (web.idempotency).
            "builtins": ["web.templatetags.once"],
        },
    },
]

# Embedded default: SQLite under var/. Production: DATABASE_URL (PostgreSQL).
DATABASES = {
    "default": dj_database_url.parse(
        env_str("DATABASE_URL", f"sqlite:///{VAR_DIR / 'db.sqlite3'}"),
        # Persistent connections: a request no longer pays a connection set-up (about a
        # third of a cheap request's time); the health check drops a connection the
        # server closed (restart, idle timeout) before a request uses it.
        conn_max_age=env_int("DB_CONN_MAX_AGE", 60),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # The embedded web server, worker and scheduler share one file: wait for the lock
    # instead of failing, and take write locks up front so transactions queue cleanly.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {"timeout": 30, "transaction_mode": "IMMEDIATE"}
    )
elif env_bool("DB_PREPARED_STATEMENTS", True):
    # Parameters bound by the server, and a statement a connection has run a few times
    # kept prepared: the case page's joins cost PostgreSQL more to plan than to run
    # (bench/, issue 13). Behind PgBouncer in transaction mode, use PgBouncer 1.21 or
    # later with max_prepared_statements set, or turn this off.
    # Added to what DATABASE_URL's query says (an application_name, say).
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {"server_side_binding": True, "prepare_threshold": env_int("DB_PREPARE_THRESHOLD", 5)}
    )
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# The password policy: at least 10 characters, not like the user's name or e-mail, not a
# common password, not only digits (checked wherever a password is chosen or changed).
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {
        "NAME": "django.contrib.auth.password_validation.MinimumLengthValidator",
        "OPTIONS": {"min_length": env_int("PASSWORD_MIN_LENGTH", 10)},
    },
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# --- Login throttling (django-axes) and API tokens --------------------------------------
AUTHENTICATION_BACKENDS = [
    "accounts.authentication.LoginThrottleBackend",
    # Django's model backend, reading the user's roles with him (one statement a request).
    "accounts.authentication.UserWithRolesBackend",
]
# Wrong passwords per user name and client address before the lockout, and its length.
AXES_FAILURE_LIMIT = env_int("LOGIN_FAILURE_LIMIT", 5)
AXES_COOLOFF_TIME = timedelta(minutes=env_int("LOGIN_LOCKOUT_MINUTES", 15))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_CLIENT_IP_CALLABLE = "web.login_throttle.client_address"
AXES_LOCKOUT_CALLABLE = "web.login_throttle.lockout_response"
AXES_VERBOSE = False
# Only failures are counted; successful logins are not logged again (the session is).
AXES_DISABLE_ACCESS_LOG = True
# How long a one-time key (Idempotency-Key, a form's token) answers its first result, and
# how long a repeat waits for a first attempt still running (web.idempotency).
IDEMPOTENCY_KEY_HOURS = env_int("IDEMPOTENCY_KEY_HOURS", 24)
IDEMPOTENCY_WAIT_SECONDS = env_int("IDEMPOTENCY_WAIT_SECONDS", 10)
# How long an API token is accepted after it was issued (/api/auth/token/).
API_TOKEN_LIFETIME_HOURS = env_int("API_TOKEN_LIFETIME_HOURS", 12)

LANGUAGE_CODE = "pt-br"
LANGUAGES = [("pt-br", _("Português")), ("en", _("Inglês"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "America/Sao_Paulo"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = VAR_DIR / "static"
MEDIA_ROOT = Path(env_str("MEDIA_ROOT", str(VAR_DIR / "media")))
MEDIA_URL = "media/"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"
        if not DEBUG
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}
DATA_UPLOAD_MAX_MEMORY_SIZE = 12 * 1024 * 1024
FILE_UPLOAD_MAX_MEMORY_SIZE = 12 * 1024 * 1024
# The most pixels an uploaded image may have (a phone photo has 12 to 50 million); also
# Pillow's own limit for every image the application opens (web.apps).
MAX_IMAGE_PIXELS = env_int("MAX_IMAGE_PIXELS", 50_000_000)
# The longest text any single input may carry (web.middleware); each input's own bound,
# often lower (5,000 for reasons and notes), is checked by its form or serializer.
TEXT_INPUT_MAX = env_int("TEXT_INPUT_MAX", 20_000)

# --- Security (production) -------------------------------------------------------------
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", not DEBUG)
SESSION_COOKIE_SECURE = not DEBUG
CSRF_COOKIE_SECURE = not DEBUG
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 0 if DEBUG else 31536000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = not DEBUG
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", not DEBUG)
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")
X_FRAME_OPTIONS = "DENY"
# A stale form's CSRF failure answers the site's own 403 page, in the visitor's language.
CSRF_FAILURE_VIEW = "web.errors.csrf_failure"

# --- Celery ----------------------------------------------------------------------------
REDIS_URL = env_str("REDIS_URL", "")
CELERY_BROKER_URL = env_str("CELERY_BROKER_URL", REDIS_URL or "filesystem://")
if CELERY_BROKER_URL == "filesystem://":
    _broker_dir = VAR_DIR / "broker"
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "data_folder_in": str(_broker_dir),
        "data_folder_out": str(_broker_dir),
        "processed_folder": str(_broker_dir / "processed"),
        "control_folder": str(_broker_dir / "control"),
        "store_processed": False,
    }
CELERY_RESULT_BACKEND = None
CELERY_TASK_IGNORE_RESULT = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TIMEZONE = TIME_ZONE
CELERY_BEAT_SCHEDULE = BEAT_SCHEDULE
CELERY_BEAT_SCHEDULE_FILENAME = str(VAR_DIR / "celerybeat-schedule")
CELERY_TASK_ALWAYS_EAGER = env_bool("CELERY_TASK_ALWAYS_EAGER", False)

# --- E-mail ----------------------------------------------------------------------------
EMAIL_BACKEND = env_str(
    "EMAIL_BACKEND",
    "django.core.mail.backends.smtp.EmailBackend"
    if not DEBUG
    else "django.core.mail.backends.filebased.EmailBackend",
)
EMAIL_FILE_PATH = VAR_DIR / "mail"
EMAIL_HOST = env_str("EMAIL_HOST", "localhost")
EMAIL_PORT = env_int("EMAIL_PORT", 25)
EMAIL_HOST_USER = env_str("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = env_str("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", False)
EMAIL_USE_SSL = env_bool("EMAIL_USE_SSL", False)
EMAIL_TIMEOUT = env_int("EMAIL_TIMEOUT", 10)
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "taxi@mantenopolis.es.gov.br")

# --- REST API --------------------------------------------------------------------------
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        # The token class first: its header makes an anonymous call answer 401 with
        # WWW-Authenticate (the session class would make it a 403).
        "accounts.authentication.ExpiringTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_SCHEMA_CLASS": "web.api_schema.AutoSchema",
    "EXCEPTION_HANDLER": "web.api_errors.exception_handler",
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.LimitOffsetPagination",
    "PAGE_SIZE": 50,
    "DEFAULT_THROTTLE_RATES": {"public": env_str("PUBLIC_RATE_LIMIT", "60/min")},
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Táxi Mantenópolis API",
    "DESCRIPTION": "Processos do serviço de táxi (Lei nº 1.764/2023)",
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    # One name for a choice set used by several fields (an appeal's outcome and a vote).
    "ENUM_NAME_OVERRIDES": {
        "AppealOutcomeEnum": "workflows.appeal.models.Outcome",
        # The case kinds keep the name they had before other "kind" fields existed.
        "KindEnum": "cases.models.CaseKind",
        "StandKindEnum": "municipal.models.stands.Stand.Kind",
        "AssociationKindEnum": "municipal.models.cooperatives.Association.Kind",
        "CalendarDayKindEnum": "registers.models.CalendarDay.Kind",
    },
    # Every operation documents the Error body for the statuses it may answer.
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "web.api_schema.add_error_responses",
    ],
}

CACHES = {
    "default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": REDIS_URL}
    if REDIS_URL
    else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO")},
}

# --- The municipality and readings of the law (docs/interpretations.md) -----------------
MUNICIPALITY_NAME = env_str("MUNICIPALITY_NAME", "Mantenópolis")
# Municipal holidays recurring every year, "MM-DD" separated by commas.
MUNICIPAL_HOLIDAYS = env_list("MUNICIPAL_HOLIDAYS", "")
DEADLINE_RETRY_LIMIT = env_int("DEADLINE_RETRY_LIMIT", 5)
DEADLINE_RETRY_BASE_SECONDS = env_int("DEADLINE_RETRY_BASE_SECONDS", 60)
# One sweep claims due rows in batches and runs until none is due or this many seconds have
# passed (below the beat's 60 s, so a slow sweep does not hold a worker past the next beat;
# a second sweep running at once is safe anyway).
DEADLINE_SWEEP_SECONDS = env_int("DEADLINE_SWEEP_SECONDS", 50)
DEADLINE_SWEEP_BATCH = env_int("DEADLINE_SWEEP_BATCH", 100)
# A kind that declares a set handler (a mass expiry: suspensions ending) has its rows of a
# batch applied in a few statements instead of a transition per row; off, every row goes
# through its row handler (the two write the same, tests/cases/test_sweep_sets.py).
DEADLINE_SWEEP_SETS = env_bool("DEADLINE_SWEEP_SETS", True)
# Which AR date starts the offender's clocks: "delivery" (the delivery date, or the visit
# date of Art. 46 §2) or "ar_attached" (the date the AR was attached to the file).
NOTIFICATION_CLOCK_START = env_str("NOTIFICATION_CLOCK_START", "delivery")
# Whether a letter refused by the recipient counts as received (docs/interpretations.md).
NOTICE_REFUSAL_COUNTS = env_bool("NOTICE_REFUSAL_COUNTS", True)
# The address printed on paper and in QR codes (the public verification page), as the
# public reaches the site. In production it defaults to https:// and the first named host
# of ALLOWED_HOSTS, so a document never points at the server's loopback address.
_PUBLIC_HOSTS = [h for h in ALLOWED_HOSTS if h and not h.startswith((".", "*"))]
PUBLIC_BASE_URL = env_str(
    "PUBLIC_BASE_URL",
    "http://127.0.0.1:8000" if DEBUG or not _PUBLIC_HOSTS else f"https://{_PUBLIC_HOSTS[0]}",
).rstrip("/")
# Seconds a future applicant has to confirm the sign-up link (three days).
SIGNUP_LINK_MAX_AGE = 3 * 24 * 3600
# The municipality's Pix key and the names the payer's bank shows (Art. 55 payment guides).
PIX_KEY = env_str("PIX_KEY", "financas@mantenopolis.es.gov.br")
PIX_MERCHANT_NAME = env_str("PIX_MERCHANT_NAME", "Municipio de Mantenopolis")
PIX_MERCHANT_CITY = env_str("PIX_MERCHANT_CITY", "Mantenopolis")
# Requests per minute per client address on the public pages.
PUBLIC_VERIFY_RATE = env_int("PUBLIC_VERIFY_RATE", 60)
# Passenger complaints accepted per client address per 10 minutes (Art. 39 form).
PUBLIC_COMPLAINT_RATE = env_int("PUBLIC_COMPLAINT_RATE", 5)
# Workspace exports longer than this many rows are written by a Celery task (progress page).
EXPORT_SYNC_ROWS = env_int("EXPORT_SYNC_ROWS", 5000)
# How many reverse proxies of our own stand in front (to find the real client address).
RATELIMIT_PROXY_COUNT = env_int("RATELIMIT_PROXY_COUNT", 0)
# Readings of Art. 59 where the law is silent (docs/interpretations.md, "Recidivism").
RECIDIVISM_WINDOW_MONTHS = env_int("RECIDIVISM_WINDOW_MONTHS", 12)
RECIDIVISM_SCOPE = env_str("RECIDIVISM_SCOPE", "same_item")  # or "same_range"
# Art. 59 I: "instead" (the first group 1-2 infraction gets a warning, no fine; the reading
# more favourable to the driver) or "as_well" (warning and fine).
FIRST_OFFENCE_WARNING = env_str("FIRST_OFFENCE_WARNING", "instead")
# Whether an infraction's recidivism is assessed again when an earlier notice becomes final
# after it was issued (Art. 59 §1): off, the penalty notified is the one applied.
RECIDIVISM_REASSESS_ON_FINAL = env_bool("RECIDIVISM_REASSESS_ON_FINAL", False)
# Art. 24: the one extension of a suspension is up to "original_length" or "max_period" (120).
SUSPENSION_EXTENSION_LIMIT = env_str("SUSPENSION_EXTENSION_LIMIT", "original_length")
# Art. 27 §2: swaps of auxiliary counted per "rolling_12_months" or per "calendar_year".
AUXILIARY_SWAP_COUNT = env_str("AUXILIARY_SWAP_COUNT", "rolling_12_months")
# Arts. 46 §1, 53 II: days the archive of an unnotified notice waits after the 60 days for
# ARs still in the post (a letter delivered in time counts even if its AR comes back late).
NOTICE_ARCHIVE_GRACE_DAYS = env_int("NOTICE_ARCHIVE_GRACE_DAYS", 15)
# Arts. 55 and 63: whether paying the fine within the appeal window ends the right to appeal
# (default false: the payment is recorded, the window stays open, a granted appeal refunds).
PAYMENT_ENDS_APPEAL = env_bool("PAYMENT_ENDS_APPEAL", False)
# Art. 62 §1: "last_penalty" (each repeat doubles the last record's values) or "base_once".
CLANDESTINE_DOUBLING = env_str("CLANDESTINE_DOUBLING", "last_penalty")
