"""Guessing the password (or second factor's code) that confirms a signed act is slowed
like guessing a login's (accounts.lockout): after ACT_CONFIRM_FAILURE_LIMIT wrong
confirmations in a row, the user's signed acts are refused — 429, a clear message — even
with the right password, until ACT_CONFIRM_LOCKOUT_MINUTES have passed. Counted on the user
himself: a colleague's wrong guesses for his own acts never lock him out."""

from __future__ import annotations

import datetime as dt

import pytest
import time_machine
from django.utils import timezone

from accounts.roles import Role
from cases.errors import NotPermitted, TooManyAttempts
from cases.services.transitions import case_act
from documents.models import OfficialDocument
from tests.factories import PASSWORD, UserFactory
from workflows.application.models import ApplicationCase, ApplicationState

pytestmark = pytest.mark.django_db


@pytest.fixture
def t0():
    """The moment the guesses start; each step travels from it (time is injected)."""
    return timezone.now().replace(microsecond=0)


@pytest.fixture(autouse=True)
def _limits(settings):
    settings.ACT_CONFIRM_FAILURE_LIMIT = 3
    settings.ACT_CONFIRM_LOCKOUT_MINUTES = 15


def _homologate(case, mayor, password: str) -> None:
    case_act(case=case, action="homologate", actor=mayor, password=password)


def _guess_wrong(case, mayor, times: int) -> None:
    for _ in range(times):
        with pytest.raises(NotPermitted):
            _homologate(case, mayor, "errada")


def test_after_the_limit_of_wrong_confirmations_the_right_one_waits_429(
    api, awaiting_homologation, t0
):
    mayor = UserFactory(role=Role.MAYOR)
    url = f"/api/cases/{awaiting_homologation.pk}/actions/homologate/"
    with time_machine.travel(t0, tick=False):
        for _ in range(3):
            assert api(mayor).post(url, {"password": "errada"}).status_code == 403

        locked = api(mayor).post(url, {"password": PASSWORD})

    assert locked.status_code == 429
    assert locked.json()["code"] == "too_many_attempts"
    assert "Muitas confirmações erradas seguidas" in locked.json()["detail"]
    assert locked["Retry-After"] == str(15 * 60)
    case = ApplicationCase.objects.get(pk=awaiting_homologation.pk)
    assert case.state == ApplicationState.AWAITING_HOMOLOGATION
    assert not OfficialDocument.objects.filter(case=case).exists()


def test_the_lock_ends_after_the_lockout_minutes(awaiting_homologation, t0):
    mayor = UserFactory(role=Role.MAYOR)
    with time_machine.travel(t0, tick=False):
        _guess_wrong(awaiting_homologation, mayor, 3)
    with (
        time_machine.travel(t0 + dt.timedelta(minutes=14), tick=False),
        pytest.raises(TooManyAttempts),
    ):
        _homologate(awaiting_homologation, mayor, PASSWORD)
    with time_machine.travel(t0 + dt.timedelta(minutes=15, seconds=1), tick=False):
        _homologate(awaiting_homologation, mayor, PASSWORD)

    case = ApplicationCase.objects.get(pk=awaiting_homologation.pk)
    assert case.state == ApplicationState.GRANTED


def test_a_right_confirmation_before_the_limit_clears_the_count(awaiting_homologation, t0):
    from documents.signing.keys import act_confirm

    mayor = UserFactory(role=Role.MAYOR)
    with time_machine.travel(t0, tick=False):
        _guess_wrong(awaiting_homologation, mayor, 2)
        act_confirm(user=mayor, credential=PASSWORD)
        _guess_wrong(awaiting_homologation, mayor, 2)
        _homologate(awaiting_homologation, mayor, PASSWORD)

    assert ApplicationCase.objects.get(pk=awaiting_homologation.pk).state == (
        ApplicationState.GRANTED
    )


def test_a_colleagues_wrong_guesses_do_not_lock_the_mayor_out(awaiting_homologation, t0):
    colleague = UserFactory(role=Role.MAYOR)
    mayor = UserFactory(role=Role.MAYOR)
    with time_machine.travel(t0, tick=False):
        _guess_wrong(awaiting_homologation, colleague, 3)
        with pytest.raises(TooManyAttempts):
            _homologate(awaiting_homologation, colleague, PASSWORD)

        _homologate(awaiting_homologation, mayor, PASSWORD)

    assert ApplicationCase.objects.get(pk=awaiting_homologation.pk).state == (
        ApplicationState.GRANTED
    )
