"""Issue 20 §2 (LGPD Arts. 18-19): a driver's "Meus dados" page shows who read his data,
when, what and why, and gives him his whole record as JSON and as PDF; the read log is
kept PERSONAL_DATA_LOG_RETENTION_DAYS days (README, "Who can see what")."""

from __future__ import annotations

import datetime as dt
import io

import pytest
from django.utils import timezone
from pypdf import PdfReader

from accounts.models import PersonalDataAccess
from accounts.roles import Role
from accounts.services import personal_data_reads_purge
from tests.factories import SuspensionCaseFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def case():
    return SuspensionCaseFactory()


@pytest.fixture
def reader(client, case):
    """A clerk who opened the driver's file and his case."""
    clerk = UserFactory(role=Role.CLERK, first_name="Marta", last_name="Leitora")
    client.force_login(clerk)
    assert client.get(f"/taxistas/{case.applicant_id}/").status_code == 200
    assert client.get(f"/processos/{case.pk}/").status_code == 200
    return clerk


def test_lgpd_art18_the_driver_sees_who_read_his_data_and_why(client, case, reader):
    client.force_login(case.applicant.user)
    page = client.get("/portal/meus-dados/")
    assert page.status_code == 200
    text = page.content.decode()
    assert text.count("Marta Leitora") == 2
    assert "ficha do taxista" in text
    assert "consulta ou manutenção do cadastro" in text
    assert case.number in text
    assert 'href="/portal/meus-dados/"' in client.get("/portal/").content.decode()


def test_lgpd_art19_the_whole_record_as_json(client, case, reader):
    stranger_case = SuspensionCaseFactory()
    client.force_login(case.applicant.user)
    response = client.get("/portal/meus-dados.json")
    assert response.status_code == 200
    assert response["Content-Disposition"] == 'attachment; filename="meus-dados.json"'
    record = response.json()
    assert record["driver"]["cpf"] == case.applicant.cpf
    assert record["driver"]["address"] == case.applicant.address
    assert [a["number"] for a in record["authorizations"]] == [case.authorization.number]
    assert [c["number"] for c in record["cases"]] == [case.number]
    assert stranger_case.number not in response.content.decode()
    assert [(r["who"], r["what"], r["case"]) for r in record["reads"]] == [
        ("Marta Leitora", "processo", case.number),
        ("Marta Leitora", "ficha do taxista", None),
    ]


def test_lgpd_art19_the_whole_record_as_pdf(client, case, reader):
    client.force_login(case.applicant.user)
    response = client.get("/portal/meus-dados.pdf")
    assert response.status_code == 200
    pages = PdfReader(io.BytesIO(response.content)).pages
    # Narrow table cells wrap: compare the words, whitespace collapsed.
    text = " ".join(" ".join(page.extract_text() for page in pages).split())
    for expected in (case.applicant.name, case.applicant.cpf, case.number, "Marta Leitora"):
        assert expected in text


def test_the_page_is_the_drivers_own(client, reader):
    client.force_login(reader)
    assert client.get("/portal/meus-dados/").status_code == 403
    assert client.get("/portal/meus-dados.json").status_code == 403


def test_lgpd_art16_the_read_log_is_purged_after_its_retention(case, reader, settings):
    settings.PERSONAL_DATA_LOG_RETENTION_DAYS = 30
    old, recent = PersonalDataAccess.objects.order_by("id")
    PersonalDataAccess.objects.filter(pk=old.pk).update(at=timezone.now() - dt.timedelta(days=31))
    assert personal_data_reads_purge() == 1
    assert list(PersonalDataAccess.objects.values_list("pk", flat=True)) == [recent.pk]
    assert personal_data_reads_purge() == 0
