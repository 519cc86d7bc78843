"""Art. 24 (issue 19, item 8): "por tempo determinado, não superior a 120 dias,
prorrogáveis por igual período" — a new suspension for the same ground and the same facts
(the same vehicle) continues the period served; it cannot chain the cap without end."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from tests.factories import SuspensionCaseFactory
from workflows.suspension.models import SuspensionCase, SuspensionState

pytestmark = pytest.mark.django_db

PDF = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"


def _served(driver, *, ground="I", days=120, extension=None) -> SuspensionCase:
    authorization = driver.authorizations.get()
    return SuspensionCaseFactory(
        state=SuspensionState.ENDED,
        authorization=authorization,
        applicant=driver,
        ground=ground,
        requested_days=days,
        extension_days=extension,
        start_on=dt.date(2025, 9, 1),
        end_on=dt.date(2025, 9, 1) + dt.timedelta(days=days - 1),
        vehicle=authorization.vehicle,
    )


def _file(api, driver, ground="I", days=30):
    return api(driver.user).post(
        "/api/suspensions/",
        {"ground": ground, "days": days, "proofs": [SimpleUploadedFile("bo.pdf", PDF)]},
        format="multipart",
    )


def test_art_24_after_120_days_and_the_extension_the_same_facts_cannot_start_again(api, driver):
    _served(driver, days=120, extension=120)
    response = _file(api, driver, days=30)
    assert response.status_code == 400
    assert response.json()["article"] == "Art. 24"
    assert "240 dias" in response.json()["detail"]
    assert SuspensionCase.objects.count() == 1


def test_art_24_a_second_request_for_the_same_facts_is_the_one_extension(api, driver):
    _served(driver, days=60)
    # "por igual período": at most the 60 days served (the default reading)
    assert _file(api, driver, days=90).status_code == 400
    filed = _file(api, driver, days=60)
    assert filed.status_code == 201, filed.content
    # and, being the extension, it cannot be extended in its turn
    case = SuspensionCase.objects.get(pk=filed.json()["id"])
    SuspensionCase.objects.filter(pk=case.pk).update(
        state=SuspensionState.IN_EFFECT, start_on=dt.date(2026, 3, 2), end_on=dt.date(2026, 4, 30)
    )
    extension = api(driver.user).post(
        f"/api/cases/{case.pk}/actions/request_extension/", {"days": 10}
    )
    assert extension.status_code == 400
    assert extension.json()["article"] == "Art. 24"


def test_art_24_another_ground_or_another_vehicle_is_other_facts(api, driver):
    served = _served(driver, ground="I", days=120, extension=120)
    other_ground = _file(api, driver, ground="IV", days=30)
    assert other_ground.status_code == 201, other_ground.content
    SuspensionCase.objects.filter(pk=other_ground.json()["id"]).update(
        state=SuspensionState.WITHDRAWN
    )
    other_vehicle = SuspensionCaseFactory().authorization.vehicle
    SuspensionCase.objects.filter(pk=served.pk).update(vehicle=other_vehicle)
    assert _file(api, driver, ground="I", days=30).status_code == 201
