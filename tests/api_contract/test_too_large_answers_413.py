"""Issue 12 §3: a request body past the size the server reads answers 413 with the
contract's body, not a 400 page or a 500."""

from __future__ import annotations

import json

import pytest

pytestmark = pytest.mark.django_db


def test_a_json_body_past_the_limit_answers_413_with_a_code(api, driver, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 100_000
    body = json.dumps({"ground": "IV", "days": 30, "reason": "a" * 150_000})
    response = api(driver.user).post("/api/suspensions/", body, content_type="application/json")
    assert response.status_code == 413
    assert response.json() == {
        "detail": "A requisição é grande demais.",
        "code": "too_large",
        "article": "",
    }
