"""Arts. 49, 50, 54, 56, 57, 59: what a final violation notice does to the records."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from zoneinfo import ZoneInfo

import pytest
import time_machine

from accounts.roles import Role
from cases.errors import RuleViolation
from cases.models import Deadline
from cases.services.deadlines import deadlines_sweep
from registers.models import Authorization, AuxiliaryBinding, PointRecord, VrteValue
from tests.factories import PASSWORD, AuthorizationFactory, DriverFactory, UserFactory
from workflows.revocation.models import RevocationCase
from workflows.violation.models import PenaltyPeriod, ViolationNotice, ViolationState
from workflows.violation.services import (
    penalty_impediment_lift,
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
def vrte():
    return VrteValue.objects.create(year=2026, value=Decimal("4.7331"), source="SEFAZ-ES")


def _issue(
    agent, authorization, items, *, offender=None, when=dt.datetime(2026, 5, 2, 9, tzinfo=SP)
):
    return violation_notices_issue(
        agent=agent,
        authorization=authorization,
        items=items,
        occurred_at=when,
        place="Rodoviária",
        offender=offender,
        password=PASSWORD,
    )


def _notified(notice, on=dt.date(2026, 5, 3)):
    """Bring a notice to 'notified' as the AR recording would."""
    from cases.services.transitions import case_step

    clerk = UserFactory(role=Role.CLERK)
    case_step(case=notice, action="send_notice", actor=clerk)
    violation_notice_received(case=notice, received_on=on, actor=clerk)
    return ViolationNotice.objects.get(pk=notice.pk)


def test_several_items_at_once_make_several_notices_art51(agent, vrte, settings):
    settings.FIRST_OFFENCE_WARNING = "as_well"  # the fine of a first item I (Art. 59 I-II)
    authorization = AuthorizationFactory()
    notices = _issue(agent, authorization, ["I", "XIII"])
    assert [(n.item, n.fine_vrte, n.fine_reais) for n in notices] == [
        ("I", Decimal("80"), Decimal("378.65")),
        ("XIII", Decimal("150"), Decimal("709.97")),
    ]
    assert all(n.vrte_value == Decimal("4.7331") for n in notices)  # Art. 54


def test_item_xxi_and_unknown_items_are_refused_and_nothing_is_written(agent):
    authorization = AuthorizationFactory()
    for items in (["XXI"], ["XXX"], ["I", "I"], []):
        with pytest.raises(RuleViolation):
            _issue(agent, authorization, items)
    assert not ViolationNotice.objects.exists()


def test_only_an_agent_issues_notices_art41(authorization, clerk):
    from cases.errors import NotPermitted

    with pytest.raises(NotPermitted):
        _issue(clerk, authorization, ["I"])


def test_an_unidentified_drivers_points_go_to_the_holder_art50(agent, settings):
    settings.FIRST_OFFENCE_WARNING = "as_well"  # a fine to pay (Art. 59 I-II)
    authorization = AuthorizationFactory()
    [notice] = _issue(agent, authorization, ["X"])
    violation_pay(case=_notified(notice), actor=UserFactory(role=Role.CLERK))
    assert list(PointRecord.objects.values_list("driver", "points", "article")) == [
        (authorization.holder.pk, Decimal("3.0"), "Art. 50 parágrafo único")
    ]


def test_an_auxiliarys_points_and_half_of_them_to_the_holder_art49(agent):
    authorization = AuthorizationFactory()
    auxiliary = DriverFactory(kind="auxiliary", titular=authorization.holder)
    AuxiliaryBinding.objects.create(
        authorization=authorization,
        auxiliary=auxiliary,
        valid_from=dt.date(2026, 1, 1),
        valid_until=dt.date(2026, 12, 31),
    )
    [notice] = _issue(agent, authorization, ["XIV"], offender=auxiliary)
    violation_pay(case=_notified(notice), actor=UserFactory(role=Role.CLERK))
    points = dict(PointRecord.objects.values_list("driver", "points"))
    assert points == {auxiliary.pk: Decimal("5.0"), authorization.holder.pk: Decimal("2.5")}


def test_an_offender_who_is_not_bound_to_the_taxi_is_refused(agent):
    with pytest.raises(RuleViolation):
        _issue(agent, AuthorizationFactory(), ["I"], offender=DriverFactory())


def test_a_final_group_3_infraction_suspends_for_30_days_and_returns_by_itself_art59_iii_b(
    agent,
):
    authorization = AuthorizationFactory()
    [notice] = _issue(agent, authorization, ["XIV"])
    notice = _notified(notice)
    violation_pay(case=notice, actor=UserFactory(role=Role.CLERK))
    period = PenaltyPeriod.objects.get()
    assert (period.kind, period.starts_on, period.ends_on) == (
        "suspension",
        dt.date(2026, 5, 4),
        dt.date(2026, 6, 2),
    )
    assert Authorization.objects.get(pk=authorization.pk).status == "suspended"
    deadlines_sweep(today=dt.date(2026, 6, 2))
    assert Authorization.objects.get(pk=authorization.pk).status == "suspended"
    deadlines_sweep(today=dt.date(2026, 6, 3))
    assert Authorization.objects.get(pk=authorization.pk).status == "active"


def test_an_impediment_lifted_early_once_fixed_but_the_suspension_still_holds_art59_iv(agent):
    authorization = AuthorizationFactory()
    [notice] = _issue(agent, authorization, ["XIII"])  # 30 days suspension + impediment
    violation_pay(case=_notified(notice), actor=UserFactory(role=Role.CLERK))
    impediment = PenaltyPeriod.objects.get(kind="impediment")
    assert impediment.ends_on == dt.date(2026, 8, 1)
    penalty_impediment_lift(
        period=impediment, actor=UserFactory(role=Role.CLERK), note="Pneus trocados"
    )
    assert Authorization.objects.get(pk=authorization.pk).status == "suspended"
    deadlines_sweep(today=dt.date(2026, 6, 3))
    assert Authorization.objects.get(pk=authorization.pk).status == "active"


def test_the_window_closing_without_appeal_makes_the_penalty_final_art63(agent, settings):
    settings.FIRST_OFFENCE_WARNING = "as_well"  # a fine with its payment clock (Art. 55 I)
    authorization = AuthorizationFactory()
    [notice] = _issue(agent, authorization, ["II"])
    notice = _notified(notice, on=dt.date(2026, 5, 4))
    deadlines_sweep(today=dt.date(2026, 5, 15))  # payment passed (Art. 55 I)
    assert ViolationNotice.objects.get(pk=notice.pk).state == ViolationState.OVERDUE
    appeal_due = Deadline.objects.get(case=notice, kind="violation.appeal_window").due_on
    deadlines_sweep(today=appeal_due + dt.timedelta(days=1))
    notice.refresh_from_db()
    assert notice.state == ViolationState.FINAL
    assert notice.penalties_applied_on == appeal_due + dt.timedelta(days=1)
    assert PointRecord.objects.get().points == Decimal("2.0")


def test_crossing_20_points_in_12_months_opens_a_revocation_by_itself_art59_v_d(
    agent, settings
):
    settings.FIRST_OFFENCE_WARNING = "as_well"  # item I is fined, and paid, too
    authorization = AuthorizationFactory()
    holder = authorization.holder
    clerk = UserFactory(role=Role.CLERK)
    # Two group 4 infractions (10 points each) = 20: not yet "more than 20".
    for item, day in (("XXIV", 1), ("XXV", 2)):
        [notice] = _issue(
            agent, authorization, [item], when=dt.datetime(2026, 4, day, 9, tzinfo=SP)
        )
        violation_pay(case=_notified(notice), actor=clerk)
    assert not RevocationCase.objects.exists()
    [notice] = _issue(agent, authorization, ["I"], when=dt.datetime(2026, 4, 3, 9, tzinfo=SP))
    violation_pay(case=_notified(notice), actor=clerk)
    revocation = RevocationCase.objects.get()
    assert "Art. 59 V d" in revocation.ground_article
    assert revocation.opened_by_system and revocation.applicant == holder


def test_recidivism_in_items_xiii_to_xxix_opens_a_revocation_art59_v_a(agent):
    authorization = AuthorizationFactory()
    clerk = UserFactory(role=Role.CLERK)
    # (issued the day after the facts: Art. 46 §1 counts the 60 days from the finding)
    with time_machine.travel(dt.datetime(2026, 3, 2, 10, tzinfo=SP), tick=False):
        [first] = _issue(
            agent, authorization, ["XVI"], when=dt.datetime(2026, 3, 1, 9, tzinfo=SP)
        )
        violation_pay(case=_notified(first, on=dt.date(2026, 3, 2)), actor=clerk)
    [second] = _issue(agent, authorization, ["XVI"])
    assert second.assessment["recidivist"] and second.fine_vrte == Decimal("300")
    violation_pay(case=_notified(second), actor=clerk)
    assert RevocationCase.objects.get().ground_article == "Art. 59 V a"
