from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from accounts.roles import Role
from cases.models import AuditEvent, Case, Document
from cases.services.transitions import local_today
from notifications.models import Notification
from registers.models import Authorization, Driver, Vehicle
from tests.factories import UserFactory


@pytest.fixture(autouse=True)
def _after_commit_work_stays_here(monkeypatch):
    """E-mails and PDF renders are rows; their tasks never leave for the shared Redis."""
    queued: dict[str, list[int]] = {"notifications": [], "documents": []}
    monkeypatch.setattr("notifications.services._enqueue", queued["notifications"].append)
    monkeypatch.setattr("documents.services._enqueue", queued["documents"].append)
    return queued


@pytest.fixture
def today():
    """The one reading of the clock a test makes; services get it injected."""
    return local_today()


@pytest.fixture
def applicant_user():
    """A portal user with the driver role and no cadastro yet."""
    return UserFactory(role=Role.DRIVER, first_name="Maria", last_name="Souza")


@pytest.fixture
def fiscal_agent():
    return UserFactory(role=Role.FISCAL_AGENT, username="fiscal")


@pytest.fixture
def api():
    def client_for(user=None):
        client = APIClient()
        if user is not None:
            client.force_authenticate(user)
        return client

    return client_for


class Snapshot:
    """Counts of everything a filing or a step may write, to prove nothing was."""

    MODELS = (Case, AuditEvent, Document, Driver, Vehicle, Authorization, Notification)

    def __init__(self) -> None:
        self.counts = self._counts()
        self.drivers = list(Driver.objects.order_by("pk").values())
        self.vehicles = list(Vehicle.objects.order_by("pk").values())

    @classmethod
    def _counts(cls) -> dict[str, int]:
        return {model.__name__: model.objects.count() for model in cls.MODELS}

    def assert_unchanged(self) -> None:
        assert self._counts() == self.counts
        assert list(Driver.objects.order_by("pk").values()) == self.drivers
        assert list(Vehicle.objects.order_by("pk").values()) == self.vehicles


@pytest.fixture
def snapshot():
    return Snapshot
