"""The person who acted signs the document of his act (Lei 14.063/2020 arts. 4º II and 5º):
his own key, opened only with his password, in the act's step; the seal comes after and
both signatures validate."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from cases.errors import NotPermitted
from cases.models import AuditEvent
from cases.services.transitions import case_act
from documents.models import OfficialDocument, SigningKey
from documents.signing.keys import signing_keys_revoke_inactive
from documents.signing.pades import document_roots, pdf_check
from tests.documents.helpers import pdf_text
from tests.documents.paper import appeal_denied, render_pending
from workflows.application.models import ApplicationCase

pytestmark = pytest.mark.django_db

PASSWORD = "senha-de-teste-123"  # tests.factories.UserFactory's
Kind = OfficialDocument.Kind


def _content(document: OfficialDocument) -> bytes:
    with document.file.open("rb") as handle:
        return handle.read()


def test_mayor_signs_the_termo_with_the_homologation_art_22(awaiting_homologation, mayor_user):
    case_act(case=awaiting_homologation, action="homologate", actor=mayor_user, password=PASSWORD)
    render_pending()

    term = OfficialDocument.objects.get(case=awaiting_homologation, kind=Kind.AUTHORIZATION_TERM)
    check = pdf_check(_content(term), roots=document_roots())
    mayor_sig, seal = check.signatures
    assert term.signed_by == mayor_user and term.signature == OfficialDocument.Signature.SIGNED
    assert mayor_sig.signer == "Joana Prefeita (TESTE — SEM VALIDADE)"
    assert mayor_sig.ok and mayor_sig.trusted and mayor_sig.intact
    assert seal.signer.startswith("MUNICIPIO DE MANTENOPOLIS") and seal.ok
    assert "Assinado eletronicamente por Joana Prefeita" in pdf_text(term)
    events = AuditEvent.objects.filter(case=awaiting_homologation).values_list(
        "transition", flat=True
    )
    assert "document_signed" in list(events)
    key = SigningKey.objects.get(user=mayor_user)
    assert key.revoked_at is None and PASSWORD.encode() not in bytes(key.pkcs12)


def test_wrong_password_refuses_the_homologation_and_writes_nothing(
    awaiting_homologation, mayor_user
):
    with pytest.raises(NotPermitted):
        case_act(
            case=awaiting_homologation, action="homologate", actor=mayor_user, password="errada"
        )

    case = ApplicationCase.objects.get(pk=awaiting_homologation.pk)
    assert case.state == awaiting_homologation.state
    assert case.authorization_id is None
    assert not OfficialDocument.objects.filter(case=case).exists()
    assert not SigningKey.objects.exists()


def test_the_key_is_made_once_renewed_after_a_password_change_and_revoked_on_deactivation(
    mayor_user,
):
    from documents.services import document_issue
    from documents.signing.keys import document_sign_by

    def sign() -> None:
        letter = document_issue(
            kind=Kind.REGISTERED_LETTER, context={"recipient": {"name": "A"}, "body": "x"}
        )
        document_sign_by(document=letter, actor=mayor_user, password=password)

    password = PASSWORD
    sign()
    sign()
    assert SigningKey.objects.filter(user=mayor_user).count() == 1
    password = "outra-senha-longa-9"
    mayor_user.set_password(password)
    mayor_user.save()
    sign()
    keys = list(SigningKey.objects.filter(user=mayor_user).order_by("pk"))
    assert [k.revoked_reason for k in keys] == ["senha alterada: renovada", ""]

    mayor_user.is_active = False
    mayor_user.save()
    assert signing_keys_revoke_inactive(now=timezone.now() + dt.timedelta(seconds=1)) == 1
    assert not SigningKey.objects.filter(user=mayor_user, revoked_at__isnull=True).exists()


def test_commission_member_whose_vote_decides_signs_the_decision_art_52():
    appeal = appeal_denied()
    render_pending()
    deciding = appeal.votes.get(seat="III").member

    decision = OfficialDocument.objects.get(case=appeal, kind=Kind.APPEAL_DECISION)
    check = pdf_check(_content(decision), roots=document_roots())
    assert decision.signed_by == deciding
    assert [s.ok for s in check.signatures] == [True, True]
    assert check.signatures[0].signer.startswith(deciding.signature_name()[:20])


def test_mayor_signs_the_revocation_decision_letter_art_59_par_3(mayor, clerk, authorization):
    import time_machine

    from cases.services.deadlines import deadlines_sweep
    from notifications.models import Notification
    from tests.revocation.test_revocation_process import _notified, _system_opened

    with time_machine.travel(dt.datetime(2026, 4, 13, 10, tzinfo=dt.UTC), tick=False):
        case = _notified(_system_opened(authorization), clerk)
    with time_machine.travel(dt.datetime(2026, 5, 7, 13, tzinfo=dt.UTC), tick=False):
        deadlines_sweep(today=dt.date(2026, 5, 7))
        case_act(
            case=case, action="revoke", actor=mayor, note="Idade comprovada.", password=PASSWORD
        )
    render_pending()

    letter = Notification.objects.get(
        case=case, template="revocation_decided", channel=Notification.Channel.REGISTERED_POST
    ).letter
    letter.refresh_from_db()
    check = pdf_check(_content(letter), roots=document_roots())
    assert letter.signed_by == mayor
    assert [s.ok for s in check.signatures] == [True, True]


def test_the_homologation_page_asks_the_password_and_signs_with_it_art_22(
    client, awaiting_homologation, mayor_user
):
    client.force_login(mayor_user)
    page = client.get(f"/processos/{awaiting_homologation.pk}/").content.decode()
    assert 'name="password"' in page and 'type="password"' in page

    wrong = client.post(
        f"/processos/{awaiting_homologation.pk}/acao/homologate/",
        {"password": "errada"},
        follow=True,
    )
    assert "Senha ou código incorreto" in wrong.content.decode()
    assert not OfficialDocument.objects.filter(case=awaiting_homologation).exists()

    right = client.post(
        f"/processos/{awaiting_homologation.pk}/acao/homologate/", {"password": PASSWORD}
    )

    assert right.status_code == 302
    term = OfficialDocument.objects.get(case=awaiting_homologation, kind=Kind.AUTHORIZATION_TERM)
    assert term.signed_by == mayor_user
