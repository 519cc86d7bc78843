"""Issue 20 (LGPD Art. 37) with Arts. 60-62: the offender of a clandestine transport record
who is no registered driver has personal data too (name, CPF, identity document). Each
surface that shows him to staff — the record's page, the case page, the API, a PDF of
the case — writes a row of the read log naming him."""

from __future__ import annotations

import pytest
from django.core.files.base import ContentFile
from django.urls import reverse
from django.utils import timezone

from accounts.models import PersonalDataAccess
from accounts.roles import Role
from documents.models import OfficialDocument
from tests.clandestine.factories import ClandestineCaseFactory
from tests.factories import DriverFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def clerk():
    return UserFactory(role=Role.CLERK)


@pytest.fixture
def record():
    """A clandestine record of someone the register does not know (no applicant)."""
    return ClandestineCaseFactory(person_name="Fulano de Tal Clandestino", applicant=None)


def _rows(case):
    return PersonalDataAccess.objects.filter(case_id=case.pk)


def _logged_once(case, clerk, channel):
    [row] = _rows(case).filter(channel=channel)
    assert row.user == clerk and row.driver is None
    assert (row.person_name, row.person_cpf) == (case.person_name, case.person_cpf)
    return row


def test_art_62_the_records_page_logs_the_non_driver_offender(client, clerk, record):
    client.force_login(clerk)

    response = client.get(reverse("clandestine-detail", args=[record.pk]))

    assert response.status_code == 200 and record.person_cpf in response.content.decode()
    _logged_once(record, clerk, "page")


def test_art_62_the_case_page_logs_the_non_driver_offender(client, clerk, record):
    client.force_login(clerk)

    assert client.get(reverse("case", args=[record.pk])).status_code == 200
    _logged_once(record, clerk, "page")


def test_art_62_the_api_logs_the_non_driver_offender(client, clerk, record):
    client.force_login(clerk)

    response = client.get(reverse("api-clandestine", args=[record.pk]))

    assert response.status_code == 200 and response.json()["person_cpf"] == record.person_cpf
    _logged_once(record, clerk, "api")
    client.get(reverse("api-case", args=[record.pk]))
    assert _rows(record).filter(channel="api").count() == 2


def test_art_62_a_pdf_of_the_case_logs_the_non_driver_offender(client, clerk, record):
    document = OfficialDocument.objects.create(
        kind=OfficialDocument.Kind.REGISTERED_LETTER,
        number="CR-2026/000099",
        year=2026,
        sequence=99,
        verification_code="ABCDEFGHJK",
        case=record,
        status=OfficialDocument.Status.READY,
        issued_at=timezone.now(),
    )
    document.file.save("carta.pdf", ContentFile(b"%PDF-1.4\n%%EOF\n"))
    client.force_login(clerk)

    response = client.get(reverse("official-document-pdf", args=[document.verification_code]))

    assert response.status_code == 200
    _logged_once(record, clerk, "file")


def test_art_62_an_offender_who_is_a_registered_driver_is_logged_as_the_driver(client, clerk):
    driver = DriverFactory()
    record = ClandestineCaseFactory(
        applicant=driver, person_name=driver.name, person_cpf=driver.cpf
    )
    client.force_login(clerk)

    client.get(reverse("clandestine-detail", args=[record.pk]))

    [row] = _rows(record)
    assert row.driver == driver and row.person_name == ""
