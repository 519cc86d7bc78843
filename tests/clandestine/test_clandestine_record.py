"""Arts. 61 and 62 I-II: the agent's record seizes the vehicle and sets the penalty."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
from django.urls import reverse

from accounts.roles import Role
from cases.errors import NotPermitted, RuleViolation
from cases.models import AuditEvent, Case, Deadline
from registers.models import VrteValue
from tests.clandestine.conftest import SP
from tests.factories import DriverFactory, UserFactory
from workflows.clandestine.models import ClandestineCase, ClandestineState
from workflows.clandestine.services import clandestine_record

pytestmark = pytest.mark.django_db

CPF = "529.982.247-25"


def record(agent, **overrides):
    facts = {
        "person_name": "João Pereira",
        "person_cpf": CPF,
        "plate": "abc-1d23",
        "make": "Fiat",
        "model": "Uno",
        "classification": "clandestine",
        "reasoning": "Quatro passageiros desembarcando e pagando R$ 10,00 cada; sem autorização.",
        "place": "Rodoviária de Mantenópolis",
        "occurred_at": dt.datetime(2026, 5, 4, 9, 30, tzinfo=SP),
    }
    return clandestine_record(agent=agent, **{**facts, **overrides})


def test_a_first_record_seizes_for_15_days_and_fines_1500_vrte_art62_i_ii(agent):
    case = record(agent)
    assert (case.state, case.recidivist, case.seizure_days) == (
        ClandestineState.SEIZED, False, 15
    )
    # The seizure starts on the day of the record and includes it: 4 to 18 May
    assert (case.noticed_on, case.seizure_starts_on, case.seizure_ends_on) == (
        dt.date(2026, 5, 4), dt.date(2026, 5, 4), dt.date(2026, 5, 18)
    )
    # 1,500 VRTE at R$ 4,7331 (Art. 54)
    assert (case.fine_vrte, case.vrte_value, case.fine_reais) == (
        Decimal("1500.00"), Decimal("4.7331"), Decimal("7099.65")
    )
    # Normalised identity: CPF digits and plate without the dash, upper case
    assert (case.person_cpf, case.plate) == ("52998224725", "ABC1D23")
    deadline = Deadline.objects.get(case=case)
    assert (deadline.kind, deadline.due_on, deadline.article, deadline.counting) == (
        "clandestine.seizure_end", dt.date(2026, 5, 18), "Art. 62 I", Deadline.Counting.FIXED_DATE
    )
    opening = AuditEvent.objects.get(case=case)
    assert (opening.transition, opening.actor, opening.article) == (
        "open", agent, "Art. 61; Art. 62 I; Art. 62 II"
    )


def test_without_the_years_vrte_the_fine_in_reais_waits_for_it_art54(agent):
    VrteValue.objects.all().delete()
    case = record(agent)
    assert (case.fine_vrte, case.fine_reais, case.vrte_value) == (Decimal("1500.00"), None, None)


def test_a_person_without_cpf_is_recorded_by_name_only(agent):
    case = record(agent, person_cpf="")
    assert (case.person_name, case.person_cpf) == ("João Pereira", "")


def test_an_invalid_cpf_or_plate_is_refused_and_nothing_is_written(agent):
    for overrides in ({"person_cpf": "123.456.789-00"}, {"plate": "AB-12"}):
        with pytest.raises(RuleViolation):
            record(agent, **overrides)
    assert not Case.objects.exists()


def test_the_agents_reasoning_is_required_art61_p2(agent):
    with pytest.raises(RuleViolation) as refused:
        record(agent, reasoning="  ")
    assert refused.value.article == "Art. 61 §2"
    assert not Case.objects.exists()


def test_facts_in_the_future_are_refused(agent):
    with pytest.raises(RuleViolation):
        record(agent, occurred_at=dt.datetime(2026, 5, 4, 11, 0, tzinfo=SP))
    assert not Case.objects.exists()


def test_only_a_fiscal_agent_records_art61(clerk):
    with pytest.raises(NotPermitted):
        record(clerk)
    assert not Case.objects.exists()


def test_a_registered_driver_sees_the_record_in_his_portal(agent):
    driver = DriverFactory(cpf="52998224725")
    case = record(agent)
    assert case.applicant == driver


def test_the_agents_phone_page_records_and_shows_the_penalty(agent, client):
    client.force_login(agent)
    page = client.get(reverse("clandestine-new"))
    assert page.status_code == 200
    assert 'name="viewport"' in page.content.decode()
    response = client.post(reverse("clandestine-new"), {
        "person_name": "Maria Souza", "person_cpf": "", "plate": "ABC1234", "make": "VW",
        "model": "Gol", "classification": "irregular",
        "reasoning": "Autorização de fretamento usada para corridas na praça.",
        "place": "Praça Central", "occurred_at": "2026-05-04T09:00",
        "police_station": "Delegacia de Polícia de Mantenópolis", "police_report": "123/2026",
    })
    case = ClandestineCase.objects.get()
    assert response.status_code == 302
    assert response.url == reverse("clandestine-detail", args=[case.pk])
    assert (case.classification, case.police_referred_on, case.police_report) == (
        "irregular", dt.date(2026, 5, 4), "123/2026"
    )
    detail = client.get(response.url).content.decode()
    assert "R$ 7099,65" in detail and "18/05/2026" in detail


def test_the_record_endpoint_answers_201_and_refuses_a_clerk_403(agent, api):
    payload = {
        "person_name": "João Pereira", "person_cpf": CPF, "plate": "ABC1D23", "make": "Fiat",
        "model": "Uno", "classification": "clandestine", "reasoning": "Sem autorização.",
        "place": "Rodoviária", "occurred_at": "2026-05-04T09:30:00-03:00",
    }
    refused = api(UserFactory(role=Role.CLERK)).post("/api/clandestine/", payload,
                                                      format="json")
    assert refused.status_code == 403 and refused.json()["article"] == "Art. 61"
    response = api(agent).post("/api/clandestine/", payload, format="json")
    assert response.status_code == 201, response.content
    body = response.json()
    assert (body["fine_vrte"], body["fine_reais"], body["seizure_ends_on"], body["owed"]) == (
        "1500.00", "7099.65", "2026-05-18", "7099.65"
    )
