"""Test settings: the production parts (PostgreSQL, Redis) with test-only secrets."""

import os

os.environ.setdefault("SECRET_KEY", "test-only-secret-key-not-for-production-0123456789abcdef")
os.environ.setdefault("ALLOWED_HOSTS", "testserver,localhost,127.0.0.1")
os.environ.setdefault("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/mantenopolis")
os.environ.setdefault("REDIS_URL", "redis://127.0.0.1:6379/0")
os.environ.setdefault("SECURE_SSL_REDIRECT", "false")
os.environ.setdefault("VAR_DIR", "/tmp/mantenopolis-test-var")
os.environ.setdefault("COMPLAINTS_PHONE", "(27) 3756-1156")

from config.settings import *  # noqa: E402,F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
EMAIL_BACKEND = os.environ.get("EMAIL_BACKEND", "django.core.mail.backends.locmem.EmailBackend")
SESSION_COOKIE_SECURE = False
CSRF_COOKIE_SECURE = False
# Tests send tasks to a queue of their own, so a developer's running worker never takes them.
CELERY_TASK_DEFAULT_QUEUE = "mantenopolis-test"

STATIC_ROOT.mkdir(parents=True, exist_ok=True)  # noqa: F405 — whitenoise warns when missing
# Parallel runs on one machine (several checkouts, CI beside a developer) each need their own.
DATABASES["default"]["TEST"] = {  # noqa: F405
    "NAME": os.environ.get("TEST_DATABASE_NAME", "test_mantenopolis")
}
# The suite's staff log in with a password only; the identity tests turn the second
# factor on with the `settings` fixture (tests/identity).
SECOND_FACTOR_ROLES: list[str] = []
