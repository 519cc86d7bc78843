"""The fiscal agent signs the Auto de Infração he issues (Art. 47 VI: the notice names its
agent; Lei 14.063/2020 art. 4º II), in the step that issues it: his signature, then the
municipality's seal, both valid; a wrong password issues nothing."""

from __future__ import annotations

import pytest
import time_machine

from cases.errors import NotPermitted
from cases.models import AuditEvent
from documents.models import OfficialDocument
from registers.models import VrteValue
from tests.documents.helpers import pdf_text
from tests.documents.paper import (
    ISSUED_AT,
    OCCURRED_AT,
    VRTE_2026,
    fiscal_agent,
    render_pending,
    taxi,
)
from tests.documents.signed_acts import PASSWORD, checked, content, one_byte_changed
from workflows.violation.models import ViolationNotice
from workflows.violation.services import violation_notices_issue_for_conductor

pytestmark = pytest.mark.django_db

Kind = OfficialDocument.Kind


def _issue(agent, authorization, *, password: str, items=("XIII",)) -> list[ViolationNotice]:
    VrteValue.objects.get_or_create(year=2026, defaults={"value": VRTE_2026, "source": "SEFAZ"})
    with time_machine.travel(ISSUED_AT, tick=False):
        return violation_notices_issue_for_conductor(
            agent=agent,
            authorization=authorization,
            items=list(items),
            conductor="holder",
            occurred_at=OCCURRED_AT,
            place="Rodoviária, plataforma 2",
            password=password,
        )


def test_the_agent_signs_each_notice_he_issues_art_47_vi_and_art_51():
    agent = fiscal_agent()
    notices = _issue(agent, taxi(), password=PASSWORD, items=("XIII", "IV"))
    render_pending()

    for notice in notices:
        document = OfficialDocument.objects.get(case=notice, kind=Kind.VIOLATION_NOTICE)
        pdf = content(document)
        his, seal = checked(pdf).signatures
        assert document.signed_by == agent
        assert his.signer == "Roberto Alves (TESTE — SEM VALIDADE)"
        assert his.ok and his.intact and his.trusted
        assert seal.signer.startswith("MUNICIPIO DE MANTENOPOLIS") and seal.ok
        assert "Assinado eletronicamente por Roberto Alves" in pdf_text(document)
        altered = checked(one_byte_changed(pdf))
        assert altered.altered and not altered.all_ok
        signed = AuditEvent.objects.get(case=notice, transition="document_signed")
        assert signed.actor == agent
        assert signed.note.startswith("Assinado por Roberto Alves: Auto de Infração")


def test_a_wrong_password_issues_no_notice_art_47():
    with pytest.raises(NotPermitted):
        _issue(fiscal_agent(), taxi(), password="errada")

    assert not ViolationNotice.objects.exists()
    assert not OfficialDocument.objects.exists()


def test_the_agent_page_asks_the_password_and_signs_with_it_art_47(client):
    agent = fiscal_agent()
    authorization = taxi()
    VrteValue.objects.get_or_create(year=2026, defaults={"value": VRTE_2026, "source": "SEFAZ"})
    client.force_login(agent)
    form = {
        "authorization": authorization.pk,
        "items": ["XIII"],
        "conductor": "holder",
        "place": "Rodoviária",
        "occurred_at": "2026-05-02T09:30",
    }
    with time_machine.travel(ISSUED_AT, tick=False):
        page = client.get("/fiscalizacao/autos/novo/", {"q": "MTP4B21"}).content.decode()
        wrong = client.post("/fiscalizacao/autos/novo/", {**form, "password": "errada"})
        right = client.post("/fiscalizacao/autos/novo/", {**form, "password": PASSWORD})

    assert 'name="password"' in page
    assert wrong.status_code == 403 and "Senha ou código incorreto" in wrong.content.decode()
    assert right.status_code == 302
    [notice] = ViolationNotice.objects.all()
    document = OfficialDocument.objects.get(case=notice, kind=Kind.VIOLATION_NOTICE)
    assert document.signed_by == agent
