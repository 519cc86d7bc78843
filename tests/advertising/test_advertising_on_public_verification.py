"""Art. 67: an advertisement outside the rear window needs the municipality's prior
authorization. The public verification page says which one the taxi has, where and until
when, so a passenger or an agent can compare the car with it — and says nothing of one
not (or no longer) authorized."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from cases.services.transitions import case_act, local_today
from law.i18n import format_date
from tests.advertising.conftest import PDF
from workflows.advertising.services import advertising_approve, advertising_file

pytestmark = pytest.mark.django_db


def _forwarded(driver, clerk, *, placement: str, days: int):
    today = local_today()
    case = advertising_file(
        actor=driver.user, holder=driver, placement=placement, text="Rádio Cidade FM",
        advertiser="Rádio Cidade Ltda.", start_on=today, end_on=today + dt.timedelta(days=days),
        today=today, proofs={"layout": [SimpleUploadedFile("arte.pdf", PDF)]},
    )
    case_act(case=case, action="review_document", actor=clerk, item="layout", decision="accept")
    return case_act(case=case, action="accept", actor=clerk)


def _verification(client, driver) -> str:
    plate = driver.authorizations.get().vehicle.plate
    response = client.get(f"/verificar/placa/{plate}/")
    assert response.status_code == 200
    return response.content.decode()


def test_art_67_the_verification_page_shows_the_advertisement_in_force(
    client, driver, clerk, mayor
):
    case = advertising_approve(
        case=_forwarded(driver, clerk, placement="roof", days=30), actor=mayor,
        today=local_today(),
    )
    page = _verification(client, driver)
    assert "Publicidade autorizada (Art. 67)" in page
    until = format_date(local_today() + dt.timedelta(days=30))
    assert f"{case.get_placement_display()}, até {until} (processo {case.number})" in page
    # Only what lets the car be compared with its authorization.
    assert "Rádio Cidade" not in page


def test_art_67_an_advertisement_awaiting_the_decision_is_not_shown_as_authorized(
    client, driver, clerk
):
    _forwarded(driver, clerk, placement="side_doors", days=30)
    page = _verification(client, driver)
    assert 'data-testid="standing"' in page
    assert "Publicidade autorizada" not in page
