"""Art. 67 on the pages: the holder files from the portal, the clerk and the mayor act on
the case page, and the case page shows the advertisement in force with its period."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from tests.advertising.conftest import PDF
from tests.factories import AuthorizationFactory
from workflows.advertising.models import AdvertisingCase, AdvertisingState

pytestmark = pytest.mark.django_db


def _form(today, **changes):
    values = {
        "placement": "side_doors",
        "text": "Padaria Pão Quente — o melhor da cidade",
        "advertiser": "Padaria Pão Quente",
        "start_on": today.isoformat(),
        "end_on": (today + dt.timedelta(days=59)).isoformat(),
        "layout": SimpleUploadedFile("arte.pdf", PDF),
    }
    values.update(changes)
    return values


def test_art_67_filed_on_the_portal_decided_on_the_case_page_and_shown_in_force(
    client, driver, clerk, mayor, today
):
    client.force_login(driver.user)
    portal = client.get("/portal/").content.decode()
    assert "/portal/publicidade/nova/" in portal
    form = client.get("/portal/publicidade/nova/").content.decode()
    # The rear window is allowed without a request, so the form does not offer it
    assert 'value="rear_window"' not in form and 'value="side_doors"' in form

    response = client.post("/portal/publicidade/nova/", _form(today))
    assert response.status_code == 302
    case = AdvertisingCase.objects.get()
    assert response["Location"] == f"/processos/{case.pk}/"
    page = client.get(f"/processos/{case.pk}/").content.decode()
    assert "Padaria Pão Quente — o melhor da cidade" in page
    assert "Publicidade não autorizada." in page

    client.force_login(clerk)
    for action, data in (
        ("review_document", {"item": "layout", "decision": "accept"}),
        ("accept", {}),
    ):
        assert client.post(f"/processos/{case.pk}/acao/{action}/", data).status_code == 302
    client.force_login(mayor)
    assert client.post(f"/processos/{case.pk}/acao/approve/", {}).status_code == 302
    assert AdvertisingCase.objects.get().state == AdvertisingState.AUTHORIZED

    client.force_login(driver.user)
    page = client.get(f"/processos/{case.pk}/").content.decode()
    last = (today + dt.timedelta(days=59)).strftime("%d/%m/%Y")
    assert (
        f"Publicidade autorizada e em vigor de {today.strftime('%d/%m/%Y')} a {last}." in page
    )
    assert driver.authorizations.get().vehicle.plate in page


def test_art_67_a_period_beyond_twelve_months_is_refused_on_the_portal(client, driver, today):
    client.force_login(driver.user)
    response = client.post(
        "/portal/publicidade/nova/",
        _form(today, end_on=(today + dt.timedelta(days=366)).isoformat()),
    )
    assert response.status_code == 400
    assert "no máximo 12 meses" in response.content.decode()
    assert AdvertisingCase.objects.count() == 0


def test_art_67_another_driver_does_not_see_the_request_and_staff_cannot_file_on_the_portal(
    client, driver, clerk, today
):
    client.force_login(driver.user)
    client.post("/portal/publicidade/nova/", _form(today))
    case = AdvertisingCase.objects.get()
    client.force_login(AuthorizationFactory().holder.user)
    assert client.get(f"/processos/{case.pk}/").status_code == 404
    assert client.post(f"/processos/{case.pk}/acao/withdraw/", {}).status_code == 404
    assert AdvertisingCase.objects.get().state == AdvertisingState.FILED
    client.force_login(clerk)
    response = client.get("/portal/publicidade/nova/")
    assert (response.status_code, response["Location"]) == (302, "/")
