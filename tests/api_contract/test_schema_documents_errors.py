"""Issue 12 §3: the served OpenAPI schema documents the Error body for every operation,
and declares nullable the fields the API answers as null."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from accounts.roles import Role
from tests.factories import SuspensionCaseFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def schema():
    client = APIClient()
    client.force_authenticate(UserFactory(role=Role.CLERK))
    response = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert response.status_code == 200
    return response.json()


def test_every_operation_documents_the_error_statuses(schema):
    missing = []
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            expected = {"400", "401", "403", "404", "429"}
            if method != "get":
                expected |= {"409", "413"}
            lacking = expected - set(operation["responses"])
            if lacking:
                missing.append((method, path, sorted(lacking)))
    assert missing == []


def test_the_error_component_is_shared_and_requires_the_contract(schema):
    error = schema["components"]["schemas"]["Error"]
    assert error["required"] == ["detail", "code", "article"]
    assert set(error["properties"]) == {"detail", "code", "article", "fields"}
    operation = schema["paths"]["/api/cases/{id}/"]["get"]
    assert operation["responses"]["404"]["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/Error"
    }


def test_fields_the_case_list_answers_as_null_are_declared_nullable(schema):
    case_fields = schema["components"]["schemas"]["CaseOutput"]["properties"]
    for name in ("applicant_name", "assignee_username", "next_due", "closed_at"):
        assert case_fields[name].get("nullable") is True, name


def test_the_case_list_really_answers_null_for_them(schema):
    clerk = UserFactory(role=Role.CLERK)
    SuspensionCaseFactory()
    client = APIClient()
    client.force_authenticate(clerk)
    row = client.get("/api/cases/").json()[0]
    nulls = {name for name, value in row.items() if value is None}
    declared = schema["components"]["schemas"]["CaseOutput"]["properties"]
    assert nulls, row
    assert all(declared[name].get("nullable") for name in nulls), nulls


def test_every_post_documents_the_idempotency_key_header(schema):
    missing = [
        path
        for path, operations in schema["paths"].items()
        if "post" in operations
        and path != "/api/auth/token/"
        and not any(
            p.get("in") == "header" and p.get("name") == "Idempotency-Key"
            for p in operations["post"].get("parameters", [])
        )
    ]
    assert missing == []
