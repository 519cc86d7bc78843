"""The guards several kinds share, each written once (workflows/steps/guards.py): an appeal
after its last day (Arts. 59 §2, 63) and the authorization in force, locked or refused
(Arts. 20, 23-25, 27, 59 V, 67). The kinds' own tests check each use; these check the
guard itself, so a change to it is seen here first."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import transaction

from cases.errors import RuleViolation, StateConflict
from registers.models import Authorization
from tests.factories import AuthorizationFactory, DriverFactory
from workflows.steps.guards import (
    appeal_in_time_check,
    authorization_in_force_lock,
    holder_authorization_lock,
)

LAST_DAY = dt.date(2026, 3, 10)


def test_an_appeal_on_its_last_day_is_in_time_art63():
    appeal_in_time_check(filed_on=LAST_DAY, last_day=LAST_DAY, article="Art. 63")


def test_an_appeal_the_day_after_is_refused_naming_the_day_art63():
    with pytest.raises(RuleViolation) as refused:
        appeal_in_time_check(
            filed_on=LAST_DAY + dt.timedelta(days=1), last_day=LAST_DAY, article="Art. 63"
        )
    assert refused.value.code == "appeal_late"
    assert refused.value.article == "Art. 63"
    assert "10/03/2026" in str(refused.value.message)


def test_no_window_yet_is_left_to_the_kind_art59_p2():
    appeal_in_time_check(filed_on=LAST_DAY, last_day=None, article="Art. 59 §2")


@pytest.mark.django_db
def test_the_holders_authorization_in_force_is_returned_locked_art27():
    authorization = AuthorizationFactory(suspended=True)
    with transaction.atomic():
        found = holder_authorization_lock(
            authorization.holder, refusal="sem autorização", article="Art. 27"
        )
    assert found.pk == authorization.pk


@pytest.mark.django_db
def test_a_holder_without_one_in_the_statuses_is_refused_art24():
    authorization = AuthorizationFactory(suspended=True)
    with transaction.atomic(), pytest.raises(RuleViolation) as refused:
        holder_authorization_lock(
            authorization.holder,
            refusal="sem autorização ativa",
            article="Art. 24",
            statuses=(Authorization.Status.ACTIVE,),
            code="no_active_authorization",
        )
    assert (refused.value.message, refused.value.article) == ("sem autorização ativa", "Art. 24")
    assert refused.value.code == "no_active_authorization"
    with transaction.atomic(), pytest.raises(RuleViolation):
        holder_authorization_lock(DriverFactory(), refusal="sem autorização", article="Art. 24")


@pytest.mark.django_db
def test_the_cases_authorization_held_by_someone_else_is_a_conflict_art23():
    authorization = AuthorizationFactory()
    other = DriverFactory()
    with transaction.atomic():
        found = authorization_in_force_lock(
            authorization.pk,
            refusal="A autorização %(number)s mudou.",
            article="Art. 23",
            holder_id=authorization.holder_id,
        )
    assert found.pk == authorization.pk
    with transaction.atomic(), pytest.raises(StateConflict) as refused:
        authorization_in_force_lock(
            authorization.pk,
            refusal="A autorização %(number)s mudou.",
            article="Art. 23",
            holder_id=other.pk,
        )
    assert refused.value.message == f"A autorização {authorization.number} mudou."


@pytest.mark.django_db
def test_an_authorization_out_of_force_is_refused_with_its_status_art59_v():
    authorization = AuthorizationFactory(status=Authorization.Status.REVOKED)
    with transaction.atomic(), pytest.raises(RuleViolation) as refused:
        authorization_in_force_lock(
            authorization.pk,
            refusal="A autorização %(number)s não está em vigor (%(status)s).",
            article="Art. 59 V",
            error=RuleViolation,
        )
    assert refused.value.message == (
        f"A autorização {authorization.number} não está em vigor "
        f"({authorization.get_status_display()})."
    )
