"""Art. 62 §1: recidivism within 6 months of the last facts doubles their fine and seizure."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest

from cases.services.transitions import case_act
from registers.models import VrteValue
from tests.clandestine.conftest import SP, at
from tests.clandestine.test_clandestine_record import record
from workflows.clandestine.models import ClandestineState

pytestmark = pytest.mark.django_db


def record_on(agent, day, **overrides):
    with at(day):
        return record(
            agent, occurred_at=dt.datetime(day.year, day.month, day.day, 9, tzinfo=SP),
            **overrides,
        )


def penalty(case):
    return (case.recidivist, case.seizure_days, case.fine_vrte, case.seizure_ends_on)


def test_recidivism_within_6_months_doubles_both_and_a_third_doubles_again_art62_p1(agent):
    VrteValue.objects.create(year=2027, value=Decimal("4.9000"))
    first = record_on(agent, dt.date(2026, 1, 12))
    # 12 July is the last day of the 6 months counted from 12 January
    second = record_on(agent, dt.date(2026, 7, 12))
    third = record_on(agent, dt.date(2026, 12, 1))
    assert penalty(first) == (False, 15, Decimal("1500.00"), dt.date(2026, 1, 26))
    assert penalty(second) == (True, 30, Decimal("3000.00"), dt.date(2026, 8, 10))
    assert penalty(third) == (True, 60, Decimal("6000.00"), dt.date(2027, 1, 29))
    assert (second.fine_reais, third.fine_reais) == (Decimal("14199.30"), Decimal("28398.60"))


def test_the_day_after_the_6_months_is_not_recidivism_art62_p1(agent):
    record_on(agent, dt.date(2026, 1, 12))
    later = record_on(agent, dt.date(2026, 7, 13))
    assert penalty(later) == (False, 15, Decimal("1500.00"), dt.date(2026, 7, 27))


def test_the_same_person_in_another_vehicle_is_recidivist_art62_p1(agent):
    record_on(agent, dt.date(2026, 3, 2), plate="ABC1D23")
    second = record_on(agent, dt.date(2026, 4, 6), plate="XYZ9A87")
    assert (second.recidivist, second.seizure_days) == (True, 30)


def test_the_same_vehicle_with_an_unidentified_driver_is_not_recidivist_art62_p1(agent):
    # recidivism is personal (issue 9, item 6): the plate identifies nobody
    record_on(agent, dt.date(2026, 3, 2))
    second = record_on(agent, dt.date(2026, 4, 6), person_cpf="", person_name="Desconhecido")
    assert (second.recidivist, second.fine_vrte) == (False, Decimal("1500.00"))


def test_an_annulled_record_does_not_count_for_recidivism_art61_p2(
    agent, clerk, commission_member
):
    first = record_on(agent, dt.date(2026, 3, 2))
    with at(dt.date(2026, 3, 3)):
        case_act(case=first, action="contest", actor=clerk, reasons="Era carona, sem cobrança.")
        case_act(case=first, action="annul", actor=commission_member,
                 note="Testemunhas confirmam carona gratuita: não há transporte remunerado.")
    first.refresh_from_db()
    assert first.state == ClandestineState.ANNULLED
    second = record_on(agent, dt.date(2026, 4, 6))
    assert (second.recidivist, second.seizure_days) == (False, 15)
