"""The case page shows what the request itself says — the fields of its kind — for every
kind without a panel of its own, and the case API for every kind (cases.facts): the mayor
decides a suspension seeing the ground and the days asked (Art. 24), a clerk reads which
auxiliary a request is about (Art. 27)."""

from __future__ import annotations

import datetime as dt
import re

import pytest

from cases.facts import case_facts
from tests.auxiliary.factories import AuxiliaryBindingFactory
from tests.complaint.factories import CONTACT, ComplaintCaseFactory
from tests.factories import SuspensionCaseFactory, ViolationNoticeFactory
from workflows.auxiliary.models import AuxiliaryCase, AuxiliaryPurpose
from workflows.suspension.models import SuspensionGround

pytestmark = pytest.mark.django_db


def _facts(client, user, case) -> dict[str, str]:  # type: ignore[no-untyped-def]
    client.force_login(user)
    response = client.get(f"/processos/{case.pk}/")
    assert response.status_code == 200
    page = response.content.decode()
    panel = re.search(r'data-testid="case-facts">(.*?)</dl>', page, re.S)
    if panel is None:
        return {}
    pairs = re.findall(r"<dt[^>]*>(.*?)</dt><dd>(.*?)</dd>", panel.group(1), re.S)
    return {label: value for label, value in pairs}


def test_a_suspension_shows_its_ground_days_and_account_art24(client, clerk):
    case = SuspensionCaseFactory(
        ground=SuspensionGround.THEFT, requested_days=90, reason="Furtado <b>ontem</b>\nna praça",
        start_on=dt.date(2026, 12, 2), end_on=dt.date(2027, 3, 1),
    )
    facts = _facts(client, clerk, case)
    assert facts["Motivo (Art. 24)"] == "I — Furto ou roubo do veículo"
    assert facts["Dias solicitados"] == "90"
    assert facts["Relato"] == "Furtado &lt;b&gt;ontem&lt;/b&gt;<br>na praça"  # escaped
    assert (facts["Início"], facts["Último dia"]) == ("02/12/2026", "01/03/2027")
    assert "Prorrogação solicitada (dias)" not in facts  # empty: left out


def test_an_auxiliary_request_names_the_auxiliary_and_its_term_art27(client, clerk, driver):
    binding = AuxiliaryBindingFactory(authorization=driver.authorizations.get())
    case = AuxiliaryCase.objects.create(
        number="2026/000777", year=2026, sequence=777, kind=AuxiliaryCase.KIND, state="approved",
        applicant=driver, authorization=binding.authorization, auxiliary=binding.auxiliary,
        binding=binding, purpose=AuxiliaryPurpose.RENEW, valid_until=dt.date(2027, 5, 4),
        opened_at=dt.datetime(2026, 5, 4, 9, tzinfo=dt.UTC),
    )
    facts = _facts(client, clerk, case)
    assert facts["Pedido"] == "Renovação anual do auxiliar (Art. 27 §1)"
    assert facts["Taxista auxiliar"] == binding.auxiliary.name
    assert facts["Vínculo válido até"] == "04/05/2027"
    assert facts["Conta como troca"] == "não"


def test_a_kind_with_its_own_panel_shows_that_panel_only(client, clerk):
    notice = ViolationNoticeFactory()
    assert _facts(client, clerk, notice) == {}


def test_the_case_api_gives_each_fact_as_read_and_as_stored_art24(client, clerk, driver):
    case = SuspensionCaseFactory(
        authorization=driver.authorizations.get(), ground=SuspensionGround.COURT_ORDER,
        requested_days=45, start_on=dt.date(2026, 12, 2),
    )
    for user in (clerk, driver.user):  # the holder reads his own request as staff do
        client.force_login(user)
        detail = client.get(f"/api/cases/{case.pk}/").json()
        facts = {f["field"]: (f["label"], f["value"], f["raw"]) for f in detail["facts"]}
        assert facts["ground"] == (
            "Motivo (Art. 24)", "III — Sentença judicial de perda da posse ou propriedade", "III",
        )
        assert facts["requested_days"] == ("Dias solicitados", "45", 45)
        assert facts["start_on"] == ("Início", "02/12/2026", "2026-12-02")
        assert "end_on" not in facts


def test_a_related_row_is_given_by_name_and_by_id_art27(client, clerk, driver):
    binding = AuxiliaryBindingFactory(authorization=driver.authorizations.get())
    case = AuxiliaryCase.objects.create(
        number="2026/000778", year=2026, sequence=778, kind=AuxiliaryCase.KIND, state="filed",
        applicant=driver, authorization=binding.authorization, auxiliary=binding.auxiliary,
        purpose=AuxiliaryPurpose.RENEW, opened_at=dt.datetime(2026, 5, 4, 9, tzinfo=dt.UTC),
    )
    client.force_login(clerk)
    facts = {f["field"]: f for f in client.get(f"/api/cases/{case.pk}/").json()["facts"]}
    assert (facts["auxiliary"]["value"], facts["auxiliary"]["raw"]) == (
        binding.auxiliary.name, binding.auxiliary.pk,
    )


def test_a_complainants_contact_is_a_fact_for_staff_only_lgpd(clerk):
    complaint = ComplaintCaseFactory()
    assert CONTACT in [f.value for f in case_facts(complaint, staff=True)]
    for_others = {f.field for f in case_facts(complaint, staff=False)}
    assert "passenger_contact" not in for_others and "passenger_name" not in for_others
    assert "account" in for_others  # what happened is no personal data of the passenger
