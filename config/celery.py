"""Celery application. Periodic work is declared in one place: `config.schedule`."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("mantenopolis")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()

# Extra modules a worker imports, named by the environment (comma-separated): the fault
# suite (tests/faults) loads a deadline handler that pauses mid-row, so a test can kill the
# worker or its database connection at a reproducible point. Empty in production.
_extra = [name.strip() for name in os.environ.get("CELERY_EXTRA_IMPORTS", "").split(",")]
if any(_extra):
    app.conf.imports = tuple(name for name in _extra if name)
