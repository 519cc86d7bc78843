"""Every page a demo user reaches from the menu renders, for each role."""

from __future__ import annotations

import pytest

from cases.models import Case
from web.demo import demo_load

pytestmark = pytest.mark.django_db

STAFF_PAGES = ["/processos/", "/correio/", "/verificar/", "/api/cases/", "/api/docs/"]


@pytest.fixture
def demo():
    demo_load()


@pytest.mark.parametrize("username", ["servidor", "fiscal", "prefeito", "admin"])
def test_staff_pages_and_every_demo_case_render(client, demo, username):
    assert client.login(username=username, password="demo12345")
    for url in STAFF_PAGES:
        assert client.get(url).status_code == 200, url
    for case in Case.objects.all():
        response = client.get(f"/processos/{case.pk}/")
        assert response.status_code == 200, case
        assert case.number in response.content.decode()


def test_the_agent_reaches_the_notice_and_clandestine_pages(client, demo):
    assert client.login(username="fiscal", password="demo12345")
    for url in ("/fiscalizacao/autos/novo/", "/fiscalizacao/clandestino/novo/"):
        assert client.get(url).status_code == 200, url


@pytest.mark.parametrize("username", ["motorista", "motorista2"])
def test_driver_pages_render(client, demo, username):
    assert client.login(username=username, password="demo12345")
    portal = client.get("/portal/")
    assert portal.status_code == 200
    for url in ("/portal/notificacoes/", "/portal/outorga/nova/", "/portal/recursos/"):
        assert client.get(url).status_code == 200, url
    for case in Case.objects.filter(applicant__user__username=username):
        assert client.get(f"/processos/{case.pk}/").status_code == 200, case


def test_public_pages_render_without_login(client, demo):
    for url in ("/", "/verificar/", "/reclamacao/", "/entrar/"):
        assert client.get(url).status_code == 200, url
