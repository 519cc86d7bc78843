"""Celery application. Periodic work is declared in one place: `config.schedule`."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("mantenopolis")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
