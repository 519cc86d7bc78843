from __future__ import annotations

import time

import pytest
from django.test import Client
from django_otp.oath import TOTP
from django_otp.plugins.otp_totp.models import TOTPDevice

from accounts.roles import Role
from identity.second_factor import SESSION_VERIFIED_AT
from tests.factories import UserFactory
from tests.identity import provider as _provider

# The test OpenID Connect provider (a process of its own) and its settings here.
govbr_process = _provider.govbr_process
govbr = _provider.govbr


@pytest.fixture(autouse=True)
def _second_factor_on(settings):
    """The production default: the mayor, administrators and commission must use one."""
    settings.SECOND_FACTOR_ROLES = ["mayor", "administrator", "commission_member"]
    settings.SECOND_FACTOR_MAX_AGE_MINUTES = 15


@pytest.fixture(autouse=True)
def _after_commit_work_stays_here(monkeypatch):
    """E-mails and PDF renders are rows; their tasks never leave for the shared Redis."""
    monkeypatch.setattr("notifications.services._enqueue", lambda pk: None)
    monkeypatch.setattr("documents.services._enqueue", lambda pk: None)


@pytest.fixture
def mayor():
    return UserFactory(role=Role.MAYOR, username="prefeito")


def totp_device(user) -> TOTPDevice:
    return TOTPDevice.objects.create(user=user, name="totp", confirmed=True)


def code_for(device: TOTPDevice, *, steps_ago: int = 0) -> str:
    """The code the authenticator app shows now (or `steps_ago` 30-second steps ago)."""
    totp = TOTP(device.bin_key, device.step, device.t0, device.digits, device.drift)
    totp.time = time.time() - steps_ago * device.step
    return f"{totp.token():0{device.digits}d}"


def signed_in(user, *, verified_minutes_ago: float | None = None) -> Client:
    """A browser session of `user` after the password, with the second factor given
    `verified_minutes_ago` minutes ago (None: not given in this session)."""
    client = Client()
    client.force_login(user)
    if verified_minutes_ago is not None:
        session = client.session
        session[SESSION_VERIFIED_AT] = int(time.time() - verified_minutes_ago * 60)
        session.save()
    return client
