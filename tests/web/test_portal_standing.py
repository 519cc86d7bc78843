"""Art. 1 sole paragraph, Arts. 12, 17, 18, 24, 59: the portal tells a driver where he
stands — his authorization, the IM's validity, until when a suspension holds the taxi,
the vehicle's age deadline, his points and what they mean, his CPF as people write it."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from zoneinfo import ZoneInfo

import pytest
import time_machine

from registers.models import Authorization, PointRecord
from tests.factories import (
    AuthorizationFactory,
    MunicipalRegistrationFactory,
    SuspensionCaseFactory,
    VehicleFactory,
    ViolationNoticeFactory,
)
from tests.web.portal_helpers import portal_text
from workflows.suspension.models import SuspensionState

pytestmark = pytest.mark.django_db
SP = ZoneInfo("America/Sao_Paulo")
TODAY = dt.date(2026, 6, 10)


@pytest.fixture(autouse=True)
def _june_2026():
    with time_machine.travel(dt.datetime(2026, 6, 10, 9, tzinfo=SP), tick=False):
        yield


@pytest.fixture
def taxi():
    return MunicipalRegistrationFactory(
        number="IM-2026/00042",
        valid_from=dt.date(2026, 1, 5),
        valid_until=dt.date(2027, 1, 4),
        authorization=AuthorizationFactory(
            number="TA-0042/2025",
            holder__cpf="52998224725",
            vehicle=VehicleFactory(manufacture_year=2021),
        ),
    )


def _points(taxi, on: dt.date, points: str) -> PointRecord:
    notice = ViolationNoticeFactory(authorization=taxi.authorization)
    return PointRecord.objects.create(
        driver=taxi.authorization.holder,
        violation=notice,
        on=on,
        points=Decimal(points),
        article="Art. 56",
    )


def test_art_17_the_portal_shows_the_authorization_im_validity_and_cpf_formatted(client, taxi):
    holder = taxi.authorization.holder

    text = portal_text(client, holder.user)

    assert f"{holder.name} — CPF 529.982.247-25" in text
    assert "Termo de Autorização TA-0042/2025 · ativa" in text
    assert "IM: IM-2026/00042, válida de 05/01/2026 a 04/01/2027" in text
    assert "52998224725" not in text


def test_art_12_the_portal_gives_the_day_the_vehicle_must_leave_service(client, taxi):
    text = portal_text(client, taxi.authorization.holder.user, "authorization")

    assert "deve ser substituído até 31/12/2029" in text


def test_art_18_an_im_expiring_within_30_days_asks_for_renewal(client, taxi):
    taxi.valid_until = dt.date(2026, 6, 30)
    taxi.save()

    text = portal_text(client, taxi.authorization.holder.user, "authorization")

    assert "vence em 20 dias: renove a IM (Art. 18)" in text


def test_art_24_a_suspended_taxi_shows_until_when_and_when_it_returns(client, taxi):
    authorization = taxi.authorization
    Authorization.objects.filter(pk=authorization.pk).update(
        status=Authorization.Status.SUSPENDED
    )
    suspension = SuspensionCaseFactory(
        authorization=authorization,
        state=SuspensionState.IN_EFFECT,
        start_on=dt.date(2026, 6, 1),
        end_on=dt.date(2026, 6, 30),
    )

    text = portal_text(client, authorization.holder.user, "authorization")

    assert "Termo de Autorização TA-0042/2025 · suspensa" in text
    assert f"Suspensão a pedido, processo {suspension.number} (Art. 24): até 30/06/2026" in text
    assert "O táxi pode voltar a circular em 01/07/2026." in text


def test_art_59_v_d_points_are_counted_and_explained(client, taxi):
    holder = taxi.authorization.holder
    for on, points in ((dt.date(2025, 9, 1), "10"), (dt.date(2024, 1, 10), "5")):
        _points(taxi, on, points)

    text = portal_text(client, holder.user, "points")

    assert "10,0 pontos nos últimos 12 meses (limite: 20)." in text
    assert "15,0 pontos nos últimos 36 meses (limite: 50)." in text
    assert "Mais de 20 pontos em 12 meses ou de 50 em 36 meses levam à cassação" in text


def test_art_59_v_d_near_the_threshold_the_portal_warns(client, taxi):
    holder = taxi.authorization.holder
    _points(taxi, dt.date(2026, 3, 1), "17")

    text = portal_text(client, holder.user, "points")

    assert "Perto do limite: mais uma infração grave pode levar à cassação" in text


def test_art_70_the_portal_gives_the_transition_to_the_car_that_served_not_to_the_holder():
    """Art. 70 (issue 19, item 14): the 36 months of transition are the vehicle's that was in
    service at the publication; a holder from before the law whose car entered later has
    no grace for it."""
    from web.portal import authorization_standing

    old_car = VehicleFactory(manufacture_year=2012)
    new_car = VehicleFactory(manufacture_year=2016)
    authorization = AuthorizationFactory(vehicle=new_car, predates_law=True)
    MunicipalRegistrationFactory(
        authorization=authorization, vehicle=old_car,
        valid_from=dt.date(2023, 1, 5), valid_until=dt.date(2024, 1, 4),
    )
    MunicipalRegistrationFactory(
        authorization=authorization, vehicle=new_car,
        valid_from=dt.date(2026, 1, 5), valid_until=dt.date(2027, 1, 4),
    )
    standing = authorization_standing(authorization, TODAY)
    # 2016 + 8: 31/12/2024, not the 28/07/2026 of the holder's earlier car
    assert standing.vehicle_leaves_service_by == dt.date(2024, 12, 31)


def test_art_27_p1_an_auxiliarys_own_suspension_is_not_what_holds_the_holders_termo(
    client, taxi
):
    """The portal lists what keeps the Termo suspended (workflows.holds): the holder's own
    penalty, not the auxiliary's, which he serves on his own authorization (Art. 27 §1)."""
    from tests.factories import DriverFactory
    from workflows.violation.models import PenaltyPeriod

    authorization = taxi.authorization
    Authorization.objects.filter(pk=authorization.pk).update(
        status=Authorization.Status.SUSPENDED
    )
    notice = ViolationNoticeFactory(authorization=authorization)
    periods = ((DriverFactory(), dt.date(2026, 6, 20)), (None, dt.date(2026, 6, 25)))
    for auxiliary, ends_on in periods:
        PenaltyPeriod.objects.create(
            violation=notice, authorization=authorization, auxiliary=auxiliary,
            kind=PenaltyPeriod.Kind.SUSPENSION, starts_on=dt.date(2026, 6, 1), ends_on=ends_on,
        )

    text = portal_text(client, authorization.holder.user, "authorization")

    assert "suspensão (Art. 59 III): até 25/06/2026" in text
    assert "20/06/2026" not in text
    assert "O táxi pode voltar a circular em 26/06/2026." in text
