"""The portal page where the holder files a substitution (Arts. 12 and 20)."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from tests.substitution.factories import PDF, new_vehicle
from workflows.substitution.models import SubstitutionCase

pytestmark = pytest.mark.django_db


def test_the_portal_page_files_a_substitution_art20(client, driver):
    client.force_login(driver.user)
    page = client.get("/portal/substituicao/nova/")
    assert page.status_code == 200
    assert driver.authorizations.get().number in page.content.decode()
    data = new_vehicle()
    response = client.post(
        "/portal/substituicao/nova/",
        {
            "plate": data.plate, "renavam": data.renavam, "make": data.make,
            "model": data.model, "manufacture_year": 2025, "doors": 4, "capacity": 5,
            "air_conditioning": "on", "airbag": "on", "colour": "branca",
            "crlv": SimpleUploadedFile("crlv.pdf", PDF),
        },
    )
    case = SubstitutionCase.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/processos/{case.pk}/"
    # the generic case page shows it, with the withdraw action for the holder
    page = client.get(response["Location"]).content.decode()
    assert case.number in page
    assert 'data-action="withdraw"' in page


def test_the_portal_page_shows_what_the_law_refuses(client, driver):
    client.force_login(driver.user)
    data = new_vehicle()
    response = client.post(
        "/portal/substituicao/nova/",
        {
            "plate": data.plate, "renavam": data.renavam, "make": data.make,
            "model": data.model, "manufacture_year": 2025, "doors": 4, "capacity": 5,
            "airbag": "on", "colour": "branca", "crlv": SimpleUploadedFile("crlv.pdf", PDF),
        },
    )
    assert response.status_code == 400
    assert "ar-condicionado" in response.content.decode()
    assert not SubstitutionCase.objects.exists()
