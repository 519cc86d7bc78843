"""Issue 12 §3: what the API answers matches the schema it serves, nulls included (the
audit found fields declared non-null that come back null), errors included."""

from __future__ import annotations

import copy
import datetime as dt
from typing import Any
from zoneinfo import ZoneInfo

import jsonschema
import pytest
import time_machine
from rest_framework.test import APIClient

from accounts.roles import Role
from cases.services.transitions import case_act
from tests.appeal.factories import commission, filed_appeal
from tests.application.factories import ApplicationCaseFactory
from tests.clandestine.factories import ClandestineCaseFactory
from tests.factories import SuspensionCaseFactory, UserFactory

SP = ZoneInfo("America/Sao_Paulo")
pytestmark = pytest.mark.django_db


def _plain(node: Any, components: dict[str, Any]) -> Any:
    """OpenAPI 3.0 → JSON Schema: refs inlined, `nullable` as a null alternative."""
    if isinstance(node, list):
        return [_plain(item, components) for item in node]
    if not isinstance(node, dict):
        return node
    if "$ref" in node:
        return _plain(components[node["$ref"].rsplit("/", 1)[1]], components)
    out = {key: _plain(value, components) for key, value in node.items() if key != "nullable"}
    if node.get("nullable"):
        return {"anyOf": [out, {"type": "null"}]}
    return out


@pytest.fixture(scope="module")
def spec():
    from drf_spectacular.generators import SchemaGenerator

    return SchemaGenerator().get_schema(request=None, public=True)


def _check(spec: dict[str, Any], client: APIClient, path: str, template: str) -> None:
    response = client.get(path)
    operation = spec["paths"][template]["get"]
    answer = operation["responses"][str(response.status_code)]
    schema = answer["content"]["application/json"]["schema"]
    components = spec["components"]["schemas"]
    jsonschema.validate(response.json(), _plain(copy.deepcopy(schema), components))


@pytest.fixture
def world():
    with time_machine.travel(dt.datetime(2026, 4, 20, 10, tzinfo=SP), tick=False):
        seats = commission()
        appeal = filed_appeal()
        case_act(case=appeal, action="open_voting", actor=seats["I"].holder)
    suspension = SuspensionCaseFactory()
    clandestine = ClandestineCaseFactory()
    return {
        "appeal": appeal,
        "notice": appeal.notice,
        "application": ApplicationCaseFactory(sequence=810001),
        "waiting": ApplicationCaseFactory(sequence=810002, waiting=True),
        "suspension": suspension,
        "clandestine": clandestine,
        "member": seats["I"].holder,
    }


def test_staff_answers_match_the_schema(spec, world):
    client = APIClient()
    client.force_authenticate(UserFactory(role=Role.CLERK))
    _check(spec, client, "/api/cases/", "/api/cases/")
    _check(spec, client, "/api/cases/?closed=1", "/api/cases/")
    for name in ("appeal", "notice", "application", "waiting", "suspension", "clandestine"):
        _check(spec, client, f"/api/cases/{world[name].pk}/", "/api/cases/{id}/")
    for name in ("application", "waiting"):
        _check(spec, client, f"/api/applications/{world[name].pk}/", "/api/applications/{id}/")
    _check(spec, client, "/api/notifications/", "/api/notifications/")
    _check(spec, client, "/api/workflows/", "/api/workflows/")
    _check(spec, client, f"/api/clandestine/{world['clandestine'].pk}/", "/api/clandestine/{id}/")


def test_commission_and_driver_answers_match_the_schema(spec, world):
    member = APIClient()
    member.force_authenticate(world["member"])
    _check(spec, member, "/api/appeals/", "/api/appeals/")
    _check(spec, member, f"/api/appeals/{world['appeal'].pk}/", "/api/appeals/{id}/")
    driver = APIClient()
    driver.force_authenticate(world["suspension"].authorization.holder.user)
    _check(spec, driver, "/api/cases/", "/api/cases/")
    _check(spec, driver, f"/api/cases/{world['suspension'].pk}/", "/api/cases/{id}/")
    _check(spec, driver, "/api/appeals/windows/", "/api/appeals/windows/")


def test_errors_match_the_schema(spec):
    client = APIClient()
    _check(spec, client, "/api/cases/", "/api/cases/")  # 401
    client.force_authenticate(UserFactory(role=Role.CLERK))
    _check(spec, client, "/api/cases/99999999/", "/api/cases/{id}/")  # 404
