"""Issue 20 §6: the municipal registers' texts are bounded like everywhere else, and the
schema says so (generated from /api/schema/: a text field added tomorrow is covered).

Every text a request to a register's operation carries (stands, calendar, lost property,
roster, associations and their members, tariffs) declares its maximum length, a pattern
or its choices; a text past its length answers 400 naming the field, nothing written.
"""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from accounts.roles import Role
from municipal.models import Stand
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

REGISTERS = (
    "/api/stands/",
    "/api/calendar/",
    "/api/lost-items/",
    "/api/roster/",
    "/api/associations/",
    "/api/memberships/",
    "/api/executive-uses/",
    "/api/tariffs/",
)


def _resolve(schema: dict, node: dict) -> dict:
    while "$ref" in node:
        node = schema["components"]["schemas"][node["$ref"].rsplit("/", 1)[-1]]
    return node


def _unbounded(schema: dict, node: dict, prefix: str = "") -> list[str]:
    node = _resolve(schema, node)
    found = []
    for key in ("allOf", "oneOf", "anyOf"):
        for sub in node.get(key, []):
            found += _unbounded(schema, sub, prefix)
    for name, prop in node.get("properties", {}).items():
        prop = _resolve(schema, prop) if "$ref" in prop else prop
        if prop.get("readOnly"):
            continue
        if prop.get("type") == "array":
            found += _unbounded(schema, prop.get("items", {}), f"{prefix}{name}[].")
        elif "properties" in prop:
            found += _unbounded(schema, prop, f"{prefix}{name}.")
        elif prop.get("type") == "string" and not (
            "maxLength" in prop
            or "pattern" in prop
            or "enum" in prop
            or prop.get("format") in ("date", "date-time", "binary", "email")
        ):
            found.append(prefix + name)
    return found


def test_every_text_of_the_registers_operations_has_a_bound():
    client = APIClient()
    client.force_authenticate(UserFactory(role=Role.ADMINISTRATOR))
    schema = client.get("/api/schema/", {"format": "json"}).json()
    unbounded, seen = [], 0
    for path, operations in schema["paths"].items():
        if not path.startswith(REGISTERS):
            continue
        for method, operation in operations.items():
            content = operation.get("requestBody", {}).get("content", {})
            if "application/json" in content:
                seen += 1
                unbounded += [
                    f"{method.upper()} {path} {name}"
                    for name in _unbounded(schema, content["application/json"]["schema"])
                ]
    assert seen >= 10
    assert unbounded == []


def test_a_stand_name_past_its_length_answers_400_and_writes_nothing():
    client = APIClient()
    client.force_authenticate(UserFactory(role=Role.ADMINISTRATOR))
    response = client.post(
        "/api/stands/",
        {
            "name": "P" * 121,
            "address": "Rua A",
            "kind": "fixed",
            "places": 2,
            "act_number": "1/2024",
            "act_date": "2024-01-02",
            "starts_on": "2024-01-02",
        },
        format="json",
    )
    assert response.status_code == 400
    assert "120" in response.json()["fields"]["name"][0]
    assert not Stand.objects.exists()
