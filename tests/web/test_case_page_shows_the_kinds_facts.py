"""The case page shows what the request itself says — the fields of its kind — for every
kind without a panel of its own: the mayor decides a suspension seeing the ground and the
days asked (Art. 24), a clerk reads which auxiliary a request is about (Art. 27)."""

from __future__ import annotations

import datetime as dt
import re

import pytest

from tests.auxiliary.factories import AuxiliaryBindingFactory
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
