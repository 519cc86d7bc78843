"""Issue 19, "One bound for every date with legal meaning": the dates a case's actions ask
for (`ActionField`, posted to `/api/cases/<id>/actions/<action>/`, which the OpenAPI
schema does not list field by field) are generated from the workflow table. Every date
input that declares a fact of its case (`ActionField.after`: a clandestine record's
payment not before the record, Art. 62 §3; the referral to the police not before the
facts, Art. 62 IV) is posted the day before that fact: 400 naming the field, nothing
written. A kind that declares such an input needs a sample case in SAMPLES.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterator
from decimal import Decimal

import pytest
from rest_framework.test import APIClient

from accounts.roles import Role
from accounts.services import user_grant_role
from cases.errors import RuleViolation
from cases.models import Case
from cases.workflow import ActionField, Edge, Workflow, all_workflows
from core.dates import fact_day_of
from tests.clandestine.factories import ClandestineCaseFactory
from tests.factories import UserFactory
from tests.hardening.test_schema_dates_are_bounded import _rows
from workflows.clandestine.services import (
    clandestine_record_payment,
    clandestine_record_police_referral,
)

pytestmark = pytest.mark.django_db

# A case of each kind whose actions' dates are bound to one of its facts, with the facts set.
SAMPLES: dict[str, Callable[[], Case]] = {
    "clandestine": lambda: ClandestineCaseFactory(held=True, costs_recorded=True),
}


def _bound_inputs() -> Iterator[tuple[Workflow, Edge, ActionField]]:
    for workflow in all_workflows():
        for edge in workflow.edges:
            for spec in edge.inputs:
                if spec.kind in ("date", "datetime") and spec.after:
                    yield workflow, edge, spec


def _day_before(case: Case, spec: ActionField) -> str:
    day = fact_day_of(case, spec.after)
    assert day is not None, f"{case.kind}: the sample has no {spec.after}; give it one"
    before = (day - dt.timedelta(days=1)).isoformat()
    return f"{before}T12:00" if spec.kind == "datetime" else before


def test_art_62_every_action_date_bound_to_a_fact_refuses_the_day_before_it():
    clerk = UserFactory(role=Role.CLERK)
    user_grant_role(user=clerk, role=Role.FISCAL_AGENT)
    client = APIClient()
    client.force_authenticate(clerk)
    inputs = list(_bound_inputs())
    assert {(edge.name, spec.name) for _, edge, spec in inputs} >= {
        ("record_payment", "paid_on"),
        ("record_police_referral", "referred_on"),
    }

    accepted = []
    for workflow, edge, spec in inputs:
        assert workflow.kind in SAMPLES, f"give SAMPLES a {workflow.kind} case"
        case = SAMPLES[workflow.kind]()
        before = _rows()
        response = client.post(
            f"/api/cases/{case.pk}/actions/{edge.name}/",
            {spec.name: _day_before(case, spec)},
            format="json",
        )
        body = response.json()
        if response.status_code != 400 or spec.name not in body.get("fields", {}):
            accepted.append(f"{edge.name} {spec.name}: {response.status_code} {str(body)[:200]}")
        assert _rows() == before, f"{edge.name} {spec.name} wrote something"
    assert accepted == [], "\n".join(accepted)


def test_art_62_the_services_refuse_them_too_for_the_pages():
    """The page's form posts to the same services: they check the fact themselves."""
    case = ClandestineCaseFactory(held=True, costs_recorded=True)
    clerk = UserFactory(role=Role.CLERK)
    the_day_before = case.noticed_on - dt.timedelta(days=1)

    with pytest.raises(RuleViolation) as paid:
        clandestine_record_payment(
            case=case, actor=clerk, amount=Decimal("10.00"), paid_on=the_day_before
        )
    with pytest.raises(RuleViolation) as referred:
        clandestine_record_police_referral(
            case=case, actor=clerk, police_station="DP Mantenópolis", referred_on=the_day_before
        )

    assert "paid_on" in paid.value.fields and "referred_on" in referred.value.fields
    assert not case.payments.exists()
