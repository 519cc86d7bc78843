"""Arts. 27 §1, 48-50, 59: an auxiliary's infraction punishes the auxiliary — suspension
and revocation fall on his own authorization; the holder pays the fine and takes half the
points (issue 9, item 2). The impediment of an unsafe vehicle (IV a) stops the vehicle,
whoever drives it (issue 19, item 9)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from zoneinfo import ZoneInfo

import pytest
import time_machine

from accounts.roles import Role
from cases.models import AuditEvent
from cases.services.deadlines import deadlines_sweep
from registers.models import Authorization, AuxiliaryBinding, PointRecord
from tests.factories import PASSWORD, AuthorizationFactory, DriverFactory, UserFactory
from workflows.revocation.models import RevocationCase
from workflows.violation.models import PenaltyPeriod, ViolationNotice
from workflows.violation.services import (
    violation_notice_received,
    violation_notices_issue,
    violation_pay,
)

SP = ZoneInfo("America/Sao_Paulo")
pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _payment_makes_the_penalty_stand(settings):
    # These tests use the payment as the moment the penalty stands: the reading of
    # PAYMENT_ENDS_APPEAL (the default keeps the appeal window open after paying).
    settings.PAYMENT_ENDS_APPEAL = True


@pytest.fixture(autouse=True)
def _may_2026():
    with time_machine.travel(dt.datetime(2026, 5, 4, 10, tzinfo=SP), tick=False):
        yield


@pytest.fixture
def agent():
    return UserFactory(role=Role.FISCAL_AGENT)


@pytest.fixture
def clerk():
    return UserFactory(role=Role.CLERK)


@pytest.fixture
def taxi():
    authorization = AuthorizationFactory()
    auxiliary = DriverFactory(kind="auxiliary", titular=authorization.holder)
    AuxiliaryBinding.objects.create(
        authorization=authorization, auxiliary=auxiliary, valid_from=dt.date(2026, 1, 1),
        valid_until=dt.date(2026, 12, 31),
    )
    return authorization, auxiliary


def _final(agent, clerk, authorization, item, *, offender=None,
           when=dt.datetime(2026, 5, 2, 9, tzinfo=SP), received=dt.date(2026, 5, 3)):
    from cases.services.transitions import case_step

    [notice] = violation_notices_issue(
        agent=agent,
        authorization=authorization,
        items=[item],
        occurred_at=when,
        place="Rodoviária",
        offender=offender,
        password=PASSWORD,
    )
    case_step(case=notice, action="send_notice", actor=clerk)
    violation_notice_received(case=notice, received_on=received, actor=clerk)
    return violation_pay(case=ViolationNotice.objects.get(pk=notice.pk), actor=clerk)


def test_art_59_iii_an_auxiliarys_suspension_is_his_the_holders_taxi_keeps_working(
    agent, clerk, taxi
):
    authorization, auxiliary = taxi
    # Given an auxiliary's group 3 infraction (30 days' suspension, Art. 59 III b), paid
    notice = _final(agent, clerk, authorization, "XIV", offender=auxiliary)
    # Then the suspension is the auxiliary's: the holder's Termo stays active
    period = PenaltyPeriod.objects.get()
    assert (period.kind, period.auxiliary_id, period.ends_on) == (
        "suspension",
        auxiliary.pk,
        dt.date(2026, 6, 2),
    )
    assert Authorization.objects.get(pk=authorization.pk).status == "active"
    # and the holder pays (Art. 48) and takes half the points (Art. 49)
    assert notice.applicant_id == authorization.holder_id
    points = dict(PointRecord.objects.values_list("driver", "points"))
    assert points == {auxiliary.pk: Decimal("5.0"), authorization.holder.pk: Decimal("2.5")}
    # and the timeline says whose authorization serves it, with the article
    applied = AuditEvent.objects.get(case=notice, transition="auxiliary_suspended")
    assert applied.article == "Art. 59 III; Art. 27 §1"
    assert auxiliary.name in applied.note
    # When the period ends nothing changes for the holder
    deadlines_sweep(today=dt.date(2026, 6, 3))
    assert Authorization.objects.get(pk=authorization.pk).status == "active"
    assert PenaltyPeriod.objects.get().ended_on == dt.date(2026, 6, 2)


def test_art_59_iv_a_the_impediment_of_an_unsafe_vehicle_stops_it_whoever_drove_it(
    agent, clerk, taxi
):
    """Art. 59 IV a: "impedimento de circulação do veículo" — the auxiliary drove it, but
    the car itself stops: the holder's Termo is held until the impediment ends or is lifted
    (issue 19, item 9). The suspension (III b) stays the auxiliary's own."""
    authorization, auxiliary = taxi
    notice = _final(agent, clerk, authorization, "XIII", offender=auxiliary)
    periods = {p.kind: p for p in PenaltyPeriod.objects.filter(violation=notice)}
    assert periods["impediment"].auxiliary_id is None
    assert periods["suspension"].auxiliary_id == auxiliary.pk
    assert Authorization.objects.get(pk=authorization.pk).status == "suspended"
    # When the auxiliary's 30 days are over the car is still impeded
    deadlines_sweep(today=periods["suspension"].ends_on + dt.timedelta(days=1))
    assert Authorization.objects.get(pk=authorization.pk).status == "suspended"
    # and it returns when the impediment ends
    deadlines_sweep(today=periods["impediment"].ends_on + dt.timedelta(days=1))
    assert Authorization.objects.get(pk=authorization.pk).status == "active"


def test_art_59_v_a_an_auxiliarys_recidivism_opens_a_revocation_of_his_authorization(
    agent, clerk, taxi
):
    authorization, auxiliary = taxi
    with time_machine.travel(dt.datetime(2026, 3, 2, 10, tzinfo=SP), tick=False):
        _final(
            agent,
            clerk,
            authorization,
            "XVI",
            offender=auxiliary,
            when=dt.datetime(2026, 3, 1, 9, tzinfo=SP),
            received=dt.date(2026, 3, 2),
        )
    _final(agent, clerk, authorization, "XVI", offender=auxiliary)
    revocation = RevocationCase.objects.get(ground_article="Art. 59 V a")
    assert (revocation.auxiliary_id, revocation.applicant_id) == (auxiliary.pk, auxiliary.pk)
    assert Authorization.objects.get(pk=authorization.pk).status == "active"


def test_art_50_an_unidentified_driver_counts_as_the_holder(agent, clerk, taxi):
    authorization, _auxiliary = taxi
    _final(agent, clerk, authorization, "XIV")
    period = PenaltyPeriod.objects.get()
    assert period.auxiliary_id is None
    assert Authorization.objects.get(pk=authorization.pk).status == "suspended"
