"""Issue 12 §3: an anonymous API call answers 401 with WWW-Authenticate, not 403."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("path", ["/api/cases/", "/api/notifications/", "/api/workflows/"])
def test_anonymous_get_answers_401_with_a_challenge(path):
    response = APIClient().get(path)
    assert response.status_code == 401
    assert response["WWW-Authenticate"].startswith("Token")
    body = response.json()
    assert (body["code"], body["article"]) == ("not_authenticated", "")
    assert body["detail"]


def test_a_bad_token_answers_401_in_portuguese():
    response = APIClient().get("/api/cases/", HTTP_AUTHORIZATION="Token nope")
    assert response.status_code == 401
    assert response.json()["code"] == "authentication_failed"
    assert response.json()["detail"] == "Credenciais inválidas ou expiradas."
