"""Issue 24 §6: a refused request is one line in the server's log, without a traceback."""

from __future__ import annotations

import io
from contextlib import redirect_stderr

import pytest
from django.conf import settings as django_settings
from django.utils.log import configure_logging

from accounts.roles import Role
from tests.factories import UserFactory


@pytest.fixture
def server_log(settings):
    """The log as the server writes it: the project's LOGGING, its console on a buffer."""
    settings.DEBUG = True  # Django's own console handler writes only under DEBUG
    buffer = io.StringIO()
    with redirect_stderr(buffer):
        configure_logging(django_settings.LOGGING_CONFIG, django_settings.LOGGING)
    yield buffer
    configure_logging(django_settings.LOGGING_CONFIG, django_settings.LOGGING)


@pytest.mark.django_db
def test_a_permission_refusal_is_logged_once_without_traceback(client, server_log):
    client.force_login(UserFactory(role=Role.DRIVER))
    assert client.get("/decisoes/").status_code == 403
    log = server_log.getvalue()
    assert log.count("Forbidden") == 1, log
    assert "Traceback" not in log and "PermissionDenied" not in log, log


@pytest.mark.django_db
def test_a_missing_page_is_logged_once(client, server_log):
    assert client.get("/nao-existe/").status_code == 404
    log = server_log.getvalue()
    assert log.count("Not Found: /nao-existe/") == 1, log
