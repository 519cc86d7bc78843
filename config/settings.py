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
# The embedded default (`bin/run`): one machine, plain http on the loopback address, no
# services. DEBUG stays off, so a newcomer sees what production shows (the site's own
# pt-BR error pages, never Django's URL listing); only the secrets, hosts and cookies are
# the local ones.
EMBEDDED = env_bool("EMBEDDED", False)
LOCAL_HTTP = DEBUG or EMBEDDED

LOCAL_HOSTS = frozenset({"localhost", "127.0.0.1", "[::1]", "::1", "testserver"})

if LOCAL_HTTP:
    SECRET_KEY = env_str("SECRET_KEY", "embedded-insecure-key-only-for-local-demo-use-0123456789")
    ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]")
    # A server answering under a public name is production: DEBUG there would show
    # settings, SQL and personal data on every error page, and the embedded mode's known
    # key would sign its sessions. Refuse to start.
    _public = [host for host in ALLOWED_HOSTS if host not in LOCAL_HOSTS]
    if _public:
        _hosts = ",".join(_public)
        _flag = "DEBUG" if DEBUG else "EMBEDDED"
        raise ImproperlyConfigured(
            f"{_flag} está ligado num servidor de produção (ALLOWED_HOSTS={_hosts}): desligue "
            f"{_flag} ({_flag} is on for a production host; set {_flag}=false)."
        )
else:
    SECRET_KEY = env_str("SECRET_KEY")
    ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", env_str("ALLOWED_HOSTS"))

