"""Issue 20 point 5: the served schema says what the API accepts, and the API accepts that
and nothing else: a value the schema refuses answers 400 naming its field or parameter, a
value it allows is read (the findings schemathesis's positive and negative checks made on
the calendar's day, the roster's queries, the search, the IGP-M and the plates)."""

from __future__ import annotations

import re

import jsonschema
import pytest
import time_machine
from rest_framework.test import APIClient

from accounts.roles import Role
from registers.models import Vehicle
from registers.validators import PLATE_WRITTEN
from tests.factories import AuthorizationFactory, UserFactory
from tests.municipal_factories import StandFactory

pytestmark = pytest.mark.django_db

TODAY = "2026-12-01 10:00 -03:00"


def _client(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


@pytest.fixture
def schema(clerk):
    response = _client(clerk).get("/api/schema/", {"format": "json"})
    assert response.status_code == 200
    return response.json()


def _parameter(schema: dict, path: str, method: str, name: str) -> dict:
    parameters = schema["paths"][path][method]["parameters"]
    return next(p["schema"] for p in parameters if p["name"] == name)


def _request_property(schema: dict, component: str, name: str) -> dict:
    return schema["components"]["schemas"][component]["properties"][name]


def _allows(node: dict, value: object) -> bool:
    checker = jsonschema.Draft4Validator.FORMAT_CHECKER
    return jsonschema.Draft4Validator(node, format_checker=checker).is_valid(value)


def _refused(response, name: str) -> bool:
    return response.status_code == 400 and name in response.json().get("fields", {})


# --- DELETE /api/calendar/days/{day}/ -------------------------------------------------------


def test_the_calendar_day_in_the_address_is_declared_a_date(schema):
    day = _parameter(schema, "/api/calendar/days/{day}/", "delete", "day")
    assert day == {"type": "string", "format": "date"}


@time_machine.travel(TODAY, tick=False)
def test_a_calendar_day_not_written_aaaa_mm_dd_answers_400_with_the_format(clerk):
    client = _client(clerk)
    for written in ("20261224", "2026-W52-4", "0", "2026-02-30"):
        response = client.delete(f"/api/calendar/days/{written}/")
        assert response.status_code == 400, written
        assert response.json()["detail"] == "Data inválida: use AAAA-MM-DD."
    # Well written and not declared: the state of the calendar answers, not the format.
    assert client.delete("/api/calendar/days/2026-12-24/").status_code == 409


# --- GET /api/roster/ and /api/roster/check/ ------------------------------------------------


def test_the_roster_check_states_the_months_it_answers_for(schema):
    month = _parameter(schema, "/api/roster/check/", "get", "month")
    for allowed in ("2000-01", "2026-03", "2100-12"):
        assert _allows(month, allowed), allowed
    for refused in ("", "0000-01", "1999-12", "2101-01", "2026-3", "2026-13"):
        assert not _allows(month, refused), refused


@time_machine.travel(TODAY, tick=False)
def test_the_roster_check_reads_only_the_month_its_schema_allows(clerk):
    client = _client(clerk)
    assert client.get("/api/roster/check/", {"month": "2026-03"}).json()["month"] == 3
    assert client.get("/api/roster/check/").json()["month"] == 12
    for refused in ("", "0000-01", "2026-03\n", " 2026-03", "2026-3"):
        response = client.get("/api/roster/check/", {"month": refused})
        assert _refused(response, "month"), repr(refused)
        assert response.json()["fields"]["month"] == ["Mês inválido: use AAAA-MM."]
    twice = client.get("/api/roster/check/?month=2026-03&month=2026-04")
    assert _refused(twice, "month")


@time_machine.travel(TODAY, tick=False)
def test_the_roster_reads_only_days_its_schema_allows(clerk):
    client = _client(clerk)
    for refused in ("", "20260301", "2026-3-1", "2026-02-30"):
        response = client.get("/api/roster/", {"start": refused})
        assert _refused(response, "start"), repr(refused)
        assert response.json()["fields"]["start"] == ["Data inválida: use AAAA-MM-DD."]
    assert _refused(client.get("/api/roster/", {"end": ""}), "end")
    # Every day `format: date` allows is read, the calendar's last one included.
    for start in ("0001-01-01", "9999-12-31", "2026-12-01"):
        assert client.get("/api/roster/", {"start": start}).status_code == 200, start


# --- GET /api/search/ -----------------------------------------------------------------------


def test_the_search_refuses_what_its_schema_refuses(clerk, schema):
    failed = _parameter(schema, "/api/search/", "get", "failed")
    page = _parameter(schema, "/api/search/", "get", "page")
    assert failed == {"type": "boolean"} and page == {"type": "integer", "minimum": 1}
    client = _client(clerk)
    for name, value in (("failed", "null"), ("failed", ""), ("page", "1.0"), ("page", "")):
        assert _refused(client.get("/api/search/", {name: value}), name), (name, value)
    assert _refused(client.get("/api/search/?failed=true&failed=true"), "failed")
    assert _refused(client.get("/api/search/", {"q": " " * 101}), "q")


def test_the_search_reads_a_boolean_as_it_is_spelled(clerk):
    client = _client(clerk)
    for spelled in ("true", "false", "False", "0", "1", "no"):
        assert client.get("/api/search/", {"failed": spelled}).status_code == 200, spelled
    assert client.get("/api/search/", {"page": "+1"}).status_code == 200


# --- POST /api/tariffs/adjustments/ ---------------------------------------------------------


def test_the_igpm_states_its_decimal_places(schema):
    igpm = _request_property(schema, "AdjustmentInputRequest", "igpm_percent")
    for allowed in ("4.2583", "-3.18", "2", "0.5", "999.9999"):
        assert _allows(igpm, allowed), allowed
    for refused in ("", "-", ".", ".5", "4.25831", "1000", "1e2", " 4.5"):
        assert not _allows(igpm, refused), refused


@time_machine.travel(TODAY, tick=False)
def test_an_igpm_the_schema_refuses_answers_400_naming_it(clerk):
    client = _client(clerk)
    for refused in ("1e2", " 4.5", "1_0", 4.5, "4.25831", ""):
        response = client.post(
            "/api/tariffs/adjustments/", {"year": 2027, "igpm_percent": refused}, format="json"
        )
        assert _refused(response, "igpm_percent"), repr(refused)


# --- Plates ---------------------------------------------------------------------------------


def test_every_plate_a_request_takes_states_the_plate_pattern(schema):
    stated = PLATE_WRITTEN.replace(r"\A", "^").replace(r"\Z", "$")
    plates = {
        name: component["properties"]["plate"]
        for name, component in schema["components"]["schemas"].items()
        if name.endswith("Request") and "plate" in component.get("properties", {})
    }
    assert len(plates) >= 6  # applications, substitutions, complaints, clandestine, …
    assert {name: node.get("pattern") for name, node in plates.items()} == dict.fromkeys(
        plates, stated
    )
    node = next(iter(plates.values()))
    for allowed in ("ABC1234", "ABC-1234", "abc1d23", "ABC 1D23"):
        assert _allows(node, allowed), allowed
    for refused in ("AB1234", "A.B.C1234", " ABC1234", "ABC12345", "ABCD123"):
        assert not _allows(node, refused), refused
    assert re.fullmatch(r"\^.*\$", stated)


@time_machine.travel(TODAY, tick=False)
def test_a_plate_is_read_as_the_schema_writes_it(clerk):
    taxi = AuthorizationFactory()
    Vehicle.objects.filter(pk=taxi.vehicle_id).update(plate="ABC1D23")
    stand = StandFactory(rotating=True)
    keeper = UserFactory(role=Role.CLERK)
    client = _client(keeper)
    for refused in ("A.B.C1D23", " ABC1D23", "ABC1D23 "):
        response = client.post(f"/api/stands/{stand.pk}/line/", {"plate": refused}, format="json")
        assert _refused(response, "plate"), repr(refused)
    arrived = client.post(f"/api/stands/{stand.pk}/line/", {"plate": "abc-1d23"}, format="json")
    assert arrived.status_code == 201, arrived.content


# --- GET /api/calendar/ and /api/tariffs/in-force/ ------------------------------------------


@pytest.mark.parametrize("written", ["", "2026.0", "dois mil", "1999", "2101"])
def test_the_calendar_year_the_schema_refuses_answers_400_naming_it(clerk, schema, written):
    assert not _allows(_parameter(schema, "/api/calendar/", "get", "year"), written)
    assert _refused(_client(clerk).get("/api/calendar/", {"year": written}), "year")


@time_machine.travel(TODAY, tick=False)
def test_the_calendar_year_absent_is_this_year_and_a_stated_one_is_read(clerk):
    client = _client(clerk)
    this_year = client.get("/api/calendar/").json()
    assert this_year and {row["day"][:4] for row in this_year} == {"2026"}
    assert {row["day"][:4] for row in client.get("/api/calendar/", {"year": "2027"}).json()} == {
        "2027"
    }


@pytest.mark.parametrize("written", ["", "20260101", "01/02/2026", "2026-02-30"])
def test_the_tariff_day_the_schema_refuses_answers_400_naming_it(clerk, schema, written):
    on = _parameter(schema, "/api/tariffs/in-force/", "get", "on")
    checker = jsonschema.Draft7Validator.FORMAT_CHECKER  # Draft 4 knows no `date` format
    assert not jsonschema.Draft7Validator(on, format_checker=checker).is_valid(written)
    assert _refused(_client(clerk).get("/api/tariffs/in-force/", {"on": written}), "on")
