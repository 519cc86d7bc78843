"""The header offers each role its own links, in the user's language. The links are
written once per roles and language (web.templatetags.site): one user's header must never
show on another's page."""

from __future__ import annotations

import re

import pytest

pytestmark = pytest.mark.django_db


def _header(client, **headers) -> str:  # type: ignore[no-untyped-def]
    page = client.get("/verificar/", **headers).content.decode()
    return re.search(r"<header>.*?</header>", page, re.S).group(0)


def test_each_role_sees_its_own_links_in_its_language(client, clerk, driver):
    anonymous = _header(client)
    assert "Entrar" in anonymous and "Fila de processos" not in anonymous

    client.force_login(clerk)
    staff = _header(client)
    assert "Fila de processos" in staff and "Abrir cassação" in staff
    assert "Meu portal" not in staff
    assert "Case queue" in _header(client, HTTP_ACCEPT_LANGUAGE="en")

    client.force_login(driver.user)
    own = _header(client)
    assert "Meu portal" in own and "Minha escala" in own
    assert "Fila de processos" not in own and "Achados" not in own
    assert "My portal" in _header(client, HTTP_ACCEPT_LANGUAGE="en")
