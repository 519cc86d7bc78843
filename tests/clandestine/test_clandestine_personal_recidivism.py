"""Art. 62 §1: recidivism is personal — the same person (CPF, or name and document), the
6 months counted between the dates of the facts, and an annulled record stops counting
(issue 9, item 6)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest

from cases.models import AuditEvent, Deadline
from cases.services.transitions import case_act
from tests.clandestine.conftest import SP, at
from tests.clandestine.test_clandestine_record import record
from workflows.clandestine.models import ClandestineCase

pytestmark = pytest.mark.django_db

OTHER_CPF = "111.444.777-35"


def record_facts(agent, fact_day, *, recorded_on=None, **overrides):
    """Facts on `fact_day` at 09:00, recorded on `recorded_on` (the same day by default)."""
    with at(recorded_on or fact_day, hour=11):
        return record(
            agent,
            occurred_at=dt.datetime(fact_day.year, fact_day.month, fact_day.day, 9, tzinfo=SP),
            **overrides,
        )


def penalty(case):
    case.refresh_from_db()
    return (case.recidivist, case.seizure_days, case.fine_vrte, case.seizure_ends_on)


def test_art_62_p1_the_same_vehicle_driven_by_another_person_is_not_recidivism(agent):
    record_facts(agent, dt.date(2026, 3, 2), plate="ABC1D23")
    second = record_facts(agent, dt.date(2026, 4, 6), plate="ABC1D23", person_cpf=OTHER_CPF,
                          person_name="Pedro Alves")
    assert penalty(second) == (False, 15, Decimal("1500.00"), dt.date(2026, 4, 20))


def test_art_62_p1_without_cpf_the_same_name_and_document_is_recidivism(agent):
    first = record_facts(agent, dt.date(2026, 3, 2), person_cpf="", person_name="Maria da Silva",
                         person_document="MG-12.345.678", plate="ABC1D23")
    second = record_facts(agent, dt.date(2026, 4, 6), person_cpf="",
                          person_name="  MARIA DA  SILVA ", person_document="mg 12345678",
                          plate="XYZ9A87")
    assert penalty(second)[:3] == (True, 30, Decimal("3000.00"))
    assert second.recidivism_of_id == first.pk


def test_art_62_p1_without_cpf_a_name_alone_is_not_enough(agent):
    record_facts(agent, dt.date(2026, 3, 2), person_cpf="", person_name="Maria da Silva")
    second = record_facts(agent, dt.date(2026, 4, 6), person_cpf="", person_name="Maria da Silva")
    assert penalty(second)[:2] == (False, 15)


def test_art_62_p1_the_6_months_run_between_the_dates_of_the_facts(agent):
    # facts on 10/01/2026, recorded only on 20/01/2026
    record_facts(agent, dt.date(2026, 1, 10), recorded_on=dt.date(2026, 1, 20))
    # facts on 11/07/2026: within 6 months of the recording, not of the facts
    later = record_facts(agent, dt.date(2026, 7, 11))
    assert penalty(later)[:2] == (False, 15)


def test_art_62_p1_facts_on_the_last_day_of_the_6_months_are_recidivism(agent):
    record_facts(agent, dt.date(2026, 1, 10), recorded_on=dt.date(2026, 1, 20))
    later = record_facts(agent, dt.date(2026, 7, 10))
    assert penalty(later)[:2] == (True, 30)


def test_art_62_p1_a_record_annulled_on_contest_recomputes_the_later_doubled_ones(
    agent, clerk, commission_member
):
    # Given three records of the same person, each doubling the last
    first = record_facts(agent, dt.date(2026, 3, 2))
    second = record_facts(agent, dt.date(2026, 3, 10), plate="XYZ9A87")
    third = record_facts(agent, dt.date(2026, 4, 1), plate="QWE4R56")
    assert penalty(second)[:3] == (True, 30, Decimal("3000.00"))
    assert penalty(third)[:3] == (True, 60, Decimal("6000.00"))
    # When the commission annuls the first on contest
    with at(dt.date(2026, 4, 2)):
        case_act(case=first, action="contest", actor=clerk, reasons="Era carona, sem cobrança.")
        case_act(case=first, action="annul", actor=commission_member,
                 note="Testemunhas confirmam carona gratuita.")
    # Then the second is a first offence again and the third doubles only the second's
    assert penalty(second) == (False, 15, Decimal("1500.00"), dt.date(2026, 3, 24))
    assert penalty(third) == (True, 30, Decimal("3000.00"), dt.date(2026, 4, 30))
    second.refresh_from_db()
    assert (second.recidivism_of_id, second.fine_reais) == (None, Decimal("7099.65"))
    # and the seizure's deadline row follows
    assert Deadline.objects.get(case=third, state=Deadline.State.PENDING).due_on == dt.date(
        2026, 4, 30
    )
    # and each timeline says why, with the article
    event = AuditEvent.objects.get(case=second, transition="penalty_recomputed")
    assert event.article == "Art. 62 §1"
    assert first.number in event.note
    assert event.data["before"] == {"fine_vrte": "3000.00", "seizure_days": 30,
                                    "recidivist": True}
    assert event.data["after"] == {"fine_vrte": "1500.00", "seizure_days": 15,
                                   "recidivist": False}
    assert AuditEvent.objects.filter(case=third, transition="penalty_recomputed").count() == 1


def test_art_62_p1_the_api_shows_the_record_that_made_it_a_recidivism(agent, api):
    first = record_facts(agent, dt.date(2026, 3, 2))
    second = record_facts(agent, dt.date(2026, 3, 10), plate="XYZ9A87")
    with at(dt.date(2026, 3, 11)):
        body = api(agent).get(f"/api/clandestine/{second.pk}/").json()
    assert (body["recidivist"], body["recidivism_of"]) == (True, first.number)
    assert body["person_document"] == ""
    assert ClandestineCase.objects.count() == 2
