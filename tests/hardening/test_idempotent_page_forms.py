"""Issue 12 §7: every page form carries a one-time token; sending it twice (Back and
resubmit, a double tap) lands on the first result and does the work once."""

from __future__ import annotations

import re

import pytest
from django.contrib.messages import get_messages

from accounts.roles import Role
from tests.clandestine.factories import ClandestineCaseFactory
from tests.factories import UserFactory
from workflows.clandestine.models import ClandestinePayment
from workflows.suspension.models import SuspensionCase

pytestmark = pytest.mark.django_db

TOKEN = re.compile(r'name="form_token" value="([0-9a-f]{32})"')


def test_every_post_form_on_a_case_page_has_its_own_one_time_token(client):
    case = ClandestineCaseFactory(held=True, costs_recorded=True)
    client.force_login(UserFactory(role=Role.CLERK))
    html = client.get(f"/processos/{case.pk}/").content.decode()
    forms = re.findall(r'<form[^>]*method="post"', html)
    tokens = TOKEN.findall(html)
    assert len(tokens) == len(forms) > 1
    assert len(set(tokens)) == len(tokens)


def test_art_62_p3_a_payment_form_sent_twice_records_one_payment(client):
    case = ClandestineCaseFactory(held=True, costs_recorded=True)
    client.force_login(UserFactory(role=Role.CLERK))
    html = client.get(f"/processos/{case.pk}/").content.decode()
    form = html[html.index(f'action="/processos/{case.pk}/acao/record_payment/"') :]
    token = TOKEN.search(form).group(1)
    data = {"amount": "100,00", "reference": "DAM 7", "form_token": token}
    url = f"/processos/{case.pk}/acao/record_payment/"
    first = client.post(url, data)
    again = client.post(url, data)
    assert first.status_code == again.status_code == 302
    assert again["Location"] == first["Location"]
    assert ClandestinePayment.objects.filter(case=case).count() == 1
    notes = [str(m) for m in get_messages(again.wsgi_request)]
    assert any("já tinha sido enviado" in note for note in notes)


def test_a_filing_page_resubmitted_files_once(client, driver):
    client.force_login(driver.user)
    html = client.get("/portal/suspensao/nova/").content.decode()
    token = TOKEN.search(html).group(1)
    data = {"ground": "IV", "days": 30, "reason": "Tratamento de saúde", "form_token": token}
    first = client.post("/portal/suspensao/nova/", data)
    again = client.post("/portal/suspensao/nova/", data)
    assert first.status_code == again.status_code == 302
    assert again["Location"] == first["Location"]
    assert SuspensionCase.objects.count() == 1


def test_a_form_shown_again_with_errors_keeps_its_token_usable(client, driver):
    client.force_login(driver.user)
    html = client.get("/portal/suspensao/nova/").content.decode()
    token = TOKEN.search(html).group(1)
    refused = client.post(
        "/portal/suspensao/nova/", {"ground": "IV", "days": 999, "form_token": token}
    )
    assert refused.status_code == 400
    accepted = client.post(
        "/portal/suspensao/nova/",
        {"ground": "IV", "days": 30, "reason": "Saúde", "form_token": token},
    )
    assert accepted.status_code == 302
    assert SuspensionCase.objects.count() == 1


def test_art_62_p3_the_same_form_sent_with_other_values_is_a_new_submission(client):
    case = ClandestineCaseFactory(held=True, costs_recorded=True)
    client.force_login(UserFactory(role=Role.CLERK))
    html = client.get(f"/processos/{case.pk}/").content.decode()
    form = html[html.index(f'action="/processos/{case.pk}/acao/record_payment/"') :]
    token = TOKEN.search(form).group(1)
    url = f"/processos/{case.pk}/acao/record_payment/"
    client.post(url, {"amount": "100,00", "reference": "DAM 7", "form_token": token})
    client.post(url, {"amount": "50,00", "reference": "DAM 8", "form_token": token})
    assert sorted(
        ClandestinePayment.objects.filter(case=case).values_list("reference", flat=True)
    ) == ["DAM 7", "DAM 8"]