INSTALLED_APPS = [
    "config.admin_site.AdminConfig",  # django.contrib.admin, with the site of config/admin_site.py
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
    "django_otp",
    "django_otp.plugins.otp_totp",
    "django_otp.plugins.otp_static",
    "accounts",
    "identity",
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
    # Outside every middleware that may answer an error under /api/, inside the language.
    "web.middleware.ApiErrorBodyMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "web.middleware.HostileInputMiddleware",
    "web.middleware.NoStoreForSignedInMiddleware",
    # A route the access policy closes to the user's roles: 403 before the view runs.
    "web.middleware.RoutePolicyMiddleware",
    # Second factor, idle timeout, the session list and the identity checks' requests;
    # before OnceMiddleware, so that a form refused for want of proof can be sent again.
    "identity.middleware.IdentityMiddleware",
    "web.idempotency.OnceMiddleware",
    "csp.middleware.CSPMiddleware",
    # Remembers the browser where a person signed in (accounts.lockout).
    "web.login_throttle.KnownDeviceMiddleware",
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
        # server closed (restart, idle timeout) before a request uses it. Ten minutes, not
        # one: a connection's prepared statements die with it, and PostgreSQL skips
        # planning a prepared statement only from its sixth run (bench/, issue 25).
        conn_max_age=env_int("DB_CONN_MAX_AGE", 600),
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
# How many statements a connection keeps prepared (core.db.keep_statements_prepared):
# more than the application's pages run, so that none is forgotten between two requests.
DB_PREPARED_MAX = env_int("DB_PREPARED_MAX", 1000)
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
# Wrong passwords per lockout key before the lockout, and its length. The key is the user
# name for unknown browsers, the user name and the device for a browser where he signed
# in before (accounts.lockout): a colleague behind the town hall's one address locks the
# user name for unknown browsers only, and the owner gets a link that lifts the lock.
AXES_FAILURE_LIMIT = env_int("LOGIN_FAILURE_LIMIT", 5)
AXES_COOLOFF_TIME = timedelta(minutes=env_int("LOGIN_LOCKOUT_MINUTES", 15))
AXES_LOCKOUT_PARAMETERS = ["username"]
AXES_USERNAME_CALLABLE = "web.login_throttle.lockout_username"
AXES_RESET_ON_SUCCESS = True
# Tries made while locked are refused unread and do not restart the lock (the unlock link
# is bound to the lock's start).
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
# Wrong confirmations of a signed act (password or second factor's code) per user before
# his acts are refused for a while (accounts.throttle.act_confirm_*): the same numbers as
# the login's by default. Keyed on the user himself (only his own session confirms his
# acts), so nobody else can lock him out.
ACT_CONFIRM_FAILURE_LIMIT = env_int("ACT_CONFIRM_FAILURE_LIMIT", AXES_FAILURE_LIMIT)
ACT_CONFIRM_LOCKOUT_MINUTES = env_int(
    "ACT_CONFIRM_LOCKOUT_MINUTES", int(AXES_COOLOFF_TIME.total_seconds() // 60)
)
# How long a browser stays a known device of a person who signed in on it.
LOGIN_DEVICE_DAYS = env_int("LOGIN_DEVICE_DAYS", 180)
# axes warns when the address is not part of the key: here the user name is, from any
# address (rotating user agents or cookies gives an unknown browser, the same key).
SILENCED_SYSTEM_CHECKS = ["axes.W006"]
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
        if not LOCAL_HTTP
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}
# Locally the static files are served from the apps' folders, with no collectstatic step.
WHITENOISE_USE_FINDERS = LOCAL_HTTP
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
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", not LOCAL_HTTP)
SESSION_COOKIE_SECURE = not LOCAL_HTTP
CSRF_COOKIE_SECURE = not LOCAL_HTTP
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 0 if LOCAL_HTTP else 31536000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = not LOCAL_HTTP
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", not LOCAL_HTTP)
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
    if not LOCAL_HTTP
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
    "DEFAULT_PERMISSION_CLASSES": [
        "rest_framework.permissions.IsAuthenticated",
        "web.api_permissions.RoutePolicy",
    ],
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
    # Request and response components apart: a file field is a binary part of a multipart
    # request (not a URL string), and a required text is declared non-blank (minLength).
    "COMPONENT_SPLIT_REQUEST": True,
    # One name for a choice set used by several fields (an appeal's outcome and a vote).
    "ENUM_NAME_OVERRIDES": {
        "AppealOutcomeEnum": "workflows.appeal.models.Outcome",
        # The case kinds keep the name they had before other "kind" fields existed.
        "KindEnum": "cases.models.CaseKind",
        "StandKindEnum": "municipal.models.stands.Stand.Kind",
        "AssociationKindEnum": "municipal.models.cooperatives.Association.Kind",
        "CalendarDayKindEnum": "registers.models.CalendarDay.Kind",
        # Who took a notice in person (Art. 46): the input's `receiver`, the output's
        # `receiver_kind`.
        "ReceiverEnum": "notifications.models.Receiver",
    },
    # Every operation documents the Error body for the statuses it may answer.
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "web.api_schema.add_error_responses",
        "web.api_schema.files_only_in_multipart",
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
    "filters": {"refusals": {"()": "web.logging.RefusalsWithoutTraceback"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "filters": ["refusals"]}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO")},
    # Django's own "django" logger writes to the console under DEBUG and then passes the
    # record on to the root's: every refusal appeared twice. One handler, one line.
    "loggers": {"django": {"handlers": ["console"], "level": "INFO", "propagate": False}},
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
    "http://127.0.0.1:8000" if LOCAL_HTTP or not _PUBLIC_HOSTS else f"https://{_PUBLIC_HOSTS[0]}",
).rstrip("/")
# Seconds a future applicant has to confirm the sign-up link, and a "forgot my password"
# link lives (both single-use; accounts.signup, Django's password reset).
SIGNUP_LINK_MAX_AGE = env_int("SIGNUP_LINK_MAX_AGE", 3600)
PASSWORD_RESET_TIMEOUT = env_int("PASSWORD_RESET_TIMEOUT", 3600)
# Account mails (sign-up, new link, password reset) asked per hour for one address, and
# such requests per hour from one client address (accounts.throttle).
ACCOUNT_MAILS_PER_ADDRESS_HOUR = env_int("ACCOUNT_MAILS_PER_ADDRESS_HOUR", 3)
ACCOUNT_MAIL_REQUESTS_PER_IP_HOUR = env_int("ACCOUNT_MAIL_REQUESTS_PER_IP_HOUR", 20)
# The identification of the driver over the dashboard (Art. 4 X): the telephone for
# information, complaints or suggestions it must print (no card is issued without it),
# and the dress rule of Art. 58 V, as the municipal regulation words it.
COMPLAINTS_PHONE = env_str(
    "COMPLAINTS_PHONE", "(27) 0000-0000 (demonstração)" if LOCAL_HTTP else ""
)
DRESS_CODE = env_str(
    "DRESS_CODE",
    "Trajar-se conforme a regulamentação do Poder Executivo Municipal (Art. 58 V).",
)
# The municipality's Pix key and the names the payer's bank shows (Art. 55 payment guides).
PIX_KEY = env_str("PIX_KEY", "financas@mantenopolis.es.gov.br")
PIX_MERCHANT_NAME = env_str("PIX_MERCHANT_NAME", "Municipio de Mantenopolis")
PIX_MERCHANT_CITY = env_str("PIX_MERCHANT_CITY", "Mantenopolis")
# Requests per minute per client address on the public pages.
PUBLIC_VERIFY_RATE = env_int("PUBLIC_VERIFY_RATE", 60)
# How long the verdict on a stored document's signatures is kept, by the digest of its
# bytes (documents.signing.selectors): a certificate that expires or a root withdrawn shows
# within this time; a changed file at once. 0: validated at every request.
VERIFY_SIGNATURES_CACHE_SECONDS = env_int("VERIFY_SIGNATURES_CACHE_SECONDS", 600)
# The dashboard's figures are counted at most this often per scope and period (0: at
# every request); the page says when they were counted.
DASHBOARD_CACHE_SECONDS = env_int("DASHBOARD_CACHE_SECONDS", 300)
# How long the search remembers that its words name more than a thousand drivers (a broad
# search: the cases are walked instead of listed; the same cases either way). 0: asks each time.
SEARCH_BROAD_CACHE_SECONDS = env_int("SEARCH_BROAD_CACHE_SECONDS", 600)
# How long a process keeps the measured processing times it read (measured once a night,
# shown on every open case's page). 0: read at each request.
PROCESSING_TIMES_KEPT_SECONDS = env_int("PROCESSING_TIMES_KEPT_SECONDS", 300)
# The roster's fleet of each day of a month (Art. 37 VII), the denominator of its 50 %, is
# counted at most this often per month (0: at every request); the shifts are read live.
ROSTER_FLEET_CACHE_SECONDS = env_int("ROSTER_FLEET_CACHE_SECONDS", 300)
# Passenger complaints accepted per client address per 10 minutes (Art. 39 form).
PUBLIC_COMPLAINT_RATE = env_int("PUBLIC_COMPLAINT_RATE", 5)
# Workspace exports longer than this many rows are written by a Celery task (progress page).
EXPORT_SYNC_ROWS = env_int("EXPORT_SYNC_ROWS", 5000)
# Bounds of the register import's reader, checked before and while a sheet is parsed (an
# XLSX of 50 KB can inflate to gigabytes). A register of 20,000 Termos fits well inside.
IMPORT_MAX_UNCOMPRESSED_BYTES = env_int("IMPORT_MAX_UNCOMPRESSED_BYTES", 100 * 2**20)
IMPORT_MAX_SHARED_STRINGS_BYTES = env_int("IMPORT_MAX_SHARED_STRINGS_BYTES", 20 * 2**20)
IMPORT_MAX_CELL_CHARS = env_int("IMPORT_MAX_CELL_CHARS", 1000)
IMPORT_MAX_COLUMNS = env_int("IMPORT_MAX_COLUMNS", 60)

# Days a row of the LGPD read log is kept before the nightly purge deletes it (README,
# "Who can see what"): five years, the term in which an administrative act may still be
# reviewed and the driver may still ask who read his data about it (Lei 9.873/1999 Art. 1).
PERSONAL_DATA_LOG_RETENTION_DAYS = env_int("PERSONAL_DATA_LOG_RETENTION_DAYS", 5 * 365)
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
# Art. 62 §3: keep a seized vehicle until everything is paid (true), or release it once the
# seizure is served and the costs recorded, collecting apart (false: STJ Súmula 510).
CLANDESTINE_RETAIN_UNTIL_PAID = env_bool("CLANDESTINE_RETAIN_UNTIL_PAID", False)
# Art. 31: a negative 12-month IGP-M "keep"s the fares (default) or is "apply"ed (lowers them).
TARIFF_NEGATIVE_IGPM = env_str("TARIFF_NEGATIVE_IGPM", "keep")

# --- Identity: gov.br and Acesso Cidadão, levels, second factor, sessions (identity/) ------
# A provider is on when its client id is set; none set, the login page shows no provider
# button and everything runs on local accounts (README, "Logging in with gov.br").
IDENTITY_PROVIDERS: dict[str, dict[str, object]] = {}
if env_str("GOVBR_CLIENT_ID", ""):
    IDENTITY_PROVIDERS["govbr"] = {
        "label": "gov.br",
        "discovery_url": env_str(
            "GOVBR_DISCOVERY_URL", "https://sso.acesso.gov.br/.well-known/openid-configuration"
        ),
        "client_id": env_str("GOVBR_CLIENT_ID"),
        "client_secret": env_str("GOVBR_CLIENT_SECRET"),
        "scopes": env_str("GOVBR_SCOPES", "openid email profile govbr_confiabilidades"),
        "cpf_claim": "sub",
        "levels_url": env_str(
            "GOVBR_LEVELS_URL",
            "https://api.acesso.gov.br/confiabilidades/v3/contas/{cpf}/niveis?response-type=ids",
        ),
        "raise_level_url": env_str(
            "GOVBR_RAISE_LEVEL_URL", "https://confiabilidades.acesso.gov.br/"
        ),
    }
if env_str("ACESSO_CIDADAO_CLIENT_ID", ""):
    IDENTITY_PROVIDERS["acessocidadao"] = {
        "label": "Acesso Cidadão",
        "discovery_url": env_str(
            "ACESSO_CIDADAO_DISCOVERY_URL",
            "https://acessocidadao.es.gov.br/is/.well-known/openid-configuration",
        ),
        "client_id": env_str("ACESSO_CIDADAO_CLIENT_ID"),
        "client_secret": env_str("ACESSO_CIDADAO_CLIENT_SECRET"),
        "scopes": env_str("ACESSO_CIDADAO_SCOPES", "openid profile email cpf"),
        "cpf_claim": env_str("ACESSO_CIDADAO_CPF_CLAIM", "cpf"),
        "levels_url": env_str("ACESSO_CIDADAO_LEVELS_URL", ""),
        # Without a levels API, what the municipality accepts this provider's accounts as.
        "default_level": env_str("ACESSO_CIDADAO_LEVEL", "bronze"),
        "raise_level_url": env_str("ACESSO_CIDADAO_RAISE_LEVEL_URL", ""),
    }
# The level each act of a citizen needs (identity.levels.act_levels): appeals, transfers,
# cancellations and signing a Termo need ASSURANCE_STRICT_LEVEL ("prata" or "ouro");
# filing other requests prata; a complaint any. ASSURANCE_LEVELS overrides single acts.
ASSURANCE_STRICT_LEVEL = env_str("ASSURANCE_STRICT_LEVEL", "prata")
ASSURANCE_LEVELS: dict[str, str] = {}
# Roles that must set up and give a second factor (TOTP) after the password.
SECOND_FACTOR_ROLES = env_list("SECOND_FACTOR_ROLES", "mayor,administrator,commission_member")
# A decision (homologation, revocation, a vote, an annulment…) asks for the second factor
# again when the last one is older than this.
SECOND_FACTOR_MAX_AGE_MINUTES = env_int("SECOND_FACTOR_MAX_AGE_MINUTES", 15)
# A staff session with no request for this long is ended (0: never).
STAFF_IDLE_MINUTES = env_int("STAFF_IDLE_MINUTES", 30)
OTP_TOTP_ISSUER = env_str("OTP_TOTP_ISSUER", "Táxi Mantenópolis")
# --- Electronic signatures (documents.signing; README "Signatures") ----------------------
# The municipality's seal on every official PDF (PAdES): an A1 PKCS#12 file and its
# passphrase, or a PKCS#11 token (module + token label + key label + PIN). The defaults
# are the development chain (`manage.py signing_dev_chain`), NOT VALID outside the demo.
SIGNING_DEV_CHAIN_DIR = VAR_DIR / "signing" / "dev"
SIGNING_SEAL_PKCS12 = env_str("SIGNING_SEAL_PKCS12", str(SIGNING_DEV_CHAIN_DIR / "seal.p12"))
SIGNING_SEAL_PASSPHRASE = env_str("SIGNING_SEAL_PASSPHRASE", "desenvolvimento")
SIGNING_SEAL_PKCS11_MODULE = env_str("SIGNING_SEAL_PKCS11_MODULE", "")
SIGNING_SEAL_PKCS11_TOKEN = env_str("SIGNING_SEAL_PKCS11_TOKEN", "")
SIGNING_SEAL_PKCS11_KEY = env_str("SIGNING_SEAL_PKCS11_KEY", "")
SIGNING_SEAL_PKCS11_PIN = env_str("SIGNING_SEAL_PKCS11_PIN", "")
# RFC 3161 timestamp server; empty: signatures carry the signer's clock only.
SIGNING_TIMESTAMP_URL = env_str("SIGNING_TIMESTAMP_URL", "")
SIGNING_TIMESTAMP_TIMEOUT = env_int("SIGNING_TIMESTAMP_TIMEOUT", 10)
# Roots our own documents' signatures must chain to (PEM/DER files, comma-separated).
SIGNING_TRUST_ROOTS = env_list("SIGNING_TRUST_ROOTS", str(SIGNING_DEV_CHAIN_DIR / "root.pem"))
# The internal authority that certifies each user's own signing key (advanced signature).
SIGNING_USERS_CA_PKCS12 = env_str(
    "SIGNING_USERS_CA_PKCS12", str(SIGNING_DEV_CHAIN_DIR / "users-ca.p12")
)
SIGNING_USERS_CA_PASSPHRASE = env_str("SIGNING_USERS_CA_PASSPHRASE", "desenvolvimento")
# The secret of the copy of a user's key that his second factor (TOTP) opens, for those who
# confirm acts with a code instead of their password; empty: derived from SECRET_KEY.
SIGNING_KEYS_CUSTODY_SECRET = env_str("SIGNING_KEYS_CUSTODY_SECRET", "")
# Roots accepted for citizens' signed uploads besides the ICP-Brasil roots of certifi-icpbr.
SIGNING_UPLOAD_TRUST_ROOTS = env_list("SIGNING_UPLOAD_TRUST_ROOTS", "")
# Days before the seal certificate expires that the administrator is warned.
SIGNING_SEAL_EXPIRY_WARNING_DAYS = env_int("SIGNING_SEAL_EXPIRY_WARNING_DAYS", 30)
