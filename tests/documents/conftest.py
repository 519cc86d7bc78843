from __future__ import annotations

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from accounts.roles import Role
from tests.application.factories import population
from tests.application.journey import to_review
from tests.documents.helpers import local_cache, queued_renders  # noqa: F401 — fixtures
from tests.factories import UserFactory
from workflows.application.models import ApplicationCase
from workflows.application.services import application_approve_review


@pytest.fixture(autouse=True)
def _fresh_cache(local_cache):  # noqa: F811
    """Every test counts its requests from zero, in a cache of its own."""
    return local_cache


@pytest.fixture(autouse=True)
def _renders_stay_here(queued_renders):  # noqa: F811
    """No render task leaves for the shared Redis queue; tests render in process."""
    return queued_renders


@pytest.fixture
def awaiting_homologation():  # type: ignore[no-untyped-def]
    """An application taken through inspection and the clerk's review today: what is left
    is the mayor's homologation (Art. 22), the act that issues the Termo she signs."""
    today = timezone.localdate()
    population(10_000, year=today.year)
    clerk = UserFactory(role=Role.CLERK)
    case = to_review(UserFactory(role=Role.DRIVER), clerk, today=today)
    application_approve_review(case=case, actor=clerk, today=today)
    return ApplicationCase.objects.get(pk=case.pk)


@pytest.fixture
def mayor_user():  # type: ignore[no-untyped-def]
    """The mayor, with the name her signature carries."""
    return UserFactory(role=Role.MAYOR, first_name="Joana", last_name="Prefeita")


@pytest.fixture
def api():  # type: ignore[no-untyped-def]
    """`api(user)`: an API client authenticated as `user`."""
    def client_for(user):  # type: ignore[no-untyped-def]
        client = APIClient()
        client.force_authenticate(user)
        return client

    return client_for
