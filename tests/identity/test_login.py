"""Logging in with gov.br (issue 22, point 1): OpenID Connect authorization code with
PKCE, state and nonce checked, the ID token's signature checked against the provider's
keys; the CPF of the token binds the person to his driver record (never name or e-mail).
Lei 14.129/2021 (Governo Digital), Art. 20, and Decreto 8.936/2016: citizens identify
themselves to public services through gov.br's Login Único."""

from __future__ import annotations

import pytest
from django.test import Client

from accounts.models import User
from accounts.roles import Role, has_role
from identity.models import ExternalIdentity, UserSession
from registers.models import Driver
from tests.factories import DriverFactory, UserFactory
from tests.identity.journey import provider_round_trip, signed_in_user_id

pytestmark = pytest.mark.django_db

CPF = "52998224725"
OTHER_CPF = "39053344705"


def test_without_a_provider_configured_the_login_page_has_no_gov_br_button(settings):
    settings.IDENTITY_PROVIDERS = {}
    page = Client().get("/entrar/").content.decode()
    assert "Entrar com gov.br" not in page
    assert Client().get("/entrar/com/govbr/").status_code == 302


def test_with_gov_br_configured_the_login_page_offers_it(govbr):
    page = Client().get("/entrar/").content.decode()
    assert "Entrar com gov.br" in page and 'href="/entrar/com/govbr/' in page


def test_a_new_person_signs_up_with_the_cpf_from_gov_br_locked(govbr):
    client = Client()
    response = provider_round_trip(client, govbr, cpf=CPF, name="Ana Lima", email="ana@example.com")
    assert (response.status_code, response["Location"]) == (302, "/entrar/cadastro-cpf/")
    assert signed_in_user_id(client) is None
    form = client.get("/entrar/cadastro-cpf/").content.decode()
    assert f'value="{CPF}" readonly disabled' in form
    # A CPF sent with the form is not read: the provider's is the one kept.
    done = client.post(
        "/entrar/cadastro-cpf/", {"name": "Ana Lima", "email": "ana@example.com", "cpf": OTHER_CPF}
    )
    assert done.status_code == 302
    user = User.objects.get(username=f"cpf-{CPF}")
    assert signed_in_user_id(client) == str(user.pk)
    assert (user.first_name, user.last_name, user.has_usable_password()) == ("Ana", "Lima", False)
    assert has_role(user, Role.DRIVER)
    link = ExternalIdentity.objects.get(user=user)
    assert (link.provider, link.subject, link.cpf, link.level) == ("govbr", CPF, CPF, 1)
    assert not Driver.objects.exists()


def test_a_known_cpf_is_bound_to_the_drivers_record(govbr):
    driver = DriverFactory(cpf=CPF, user=None, name="João Souza")
    client = Client()
    response = provider_round_trip(client, govbr, cpf=CPF, name="João Souza")
    assert response.status_code == 302 and response["Location"] == "/"
    driver.refresh_from_db()
    assert driver.user is not None
    assert signed_in_user_id(client) == str(driver.user_id)
    assert has_role(driver.user, Role.DRIVER)
    assert UserSession.objects.get(user=driver.user).provider == "govbr"
    # The second login finds the same person through his binding.
    again = Client()
    provider_round_trip(again, govbr, cpf=CPF, name="João Souza")
    assert signed_in_user_id(again) == str(driver.user_id)
    assert ExternalIdentity.objects.count() == 1


def test_a_driver_with_a_local_account_keeps_it_when_he_comes_through_gov_br(govbr):
    user = UserFactory(role=Role.DRIVER)
    DriverFactory(cpf=CPF, user=user)
    client = Client()
    provider_round_trip(client, govbr, cpf=CPF)
    assert signed_in_user_id(client) == str(user.pk)


def test_the_same_name_and_e_mail_with_another_cpf_binds_nobody(govbr):
    """Never by name or e-mail: only the CPF the provider vouches for."""
    driver = DriverFactory(cpf=CPF, user=None, name="João Souza", email="joao@example.com")
    client = Client()
    response = provider_round_trip(
        client, govbr, cpf=OTHER_CPF, name="João Souza", email="joao@example.com"
    )
    assert response["Location"] == "/entrar/cadastro-cpf/"
    driver.refresh_from_db()
    assert driver.user is None and signed_in_user_id(client) is None


@pytest.mark.parametrize("mode", ["wrong_nonce", "expired", "tampered"])
def test_a_token_that_fails_its_checks_signs_nobody_in(govbr, mode):
    """OpenID Connect Core 1.0 §3.1.3.7: the nonce must be the one sent, the token not
    expired, and its signature the provider's."""
    DriverFactory(cpf=CPF, user=None)
    govbr.set_mode(mode)
    client = Client()
    response = provider_round_trip(client, govbr, cpf=CPF)
    assert response.status_code == 400
    assert "não pôde ser confirmada" in response.content.decode()
    assert signed_in_user_id(client) is None
    assert not ExternalIdentity.objects.exists()
    assert Driver.objects.get(cpf=CPF).user is None


def test_a_callback_whose_state_is_not_ours_signs_nobody_in(govbr):
    """RFC 6749 §10.12: the state binds the answer to the request this browser made."""
    DriverFactory(cpf=CPF, user=None)
    client = Client()
    response = provider_round_trip(client, govbr, cpf=CPF, spoil_state=True)
    assert response.status_code == 400
    assert signed_in_user_id(client) is None


def test_logout_also_ends_the_session_at_the_provider(govbr):
    DriverFactory(cpf=CPF, user=None)
    client = Client()
    provider_round_trip(client, govbr, cpf=CPF)
    response = client.post("/sair/")
    assert response.status_code == 302
    assert response["Location"].startswith(f"{govbr.base}/o/logout/?")
    assert "id_token_hint=" in response["Location"]
    assert signed_in_user_id(client) is None


def test_acesso_cidadao_by_configuration_binds_by_cpf_the_same_way(govbr, settings):
    """A second provider, by settings only: its button, the same CPF binding, and the
    level the municipality accepts its accounts as (it has no levels API)."""
    settings.IDENTITY_PROVIDERS = {
        **settings.IDENTITY_PROVIDERS,
        "acessocidadao": govbr.as_acesso_cidadao(),
    }
    page = Client().get("/entrar/").content.decode()
    assert "Entrar com gov.br" in page and "Entrar com Acesso Cidadão" in page
    driver = DriverFactory(cpf=CPF, user=None)
    client = Client()
    response = provider_round_trip(client, govbr, cpf=CPF, key="acessocidadao")
    assert response.status_code == 302
    driver.refresh_from_db()
    assert signed_in_user_id(client) == str(driver.user_id)
    link = ExternalIdentity.objects.get(user=driver.user)
    assert (link.provider, link.level) == ("acessocidadao", 2)
    assert client.session["identity_level"] == 2
    # The same person through gov.br later is the same user.
    other = Client()
    provider_round_trip(other, govbr, cpf=CPF)
    assert signed_in_user_id(other) == str(driver.user_id)
