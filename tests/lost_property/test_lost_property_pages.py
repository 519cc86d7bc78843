"""Lost-property pages through HTTP only: the counter, an object's page, the portal."""

from __future__ import annotations

import pytest
import time_machine

from municipal.models import LostItem
from tests.factories import AuthorizationFactory, UserFactory

pytestmark = pytest.mark.django_db


@time_machine.travel("2026-03-10 10:00 -03:00", tick=False)
def test_art_37_xviii_clerk_receives_at_the_counter_and_gets_the_receipt(client, clerk):
    authorization = AuthorizationFactory()
    client.force_login(clerk)
    assert client.get("/achados/").status_code == 200
    response = client.post(
        "/achados/",
        {
            "description": "Notebook",
            "found_on": "2026-03-09",
            "plate": authorization.vehicle.display_plate,
            "handed_in_on": "2026-03-10",
        },
    )
    item = LostItem.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/achados/{item.pk}/"
    html = client.get(f"/achados/{item.pk}/").content.decode()
    assert "RO-2026/000001" in html and "Recibo (PDF)" in html


@time_machine.travel("2026-03-10 10:00 -03:00", tick=False)
def test_art_37_xviii_driver_reports_in_the_portal(client):
    authorization = AuthorizationFactory()
    client.force_login(authorization.holder.user)
    response = client.post("/portal/achados/", {"description": "Boné", "found_on": "2026-03-10"})
    assert response.status_code == 302
    html = client.get("/portal/achados/").content.decode()
    assert "Boné" in html and "12/03/2026" in html


@time_machine.travel("2026-03-10 10:00 -03:00", tick=False)
def test_art_37_xviii_future_date_in_the_portal_rerenders_400(client):
    client.force_login(AuthorizationFactory().holder.user)
    response = client.post("/portal/achados/", {"description": "Boné", "found_on": "2026-03-12"})
    assert response.status_code == 400
    assert "não pode ser futuro" in response.content.decode()
    assert not LostItem.objects.exists()


def test_the_register_is_staff_only_403(client):
    client.force_login(UserFactory())
    assert client.get("/achados/").status_code == 403
    client.force_login(AuthorizationFactory().holder.user)
    assert client.get("/achados/").status_code == 403
