"""The second factor of those who decide (issue 22, point 3): TOTP through django-otp,
required of the mayor, the administrators and the commission before anything else, and
asked again for a decision when the last one is older than SECOND_FACTOR_MAX_AGE_MINUTES.

The Decreto 10.543/2020 (electronic signatures in public administration) asks that an act
of authority be attributable to its author; a second factor is what makes a stolen
password not enough to decide in the mayor's name (Art. 22: homologation).
"""

from __future__ import annotations

import pytest
from django_otp.plugins.otp_static.models import StaticDevice
from django_otp.plugins.otp_totp.models import TOTPDevice

from accounts.roles import Role
from cases.models import AuditEvent
from tests.application.factories import ApplicationCaseFactory, population
from tests.factories import UserFactory
from tests.identity.conftest import code_for, signed_in, totp_device
from workflows.application.models import ApplicationCase, ApplicationState

pytestmark = pytest.mark.django_db

PASSWORD = "senha-de-teste-123"  # what tests.factories.UserFactory sets


def _awaiting_homologation() -> ApplicationCase:
    population(10_000)
    return ApplicationCaseFactory(awaiting_homologation=True)


def _state(case) -> str:
    return ApplicationCase.objects.get(pk=case.pk).state


def test_after_the_password_the_mayor_must_set_up_the_second_factor_before_anything_else(mayor):
    client = signed_in(mayor)
    response = client.get("/processos/")
    assert response.status_code == 302
    assert response["Location"].startswith("/conta/segundo-fator/configurar/?next=")
    api = client.get("/api/cases/")
    assert (api.status_code, api.json()["code"]) == (403, "second_factor_required")


def test_setting_up_totp_gives_recovery_codes_and_opens_the_way(mayor, settings):
    # django-otp makes the next try wait after a wrong code; this test tries at once.
    settings.OTP_TOTP_THROTTLE_FACTOR = 0
    client = signed_in(mayor)
    page = client.get("/conta/segundo-fator/configurar/")
    assert page.status_code == 200
    device = TOTPDevice.objects.get(user=mayor, confirmed=False)
    wrong = client.post("/conta/segundo-fator/configurar/", {"code": "000000"})
    assert wrong.status_code == 400
    done = client.post("/conta/segundo-fator/configurar/", {"code": code_for(device)})
    assert done.status_code == 200
    assert TOTPDevice.objects.get(pk=device.pk).confirmed
    codes = StaticDevice.objects.get(user=mayor).token_set.values_list("token", flat=True)
    assert len(codes) == 10
    assert all(code in done.content.decode() for code in codes)
    assert client.get("/processos/").status_code == 200


def test_a_recovery_code_gives_the_second_factor_once(mayor):
    totp_device(mayor)
    static = StaticDevice.objects.create(user=mayor, name="recovery")
    static.token_set.create(token="abcd1234")
    client = signed_in(mayor)
    assert client.post("/conta/segundo-fator/", {"code": "abcd1234"}).status_code == 302
    assert client.get("/processos/").status_code == 200
    again = signed_in(mayor)
    assert again.post("/conta/segundo-fator/", {"code": "abcd1234"}).status_code == 400


def test_a_clerk_may_work_without_a_second_factor(clerk):
    assert signed_in(clerk).get("/processos/").status_code == 200


def test_the_mayor_cannot_homologate_without_a_recent_second_factor_api_art22(mayor):
    """Art. 22: the homologation is the mayor's decision; a session whose second factor is
    older than the setting is refused with 403 and nothing changes."""
    device = totp_device(mayor)
    case = _awaiting_homologation()
    client = signed_in(mayor, verified_minutes_ago=20)
    response = client.post(f"/api/cases/{case.pk}/actions/homologate/", {"password": PASSWORD})
    assert response.status_code == 403, response.content
    assert response.json()["code"] == "second_factor_required"
    assert "X-Second-Factor" in response.json()["detail"]
    assert _state(case) == ApplicationState.AWAITING_HOMOLOGATION
    assert not AuditEvent.objects.filter(case=case, transition="homologate").exists()
    # With the code of the authenticator app in the header, the same call decides.
    fresh = client.post(
        f"/api/cases/{case.pk}/actions/homologate/",
        {"password": PASSWORD},
        HTTP_X_SECOND_FACTOR=code_for(device),
    )
    assert fresh.status_code == 200, fresh.content
    assert _state(case) == ApplicationState.GRANTED


