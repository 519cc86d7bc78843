"""Art. 52: three seats, one current holder each, one seat per member."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from accounts.roles import Role
from cases.errors import NotPermitted, RuleViolation
from tests.appeal.factories import CommissionSeatFactory, commission_member
from tests.factories import UserFactory
from workflows.appeal.models import CommissionSeat
from workflows.appeal.selectors import commission_on, seat_held_by
from workflows.appeal.services import commission_seat_assign

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin():
    return UserFactory(role=Role.ADMINISTRATOR)


def test_a_new_holder_ends_the_previous_term_the_day_before_art52(admin):
    first = CommissionSeatFactory(seat="II", since=dt.date(2025, 1, 1))
    successor = commission_member()
    commission_seat_assign(
        seat="II",
        holder=successor,
        since=dt.date(2026, 3, 1),
        actor=admin,
        appointment="Ofício 3/2026 da associação dos taxistas",
    )
    first.refresh_from_db()
    assert first.until == dt.date(2026, 2, 28)
    assert seat_held_by(first.holder, dt.date(2026, 2, 28)) == first
    assert seat_held_by(first.holder, dt.date(2026, 3, 1)) is None
    assert commission_on(dt.date(2026, 3, 1))["II"].holder == successor


def test_a_seat_has_one_holder_and_a_member_one_seat_art52(admin):
    member = CommissionSeatFactory(seat="I").holder
    with pytest.raises(ValidationError):
        CommissionSeat(seat="I", holder=commission_member(), since=dt.date(2026, 2, 1)).full_clean()
    with pytest.raises(ValidationError):
        CommissionSeat(seat="III", holder=member, since=dt.date(2026, 2, 1)).full_clean()
    with pytest.raises(RuleViolation):
        commission_seat_assign(
            seat="III", holder=UserFactory(role=Role.CLERK), since=dt.date(2026, 2, 1), actor=admin
        )
    # the database holds the line for open terms even without clean()
    with pytest.raises(IntegrityError), transaction.atomic():
        CommissionSeat.objects.create(
            seat="I", holder=commission_member(), since=dt.date(2026, 2, 1)
        )


def test_only_the_administrator_keeps_the_seats_art52(clerk):
    with pytest.raises(NotPermitted):
        commission_seat_assign(
            seat="I", holder=commission_member(), since=dt.date(2026, 1, 1), actor=clerk
        )
    assert not CommissionSeat.objects.exists()
