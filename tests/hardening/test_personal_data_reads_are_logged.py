"""Issue 12 §5 (LGPD Art. 37): each time staff open a driver's data (the case page, a case
through the API) a row says who, whose, when and where; the administrator reads it."""

from __future__ import annotations

import pytest

from accounts.models import PersonalDataAccess
from accounts.roles import Role
from cases.models import Case
from tests.factories import DriverFactory, SuspensionCaseFactory, UserFactory

pytestmark = pytest.mark.django_db


def _rows():
    return list(
        PersonalDataAccess.objects.order_by("id").values_list(
            "user__username", "driver_id", "case_id", "channel", "path"
        )
    )


def test_a_clerk_opening_a_case_page_is_logged(client):
    case = SuspensionCaseFactory()
    clerk = UserFactory(role=Role.CLERK, username="balcao")
    client.force_login(clerk)
    assert client.get(f"/processos/{case.pk}/").status_code == 200
    holder = case.authorization.holder
    assert _rows() == [("balcao", holder.pk, case.pk, "page", f"/processos/{case.pk}/")]


def test_a_case_read_through_the_api_is_logged(api):
    case = SuspensionCaseFactory()
    clerk = UserFactory(role=Role.CLERK, username="balcao")
    assert api(clerk).get(f"/api/cases/{case.pk}/").status_code == 200
    assert _rows() == [
        ("balcao", case.authorization.holder.pk, case.pk, "api", f"/api/cases/{case.pk}/")
    ]


def test_a_case_of_one_driver_on_anothers_termo_logs_both(client):
    case = SuspensionCaseFactory()
    other = DriverFactory()
    Case.objects.filter(pk=case.pk).update(applicant=other)
    client.force_login(UserFactory(role=Role.CLERK, username="balcao"))
    assert client.get(f"/processos/{case.pk}/").status_code == 200
    page = f"/processos/{case.pk}/"
    holder = case.authorization.holder
    assert sorted(_rows()) == sorted(
        [("balcao", other.pk, case.pk, "page", page), ("balcao", holder.pk, case.pk, "page", page)]
    )


def test_a_driver_reading_their_own_case_is_not_logged(client):
    case = SuspensionCaseFactory()
    client.force_login(case.authorization.holder.user)
    assert client.get(f"/processos/{case.pk}/").status_code == 200
    assert _rows() == []


def test_the_administrator_reads_the_log_and_nobody_edits_it(client):
    case = SuspensionCaseFactory()
    clerk = UserFactory(role=Role.CLERK, username="balcao")
    client.force_login(clerk)
    client.get(f"/processos/{case.pk}/")
    client.force_login(UserFactory(is_staff=True, is_superuser=True))
    listing = client.get("/admin/accounts/personaldataaccess/")
    assert listing.status_code == 200
    assert "balcao" in listing.content.decode()
    row = PersonalDataAccess.objects.get()
    assert client.post(f"/admin/accounts/personaldataaccess/{row.pk}/delete/").status_code == 403


def test_an_application_read_through_its_own_api_is_logged(api):
    from tests.application.factories import ApplicationCaseFactory

    case = ApplicationCaseFactory(sequence=820001)
    clerk = UserFactory(role=Role.CLERK, username="balcao")
    assert api(clerk).get(f"/api/applications/{case.pk}/").status_code == 200
    assert _rows() == [
        ("balcao", case.applicant_id, case.pk, "api", f"/api/applications/{case.pk}/")
    ]


def test_the_files_of_a_driver_a_vehicle_and_a_termo_are_logged(client, authorization):
    """The driver's own file shows his CPF, CNH and address; the vehicle's and the Termo's
    name their holder: each opening says whose data it showed."""
    clerk = UserFactory(role=Role.CLERK, username="balcao")
    client.force_login(clerk)
    holder = authorization.holder
    pages = [
        f"/taxistas/{holder.pk}/",
        f"/veiculos/{authorization.vehicle_id}/",
        f"/termos/{authorization.pk}/",
    ]
    for page in pages:
        assert client.get(page).status_code == 200
    assert _rows() == [("balcao", holder.pk, None, "page", page) for page in pages]
