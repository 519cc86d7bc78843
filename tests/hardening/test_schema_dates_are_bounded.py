"""Issue 19, "One bound for every date with legal meaning"; issue 20 §6 (the municipal
registers): generated from the OpenAPI schema.

For every operation whose request body has a date or date-time field, the test posts
01/01/0001, 31/12/9999 and the day before the field's floor (`x-not-before`: the law's
sanction, Lei nº 1.764 of 28/07/2023, for what only exists under it) and expects 400
naming that field, with nothing written. Where the field is bound to a fact of the case
(`x-not-before-fact`, declared with `core.dates.DateBound.after`: the letter was written,
the object was found), it also posts the day before that fact, read on the row the
operation acts on. A field added tomorrow is found in the schema and posted to without
editing this test; a field declared without the bound (no `x-not-before`) fails it.
"""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.apps import apps
from django.core.cache import cache
from django.db.models import Model
from rest_framework.test import APIClient

from accounts.roles import Role
from accounts.services import user_grant_role
from cases.services.transitions import case_act
from core.dates import fact_day_of
from notifications.models import Notification
from tests.complaint.factories import ComplaintCaseFactory
from tests.factories import PASSWORD, DriverFactory, UserFactory, ViolationNoticeFactory
from tests.municipal_factories import AssociationFactory, LostItemFactory, TariffTableFactory

pytestmark = pytest.mark.django_db

PROJECT_APPS = (
    "accounts",
    "registers",
    "cases",
    "workflows",
    "notifications",
    "documents",
    "inspections",
    "municipal",
    "register_import",
    "workspace",
    "payments",
    "web",
)


def _letter(clerk) -> Notification:
    notice = ViolationNoticeFactory()
    case_act(case=notice, action="send_notice", actor=clerk, password=PASSWORD)
    return Notification.objects.get(case=notice, channel=Notification.Channel.REGISTERED_POST)


# The row an operation with an id in its address acts on, by the address's first words.
# A new address with an id and a date fails below until it names its row here.
SAMPLES = {
    "/api/associations/{id}/": lambda clerk: AssociationFactory(),
    "/api/complaints/{id}/": lambda clerk: ComplaintCaseFactory(),
    "/api/lost-items/{id}/": lambda clerk: LostItemFactory(),
    "/api/notifications/{id}/": _letter,
    "/api/tariffs/{id}/": lambda clerk: TariffTableFactory(),
}


def _resolve(schema: dict, node: dict) -> dict:
    while "$ref" in node:
        node = schema["components"]["schemas"][node["$ref"].rsplit("/", 1)[-1]]
    return node


def _date_fields(schema: dict, node: dict, prefix: str = "") -> list[tuple[str, dict]]:
    node = _resolve(schema, node)
    found: list[tuple[str, dict]] = []
    for key in ("allOf", "oneOf", "anyOf"):
        for sub in node.get(key, []):
            found += _date_fields(schema, sub, prefix)
    for name, prop in node.get("properties", {}).items():
        if prop.get("format") in ("date", "date-time"):
            found.append((prefix + name, prop))
        elif "$ref" in prop or prop.get("properties") or prop.get("allOf"):
            found += _date_fields(schema, prop, f"{prefix}{name}.")
    return found


def _operations(schema: dict) -> list[tuple[str, str, str, str, dict]]:
    out = []
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            if method not in ("post", "put", "patch"):
                continue
            content = operation.get("requestBody", {}).get("content", {})
            media = next(
                (m for m in ("application/json", "multipart/form-data") if m in content), None
            )
            if media is None:
                continue
            for name, prop in _date_fields(schema, content[media]["schema"]):
                out.append((method, path, media, name, prop))
    return out


def _hostile(prop: dict) -> list[str]:
    days = ["0001-01-01", "9999-12-31"]
    floor = prop.get("x-not-before")
    if floor:
        days.append((dt.date.fromisoformat(floor) - dt.timedelta(days=1)).isoformat())
    if prop["format"] == "date-time":
        # And the calendar's very edges, which overflow when moved to local time.
        edges = ["0001-01-01T00:00:00+14:00", "9999-12-31T23:00:00-12:00"]
        return [f"{day}T12:00:00-03:00" for day in days] + edges
    return days


def _before_the_fact(prop: dict, row: Model | None, path: str, name: str) -> list[str]:
    """The day before the case's fact the field is bound to, on the row acted on."""
    fact = prop.get("x-not-before-fact")
    if not fact:
        return []
    assert row is not None, f"{path} {name}: a fact is of the row an operation acts on"
    day = fact_day_of(row, fact)
    assert day is not None, f"{path} {name}: the sample in SAMPLES has no {fact}; give it one"
    before = (day - dt.timedelta(days=1)).isoformat()
    return [f"{before}T12:00:00-03:00" if prop["format"] == "date-time" else before]


def _rows() -> dict[str, int]:
    return {
        model._meta.label: model.objects.count()
        for model in apps.get_models()
        if model._meta.app_label in {a.rsplit(".", 1)[-1] for a in PROJECT_APPS}
        or model.__module__.split(".")[0] in PROJECT_APPS
    }


@pytest.fixture
def everyone():
    """One user with every role and a driver's register, so no role refuses first."""
    user = UserFactory(role=Role.CLERK)
    for role in Role:
        if role != Role.CLERK:
            user_grant_role(user=user, role=role)
    DriverFactory(user=user)
    return user


def test_every_date_of_every_operation_refuses_dates_out_of_its_bound(everyone, settings):
    settings.PUBLIC_COMPLAINT_RATE = 10_000  # the public forms' throttle is not under test
    cache.clear()
    client = APIClient()
    client.force_authenticate(everyone)
    schema = client.get("/api/schema/", {"format": "json"}).json()
    operations = _operations(schema)
    assert len(operations) >= 30  # the schema was read (stands, calendar, notices…)

    unbounded = [
        f"{m.upper()} {p} {n}" for m, p, _, n, prop in operations if "x-not-before" not in prop
    ]
    assert unbounded == [], "declare these dates with core.dates (LegalDateField):\n" + "\n".join(
        unbounded
    )

    acted_on: dict[str, Model] = {}
    for _, path, _, _, _ in operations:
        if "{" in path and path not in acted_on:
            prefix = re.sub(r"(\{[^}]+\}/).*", r"\1", path)
            assert prefix in SAMPLES, f"name the row {path} acts on in SAMPLES"
            acted_on[path] = SAMPLES[prefix](everyone)
    ids = {path: row.pk for path, row in acted_on.items()}

    before = _rows()
    accepted = []
    for method, path, media, name, prop in operations:
        url = re.sub(r"\{[^}]+\}", str(ids.get(path, 0)), path)
        for value in _hostile(prop) + _before_the_fact(prop, acted_on.get(path), path, name):
            data = {name: value}
            if media == "application/json":
                response = getattr(client, method)(url, data, format="json")
            else:
                response = getattr(client, method)(url, data, format="multipart")
            body = response.json() if response["Content-Type"] == "application/json" else {}
            if response.status_code != 400 or name not in body.get("fields", {}):
                accepted.append(
                    f"{method.upper()} {url} {name}={value}: "
                    f"{response.status_code} {str(body)[:200]}"
                )
    assert accepted == [], "\n".join(accepted)
    # The facts were posted against (the letters' writing, the objects' finding).
    assert sum("x-not-before-fact" in prop for *_, prop in operations) >= 6
    assert _rows() == before
