"""Issue 20 §5: under /api/ every error body is the Error contract, written by one encoder.

A client parses one format whoever answered: an API view, a middleware (too large,
throttled, idempotency), Django's own handlers (an unknown address, a method the view does
not take, a CSRF refusal, a server error), with DEBUG on as well as off. Same content
type, same encoding (UTF-8, accents as they are), same spacing.
"""

from __future__ import annotations

import json

import pytest
from django.core.cache import cache
from django.test import override_settings
from django.urls import path
from django.views.decorators.http import require_POST
from rest_framework.test import APIClient

from config.urls import handler404, handler500  # noqa: F401 - the site's handlers
from config.urls import urlpatterns as site_urls
from web.api_errors import error_encode

pytestmark = pytest.mark.django_db


def _boom(request):
    raise RuntimeError("boom")


@require_POST
def _post_only(request):  # pragma: no cover - only its refusal is asked for
    raise AssertionError


# Django views under /api/ that are not DRF's: their failures reach Django's handlers.
urlpatterns = [
    path("api/_test/boom/", _boom),
    path("api/_test/post-only/", _post_only),
    *site_urls,
]


def _one_encoder(response, status: int) -> dict:
    assert response.status_code == status, response.content[:300]
    assert response["Content-Type"] == "application/json"
    body = json.loads(response.content.decode("utf-8"))
    assert response.content == error_encode(body)  # compact, UTF-8, no \\u escapes
    assert {"detail", "code", "article"} <= set(body) <= {"detail", "code", "article", "fields"}
    return body


@pytest.mark.parametrize("debug", [False, True])
def test_an_unknown_api_address_answers_json_404_even_with_debug(api, clerk, settings, debug):
    settings.DEBUG = debug
    body = _one_encoder(api(clerk).get("/api/nada-aqui/"), 404)
    assert (body["code"], body["detail"]) == ("not_found", "Não encontrado.")


@pytest.mark.parametrize("debug", [False, True])
def test_a_method_the_api_does_not_take_answers_json_405(api, clerk, settings, debug):
    settings.DEBUG = debug
    response = api(clerk).delete("/api/workflows/")
    body = _one_encoder(response, 405)
    assert body["code"] == "method_not_allowed"
    assert "GET" in response["Allow"]


@pytest.mark.parametrize("debug", [False, True])
@override_settings(ROOT_URLCONF=__name__)
def test_a_plain_django_view_under_api_answers_json_405(client, clerk, settings, debug):
    settings.DEBUG = debug
    client.force_login(clerk)
    response = client.get("/api/_test/post-only/")
    assert _one_encoder(response, 405)["code"] == "method_not_allowed"
    assert response["Allow"] == "POST"


@override_settings(ROOT_URLCONF=__name__)
def test_a_server_error_under_api_is_the_error_body(clerk):
    client = APIClient(raise_request_exception=False)
    client.force_authenticate(clerk)
    body = _one_encoder(client.get("/api/_test/boom/"), 500)
    assert body["code"] == "server_error"


def test_a_refused_csrf_token_is_the_error_body(clerk):
    client = APIClient(enforce_csrf_checks=True)
    client.force_login(clerk)
    body = _one_encoder(client.post("/api/suspensions/", {"ground": "IV", "days": 30}), 403)
    assert body["code"] == "not_permitted"


def test_a_body_too_large_is_the_error_body(api, driver, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 100_000
    data = json.dumps({"ground": "IV", "days": 30, "reason": "a" * 150_000})
    response = api(driver.user).post("/api/suspensions/", data, content_type="application/json")
    assert _one_encoder(response, 413)["code"] == "too_large"


def test_a_text_too_long_is_the_error_body_with_accents_unescaped(api, driver, settings):
    settings.TEXT_INPUT_MAX = 100
    data = json.dumps({"ground": "IV", "days": 30, "reason": "ã" * 200})
    response = api(driver.user).post("/api/suspensions/", data, content_type="application/json")
    body = _one_encoder(response, 400)
    assert body["code"] == "too_long"
    assert "caracteres" in response.content.decode("utf-8")


def test_a_throttled_request_is_the_error_body(settings):
    settings.PUBLIC_COMPLAINT_RATE = 1
    cache.clear()
    complaint = {
        "plate": "ABC1D23",
        "description": "Cobrou acima da tabela.",
        "occurred_at": "2026-01-10T10:00:00-03:00",
        "place": "Praça central",
    }
    client = APIClient()
    for _ in range(3):
        response = client.post("/api/complaints/", complaint, REMOTE_ADDR="10.9.9.8")
    cache.clear()
    assert _one_encoder(response, 429)["code"] == "throttled"


def test_a_view_error_is_json_even_when_the_client_asks_for_html(api, clerk):
    response = api(clerk).get("/api/cases/999999/", HTTP_ACCEPT="text/html")
    assert _one_encoder(response, 404)["code"] == "not_found"


def test_a_validation_error_uses_the_same_encoder(api, driver):
    response = api(driver.user).post("/api/suspensions/", {"ground": "V", "days": "x"})
    assert _one_encoder(response, 400)["code"] == "invalid"


def test_no_module_encodes_an_error_body_itself():
    """The bodies are built by error_body and encoded by error_response only: a walk of the
    source finds any JsonResponse or DRF Response that wraps an error body on its own."""
    import ast
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    skip = {".venv", "tests", "bench", "node_modules"}
    builders = {"error_body", "validation_body"}
    found = []
    for source in root.rglob("*.py"):
        if skip & set(source.relative_to(root).parts):
            continue
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", ""))
            if name not in ("JsonResponse", "Response"):
                continue
            inner = [
                n
                for arg in [*node.args, *(k.value for k in node.keywords)]
                for n in ast.walk(arg)
                if isinstance(n, ast.Call)
                and getattr(n.func, "id", getattr(n.func, "attr", "")) in builders
            ]
            if inner:
                found.append(f"{source.relative_to(root)}:{node.lineno}")
    assert found == [], "answer errors with web.api_errors.error_response:\n" + "\n".join(found)
