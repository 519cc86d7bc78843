"""A model serializer's fields are built once per class and copied for each instance
(core.serializers.FieldsBuiltOnce): each instance still gets fields of its own, bound to
it, and writes its own object."""

from __future__ import annotations

import pytest

from cases.api import CaseDetailOutput, CaseOutput
from tests.factories import SuspensionCaseFactory

pytestmark = pytest.mark.django_db


def test_each_instance_has_its_own_fields_bound_to_it():
    first, second = CaseOutput(), CaseOutput()
    assert first.fields["number"] is not second.fields["number"]
    assert first.fields["number"].parent is first
    assert second.fields["number"].parent is second
    # A subclass builds its own: the detail's fields are not the list's.
    assert "events" in CaseDetailOutput().fields and "events" not in CaseOutput().fields


def test_two_cases_serialize_as_themselves(rf, clerk):
    one, other = SuspensionCaseFactory(), SuspensionCaseFactory()
    request = rf.get("/")
    request.user = clerk
    a = CaseDetailOutput(one, context={"request": request}).data
    b = CaseDetailOutput(other, context={"request": request}).data
    assert (a["number"], a["applicant_name"]) == (one.number, one.applicant.name)
    assert (b["number"], b["applicant_name"]) == (other.number, other.applicant.name)
