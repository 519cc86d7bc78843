"""Issue 12 §6: 400, 403, 404 and 500 pages are the site's own, in Portuguese (English on
request), never Django's English defaults."""

from __future__ import annotations

import pytest
from django.test import RequestFactory

from web.errors import server_error

pytestmark = pytest.mark.django_db


def test_an_unknown_address_is_the_404_page_in_portuguese(client):
    response = client.get("/nao-existe/")
    assert response.status_code == 404
    html = response.content.decode()
    assert "Página não encontrada" in html
    assert "Not Found" not in html


def test_the_404_page_in_english_on_request(client):
    response = client.get("/nao-existe/", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 404
    assert "Page not found" in response.content.decode()


def test_a_refused_page_is_the_403_page_in_portuguese(client, driver):
    client.force_login(driver.user)
    response = client.get("/correio/")
    assert response.status_code == 403
    assert "Acesso negado" in response.content.decode()


def test_a_bad_request_is_the_400_page_in_portuguese(client):
    response = client.get("/", HTTP_HOST="not allowed host")
    assert response.status_code == 400
    assert "Requisição inválida" in response.content.decode()


def test_the_500_page_is_in_portuguese_and_renders_without_context():
    request = RequestFactory().get("/processos/")
    response = server_error(request)
    assert response.status_code == 500
    assert "Erro no servidor" in response.content.decode()


def test_a_500_under_the_api_is_the_error_body():
    request = RequestFactory().get("/api/cases/")
    response = server_error(request)
    assert response.status_code == 500
    assert response["Content-Type"].startswith("application/json")


def test_a_stale_form_is_the_403_page_in_portuguese(driver):
    from django.test import Client

    client = Client(enforce_csrf_checks=True)
    client.force_login(driver.user)
    response = client.post("/portal/suspensao/nova/", {"ground": "IV", "days": 30})
    assert response.status_code == 403
    html = response.content.decode()
    assert "Recarregue a página" in html
    assert "CSRF verification failed" not in html