def test_a_recent_second_factor_lets_the_mayor_homologate_art22(mayor):
    totp_device(mayor)
    case = _awaiting_homologation()
    client = signed_in(mayor, verified_minutes_ago=5)
    response = client.post(f"/api/cases/{case.pk}/actions/homologate/", {"password": PASSWORD})
    assert response.status_code == 200, response.content
    assert _state(case) == ApplicationState.GRANTED


def test_on_the_page_a_stale_second_factor_redirects_to_give_it_and_back_art22(mayor):
    device = totp_device(mayor)
    case = _awaiting_homologation()
    client = signed_in(mayor, verified_minutes_ago=20)
    case_page = f"/processos/{case.pk}/"
    response = client.post(
        f"/processos/{case.pk}/acao/homologate/",
        {"note": "De acordo.", "password": PASSWORD},
        HTTP_REFERER=case_page,
    )
    assert response.status_code == 302
    assert response["Location"] == f"/conta/segundo-fator/?next=%2Fprocessos%2F{case.pk}%2F"
    assert _state(case) == ApplicationState.AWAITING_HOMOLOGATION
    back = client.post("/conta/segundo-fator/", {"code": code_for(device), "next": case_page})
    assert (back.status_code, back["Location"]) == (302, case_page)
    done = client.post(
        f"/processos/{case.pk}/acao/homologate/", {"note": "De acordo.", "password": PASSWORD}
    )
    assert done.status_code == 302
    assert _state(case) == ApplicationState.GRANTED


def test_every_decision_of_the_mayor_and_the_commission_asks_for_the_second_factor():
    """Enumerates the registered workflow tables: every edge the mayor or the commission
    takes (homologations, revocations, votes, annulments…) is a decision, so a new one is
    covered without a list to keep."""
    from cases.workflow import all_workflows
    from identity.second_factor import is_deciding

    mayor = UserFactory(role=Role.MAYOR)
    member = UserFactory(role=Role.COMMISSION_MEMBER)
    clerk = UserFactory(role=Role.CLERK)
    decisions = {
        (w.kind, e.name)
        for w in all_workflows()
        for e in w.edges
        if is_deciding(e.roles, mayor) or is_deciding(e.roles, member)
    }
    assert ("application", "homologate") in decisions
    assert ("appeal", "vote") in decisions
    assert ("clandestine", "annul") in decisions
    assert any(kind == "revocation" for kind, _name in decisions)
    assert not any(is_deciding(e.roles, clerk) for w in all_workflows() for e in w.edges)


def test_the_admin_shows_who_has_a_second_factor(mayor):
    totp_device(mayor)
    admin_user = UserFactory(role=Role.ADMINISTRATOR, is_staff=True, is_superuser=True)
    client = signed_in(admin_user, verified_minutes_ago=1)
    page = client.get("/admin/accounts/user/?segundo_fator=sim")
    assert page.status_code == 200
    html = page.content.decode()
    assert "prefeito" in html
    assert admin_user.username not in html.split("result_list")[-1]


def test_an_api_token_for_the_mayor_needs_the_second_factor_too(mayor):
    """A token is a session without a browser: the password alone does not give it."""
    from django.test import Client

    device = totp_device(mayor)
    body = {"username": mayor.username, "password": PASSWORD}
    refused = Client().post("/api/auth/token/", body, content_type="application/json")
    assert (refused.status_code, refused.json()["code"]) == (403, "second_factor_required")
    assert "token" not in refused.json()
    given = Client().post(
        "/api/auth/token/",
        body,
        content_type="application/json",
        HTTP_X_SECOND_FACTOR=code_for(device),
    )
    assert given.status_code == 200 and given.json()["token"]


def test_a_clerks_api_token_needs_only_the_password(clerk):
    from django.test import Client

    body = {"username": clerk.username, "password": PASSWORD}
    given = Client().post("/api/auth/token/", body, content_type="application/json")
    assert given.status_code == 200


def test_replacing_the_app_asks_for_the_one_in_use_first(clerk):
    """Optional for a clerk, but once set up a borrowed session cannot swap it."""
    totp_device(clerk)
    response = signed_in(clerk).get("/conta/segundo-fator/configurar/")
    assert response.status_code == 302
    assert response["Location"].startswith("/conta/segundo-fator/?next=")
    assert (
        signed_in(clerk, verified_minutes_ago=1).get("/conta/segundo-fator/configurar/").status_code
        == 200
    )
