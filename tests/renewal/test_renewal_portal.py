"""Art. 19 on the portal: the filing page, and the case page's own actions."""

from __future__ import annotations

import datetime as dt

import pytest
import time_machine

from cases.models import Case
from cases.services.deadlines import deadlines_sweep
from tests.renewal.factories import at, pdf
from workflows.renewal.models import RenewalCase, RenewalState

pytestmark = pytest.mark.django_db


def _post(im, **leave_out):
    data = {
        "previous_number": im.number,
        "crlv": pdf("crlv.pdf"),
        "cnh": pdf("cnh.pdf"),
        "cnh_expires_on": "2031-05-10",
    }
    return {key: value for key, value in data.items() if key not in leave_out}


def test_the_portal_page_files_the_renewal_art19(client, im, holder):
    with time_machine.travel(at(dt.date(2027, 2, 1)), tick=False):
        client.force_login(holder.user)  # in the travelled time, or the session has expired
        page = client.get("/portal/renovacao/nova/")
        assert page.status_code == 200
        assert f'value="{im.number}"' in page.content.decode()
        response = client.post("/portal/renovacao/nova/", _post(im))
    case = RenewalCase.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/processos/{case.pk}/"
    assert case.state == RenewalState.FILED


def test_the_portal_page_names_the_article_of_a_missing_document_art19_ii(client, im, holder):
    with time_machine.travel(at(dt.date(2027, 2, 1)), tick=False):
        client.force_login(holder.user)
        response = client.post("/portal/renovacao/nova/", _post(im, crlv=True))
    assert response.status_code == 400
    assert "Anexe o CRLV do veículo. (Art. 19 II)" in response.content.decode()
    assert Case.objects.count() == 0


def test_the_case_page_offers_the_holder_the_request_with_its_inputs_art19(client, im, holder):
    deadlines_sweep(today=dt.date(2027, 1, 29))
    case = RenewalCase.objects.get()
    with time_machine.travel(at(dt.date(2027, 2, 1)), tick=False):
        client.force_login(holder.user)
        page = client.get(f"/processos/{case.pk}/").content.decode()
        assert 'data-action="submit"' in page
        assert 'name="crlv"' in page and 'name="cnh_expires_on"' in page
        response = client.post(f"/processos/{case.pk}/acao/submit/", _post(im))
    assert response.status_code == 302
    assert RenewalCase.objects.get(pk=case.pk).state == RenewalState.FILED
