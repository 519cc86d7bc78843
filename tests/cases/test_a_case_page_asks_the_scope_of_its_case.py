"""A case page's side lists (its notices, its official documents) ask the access policy of
that one case, not of every case the reader sees (issue 25): a commission member's scope is
a sixth of a million cases, and the notices' scope read up to 1,001 of their ids, the
documents' compiled and planned three paths a member with no driver's register has nothing
in, at every page. What each reader gets is the policy's answer all the same (Art. 52: the
commission sees the cases before it, and no other)."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest
import time_machine
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from accounts.roles import Role
from documents.models import OfficialDocument
from documents.selectors import case_documents
from notifications.models import Notification
from notifications.selectors import case_notifications
from registers.validators import format_cpf
from tests.appeal.factories import filed_appeal
from tests.factories import AuthorizationFactory, DriverFactory, SuspensionCaseFactory, UserFactory

pytestmark = pytest.mark.django_db

SP = ZoneInfo("America/Sao_Paulo")
Kind = OfficialDocument.Kind


def _notice(case, subject: str) -> Notification:  # type: ignore[no-untyped-def]
    return Notification.objects.create(
        case=case,
        recipient=case.applicant,
        address="Rua A, 1",
        template="t",
        body="b",
        channel=Notification.Channel.REGISTERED_POST,
        subject=subject,
    )


def _paper(n: int, **links: object) -> OfficialDocument:
    return OfficialDocument.objects.create(
        kind=links.pop("kind", Kind.APPEAL_DECISION),
        number=f"P-{n}",
        year=2026,
        sequence=n,
        verification_code=f"PAGE{n:04d}",
        issued_at=timezone.now(),
        status=OfficialDocument.Status.READY,
        **links,
    )


def test_the_commissions_case_page_asks_the_scope_of_that_case_alone(client, appeal, member):
    _notice(appeal, "Decisão do recurso")
    _paper(1, case=appeal)
    SuspensionCaseFactory()  # a case the commission does not judge
    client.force_login(member)
    with CaptureQueriesContext(connection) as ctx:
        response = client.get(f"/processos/{appeal.pk}/")
    assert response.status_code == 200
    page = response.content.decode()
    assert "Decisão do recurso" in page and "P-1" in page
    # The scope's test, in a WHERE (the case's own row selects the column too).
    scoped = [q["sql"] for q in ctx.captured_queries if '"before_commission" AND' in q["sql"]]
    assert scoped
    # Each statement testing the commission's scope tests it of this case, by its key.
    assert all(f'."id" = {appeal.pk}' in sql for sql in scoped), scoped
    # A member with no driver's register has no paper of his own to unite with the case's.
    papers = [q["sql"] for q in ctx.captured_queries if "documents_officialdocument" in q["sql"]]
    assert papers and not any("UNION" in sql for sql in papers)


def test_the_commission_gets_no_notice_or_paper_of_a_case_it_does_not_judge(member):
    # Art. 52: the commission judges appeals; a suspension is the Executive's alone.
    suspension = SuspensionCaseFactory()
    _notice(suspension, "Aviso de suspensão")
    _paper(2, case=suspension, kind=Kind.REGISTERED_LETTER)
    assert case_notifications(member, suspension.pk) == []
    assert case_documents(member, suspension) == []
    clerk = UserFactory(role=Role.CLERK)
    assert [n.subject for n in case_notifications(clerk, suspension.pk)] == ["Aviso de suspensão"]
    assert [d.number for d in case_documents(clerk, suspension)] == ["P-2"]


def test_a_notice_asked_of_one_case_is_that_cases_only(appeal, member):
    _notice(appeal, "Do recurso")
    with time_machine.travel(dt.datetime(2026, 4, 20, 10, tzinfo=SP), tick=False):
        other = filed_appeal()
    _notice(other, "De outro recurso")
    of_appeal = set(Notification.objects.filter(case=appeal).values_list("pk", flat=True))
    assert {n.pk for n in case_notifications(member, appeal.pk)} == of_appeal
    assert "Do recurso" in {n.subject for n in case_notifications(member, appeal.pk)}
    # A driver, the notices of that case addressed to him (accounts.policy: the addressee's).
    driver = appeal.applicant.user
    addressed = Notification.objects.filter(case=appeal, recipient__user=driver)
    his = set(addressed.values_list("pk", flat=True))
    assert his and {n.pk for n in case_notifications(driver, appeal.pk)} == his
    assert not {n.pk for n in case_notifications(driver, other.pk)} & his


def test_a_member_with_no_register_sees_no_termo_or_identification_in_a_case(appeal, member):
    holder = appeal.applicant
    _paper(3, case=appeal)
    _paper(
        4,
        case=appeal,
        kind=Kind.AUTHORIZATION_TERM,
        context={"holder": {"cpf": format_cpf(holder.cpf)}},
    )
    _paper(5, case=appeal, kind=Kind.DRIVER_CARD, driver=holder)
    assert [d.number for d in case_documents(member, appeal)] == ["P-3"]


def test_a_member_who_is_also_a_driver_still_opens_his_own_termo(appeal, member):
    # His register makes the Termo made out to him his own, whatever his other role.
    own = AuthorizationFactory(holder=DriverFactory(user=member))
    _paper(
        6,
        kind=Kind.AUTHORIZATION_TERM,
        authorization=own,
        case=appeal,
        context={"holder": {"cpf": format_cpf(own.holder.cpf)}},
    )
    _paper(7, case=appeal)
    assert [d.number for d in case_documents(member, appeal)] == ["P-6", "P-7"]
