"""An act that issues a document signed by its actor is taken only with his confirmation
(Lei 14.063/2020 arts. 4º II and 5º; issue 21): "the act and the signature are one step".
Left blank, the act is refused — 400 with a clear message in the API, a form error on the
page — and nothing is written; the worker's own acts, with no person behind them, keep the
municipality's seal only."""

from __future__ import annotations

import pytest

from accounts.roles import Role
from cases.errors import RuleViolation
from cases.models import AuditEvent
from cases.services.transitions import case_act
from documents.models import OfficialDocument, SigningKey
from notifications.models import Notification
from tests.factories import PASSWORD, UserFactory, ViolationNoticeFactory
from workflows.application.models import ApplicationCase

pytestmark = pytest.mark.django_db

REQUIRED = "Confirme o ato com a sua senha ou com o código do seu segundo fator"


def _nothing_written(case: ApplicationCase, before: str) -> None:
    fresh = ApplicationCase.objects.get(pk=case.pk)
    assert fresh.state == before and fresh.authorization_id is None
    assert not OfficialDocument.objects.filter(case=case).exists()
    assert not AuditEvent.objects.filter(case=case, transition="homologate").exists()
    assert not SigningKey.objects.exists()


def test_a_homologation_without_the_mayors_password_is_refused_art_22(
    awaiting_homologation, mayor_user
):
    with pytest.raises(RuleViolation) as refused:
        case_act(case=awaiting_homologation, action="homologate", actor=mayor_user, password="")

    assert refused.value.code == "confirmation_required"
    _nothing_written(awaiting_homologation, awaiting_homologation.state)


def test_the_api_answers_400_with_the_reason_when_the_confirmation_is_blank(
    api, awaiting_homologation, mayor_user
):
    url = f"/api/cases/{awaiting_homologation.pk}/actions/homologate/"

    missing = api(mayor_user).post(url, {}, format="json")
    blank = api(mayor_user).post(url, {"password": ""}, format="json")

    for response in (missing, blank):
        assert response.status_code == 400
        assert REQUIRED in response.json()["detail"]
    _nothing_written(awaiting_homologation, awaiting_homologation.state)


def test_the_api_answers_in_english_too(api, awaiting_homologation, mayor_user):
    response = api(mayor_user).post(
        f"/api/cases/{awaiting_homologation.pk}/actions/homologate/",
        {"password": ""},
        format="json",
        HTTP_ACCEPT_LANGUAGE="en",
    )

    assert response.status_code == 400
    assert "Confirm the act with your password" in response.json()["detail"]


def test_the_page_shows_a_form_error_and_takes_no_act(client, awaiting_homologation, mayor_user):
    client.force_login(mayor_user)

    page = client.post(
        f"/processos/{awaiting_homologation.pk}/acao/homologate/",
        {"password": ""},
        follow=True,
    ).content.decode()

    assert REQUIRED in page
    _nothing_written(awaiting_homologation, awaiting_homologation.state)


def test_the_clerks_letter_is_not_sent_unsigned_art_46():
    clerk = UserFactory(role=Role.CLERK)
    notice = ViolationNoticeFactory()

    with pytest.raises(RuleViolation):
        case_act(case=notice, action="send_notice", actor=clerk, password="")

    notice.refresh_from_db()
    assert notice.state == "issued"
    assert not Notification.objects.filter(case=notice).exists()
    assert not OfficialDocument.objects.filter(case=notice).exists()


def test_with_his_password_the_act_is_taken_and_signed_art_22(awaiting_homologation, mayor_user):
    case_act(case=awaiting_homologation, action="homologate", actor=mayor_user, password=PASSWORD)

    term = OfficialDocument.objects.get(
        case=awaiting_homologation, kind=OfficialDocument.Kind.AUTHORIZATION_TERM
    )
    assert term.signed_by == mayor_user
