"""A tiny OpenID Connect provider shaped like gov.br, for the identity tests only.

Built on django-oauth-toolkit (a dev dependency) and run as its own process by the
`govbr` fixture (tests/identity/provider.py): its own SQLite database, its own RSA key,
RS256 ID tokens whose `sub` is the CPF, and gov.br's levels API
(/confiabilidades/v3/contas/<cpf>/niveis). What it answers is steered by a JSON file the
tests write (PROVIDER_STATE): each CPF's level, and a "mode" that makes it misbehave
(wrong nonce, expired token, tampered signature).
"""

import os

SECRET_KEY = "oidc-test-provider-only"  # noqa: S105 — a throw-away process of the tests
DEBUG = False
ALLOWED_HOSTS = ["127.0.0.1", "localhost"]
ROOT_URLCONF = "tests.oidc_provider.urls"
USE_TZ = True
INSTALLED_APPS = [
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "oauth2_provider",
]
MIDDLEWARE = [
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
]
DATABASES = {"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": os.environ["PROVIDER_DB"]}}
TEMPLATES = [{"BACKEND": "django.template.backends.django.DjangoTemplates", "APP_DIRS": True}]
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
LOGIN_URL = "/login/"
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
ISSUER = os.environ["PROVIDER_ISSUER"]
OAUTH2_PROVIDER = {
    "OIDC_ENABLED": True,
    "OIDC_RSA_PRIVATE_KEY": os.environ["PROVIDER_RSA_KEY"],
    "OIDC_ISS_ENDPOINT": ISSUER,
    "PKCE_REQUIRED": True,
    "OIDC_RP_INITIATED_LOGOUT_ENABLED": True,
    "OIDC_RP_INITIATED_LOGOUT_ALWAYS_PROMPT": False,
    "OAUTH2_VALIDATOR_CLASS": "tests.oidc_provider.views.GovBrValidator",
    "SCOPES": {
        "openid": "OpenID Connect",
        "email": "e-mail",
        "profile": "nome",
        "govbr_confiabilidades": "níveis",
    },
}
LOGGING = {"version": 1, "disable_existing_loggers": False, "root": {"level": "WARNING"}}
