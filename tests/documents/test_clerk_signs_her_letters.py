"""The clerk signs the letters she sends (Art. 46: the registered letter with AR and, in the
same envelope, the Notificação de Multa; Art. 59 §2: the revocation's notice), in the step
that sends them; a wrong password sends nothing."""

from __future__ import annotations

import pytest
import time_machine

from accounts.roles import Role
from cases.errors import NotPermitted
from cases.models import AuditEvent
from cases.services.transitions import case_act
from documents.models import OfficialDocument
from registers.models import VrteValue
from tests.documents.paper import (
    ISSUED_AT,
    OCCURRED_AT,
    VRTE_2026,
    fiscal_agent,
    render_pending,
    taxi,
)
from tests.documents.signed_acts import PASSWORD, checked, content, one_byte_changed
from tests.factories import UserFactory
from workflows.violation.models import ViolationNotice, ViolationState
from workflows.violation.services import violation_notice_issue

pytestmark = pytest.mark.django_db

Kind = OfficialDocument.Kind


@pytest.fixture
def issued() -> ViolationNotice:
    VrteValue.objects.get_or_create(year=2026, defaults={"value": VRTE_2026, "source": "SEFAZ"})
    with time_machine.travel(ISSUED_AT, tick=False):
        return violation_notice_issue(
            agent=fiscal_agent(),
            authorization=taxi(),
            item="XIII",
            occurred_at=OCCURRED_AT,
            place="Rodoviária",
            password=PASSWORD,
        )


@pytest.fixture
def clerk():
    return UserFactory(role=Role.CLERK, first_name="Ana Paula", last_name="Mendes")


def test_the_clerk_signs_the_letter_and_the_fine_notification_she_sends_art_46(issued, clerk):
    with time_machine.travel(ISSUED_AT, tick=False):
        case_act(case=issued, action="send_notice", actor=clerk, password=PASSWORD)
    render_pending()

    for kind in (Kind.REGISTERED_LETTER, Kind.FINE_NOTIFICATION):
        document = OfficialDocument.objects.get(case=issued, kind=kind)
        pdf = content(document)
        hers, seal = checked(pdf).signatures
        assert document.signed_by == clerk, kind
        assert hers.signer == "Ana Paula Mendes (TESTE — SEM VALIDADE)", kind
        assert hers.ok and hers.trusted and hers.intact and seal.ok, kind
        assert checked(one_byte_changed(pdf)).altered, kind
    notes = AuditEvent.objects.filter(
        case=issued, transition="document_signed", actor=clerk
    ).values_list("note", flat=True)
    assert len(notes) == 2 and all(n.startswith("Assinado por Ana Paula Mendes") for n in notes)


def test_a_wrong_password_sends_no_letter_art_46(issued, clerk):
    with pytest.raises(NotPermitted):
        case_act(case=issued, action="send_notice", actor=clerk, password="errada")

    issued.refresh_from_db()
    assert issued.state == ViolationState.ISSUED
    assert not OfficialDocument.objects.filter(case=issued, kind=Kind.REGISTERED_LETTER).exists()


def test_the_case_page_asks_her_password_to_send_the_notice_art_46(client, issued, clerk):
    client.force_login(clerk)
    page = client.get(f"/processos/{issued.pk}/").content.decode()
    answer = client.post(
        f"/processos/{issued.pk}/acao/send_notice/", {"password": PASSWORD}, follow=True
    )

    assert 'type="password"' in page
    assert answer.status_code == 200
    letter = OfficialDocument.objects.get(case=issued, kind=Kind.REGISTERED_LETTER)
    assert letter.signed_by == clerk


def test_the_clerk_signs_the_revocation_notice_art_59_par_2(clerk, authorization):
    from tests.revocation.test_revocation_process import _system_opened

    case = _system_opened(authorization)
    case_act(case=case, action="send_notice", actor=clerk, password=PASSWORD)
    render_pending()

    letter = OfficialDocument.objects.get(case=case, kind=Kind.REGISTERED_LETTER)
    hers, seal = checked(content(letter)).signatures
    assert letter.signed_by == clerk and hers.ok and seal.ok
