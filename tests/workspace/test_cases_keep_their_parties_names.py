"""Each case keeps the search keys of its parties' names (`Case.applicant_key`,
`Case.holder_key`; issue 25), written by the database (workspace migration 0006) however a
row is written: a broad search tests them on the case's row instead of reading the
driver's and the Termo's rows for each case it walks, so they must follow every rename and
every change of a Termo's holder."""

from __future__ import annotations

import pytest
from django.db import connection

from accounts.roles import Role
from cases.models import Case
from registers.models import Authorization, Driver
from tests.factories import AuthorizationFactory, DriverFactory, SuspensionCaseFactory, UserFactory
from workspace import search as search_module
from workspace.search import CaseFilter, search

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="kept by PostgreSQL's triggers"
    ),
]


def _keys(case: Case) -> tuple[str, str]:
    return Case.objects.values_list("applicant_key", "holder_key").get(pk=case.pk)


def test_a_case_keeps_its_applicants_name_and_another_holders():
    termo = AuthorizationFactory(holder__name="Zé da Silva")
    own = SuspensionCaseFactory(authorization=termo, applicant=termo.holder)
    other = SuspensionCaseFactory(
        authorization=termo, applicant=DriverFactory(name="Ana Lúcia Souza")
    )
    orphan = SuspensionCaseFactory(authorization=termo, applicant=None)

    # The holder is kept only when he is not the applicant, whose key says his name.
    assert _keys(own) == ("ze da silva", "")
    assert _keys(other) == ("ana lucia souza", "ze da silva")
    assert _keys(orphan) == ("", "ze da silva")


def test_renaming_a_driver_rewrites_the_cases_that_name_him():
    termo = AuthorizationFactory(holder__name="Zé da Silva")
    own = SuspensionCaseFactory(authorization=termo, applicant=termo.holder)
    other = SuspensionCaseFactory(authorization=termo, applicant=DriverFactory(name="Ana"))

    holder = Driver.objects.get(pk=termo.holder_id)
    holder.name = "José Silva Neto"
    holder.save()

    assert _keys(own) == ("jose silva neto", "")
    assert _keys(other) == ("ana", "jose silva neto")


def test_a_termo_handed_to_another_holder_rewrites_its_cases():
    termo = AuthorizationFactory(holder__name="Zé da Silva")
    filed = SuspensionCaseFactory(authorization=termo, applicant=termo.holder)
    heir = DriverFactory(name="Maria das Dores")

    # Written as a bulk update does (no model's save): the database keeps the keys still.
    Authorization.objects.filter(pk=termo.pk).update(holder=heir)

    assert _keys(filed) == ("ze da silva", "maria das dores")


def test_what_django_writes_in_the_keys_is_replaced():
    case = SuspensionCaseFactory(applicant=DriverFactory(name="Ana"))
    Case.objects.filter(pk=case.pk).update(applicant_key="someone else", holder_key="x")
    assert _keys(case)[0] == "ana"

    case.refresh_from_db()
    case.applicant = DriverFactory(name="Bia")
    case.save()
    assert _keys(case)[0] == "bia"


def test_a_broad_search_finds_a_driver_by_his_new_name(monkeypatch):
    clerk = UserFactory(role=Role.CLERK)
    case = SuspensionCaseFactory(applicant=DriverFactory(name="Zé da Silva"))
    Driver.objects.filter(pk=case.applicant_id).update(name="Joaquim Nabuco")
    monkeypatch.setattr(search_module, "FEW", 0)  # every search walks

    def found(q: str) -> list[str]:
        page = search(user=clerk, filters=CaseFilter(q=q, status="all"), page=1, per_page=50)
        return [c.number for c in page.page.rows]

    assert found("nabuco") == [case.number]
    assert found("silva") == []
