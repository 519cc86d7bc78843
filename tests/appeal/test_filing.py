"""Arts. 63 and 64: who may appeal, until when, and what the appeal must contain."""

from __future__ import annotations

import datetime as dt

import pytest

from accounts.roles import Role
from cases.errors import NotPermitted, RuleViolation, StateConflict
from cases.models import AuditEvent, Case, Deadline, Document
from notifications.models import Notification
from tests.appeal.factories import auxiliary_of, filed_appeal, notified_notice, pdf
from tests.factories import AuthorizationFactory, DriverFactory, UserFactory
from workflows.appeal.models import AppealCase, AppealState, Diligence, FilerKind
from workflows.appeal.services import WitnessInput, appeal_file
from workflows.violation.models import ViolationNotice, ViolationState

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_20_april_2026")]


@pytest.fixture(autouse=True)
def _first_offence_fined(settings):
    """These notices are about a fine's clocks: the first group 1-2 infraction is fined
    with its warning (Art. 59 I-II, FIRST_OFFENCE_WARNING=as_well); under `instead` it has
    no fine and no payment clock (tests/violation/test_warning_is_not_a_fine_art59_i.py)."""
    settings.FIRST_OFFENCE_WARNING = "as_well"


def _clocks(notice):
    return dict(Deadline.objects.filter(case=notice).values_list("kind", "state"))


def _nothing_written(notice, *, cases_before, events_before):
    notice.refresh_from_db()
    assert notice.state == ViolationState.NOTIFIED
    assert not AppealCase.objects.exists()
    assert Case.objects.count() == cases_before
    assert AuditEvent.objects.count() == events_before
    assert not Document.objects.exists()
    assert _clocks(notice)["violation.payment"] == Deadline.State.PENDING
    assert _clocks(notice)["violation.appeal_window"] == Deadline.State.PENDING


def test_an_appeal_in_time_suspends_the_penalty_and_stops_its_clocks_art63_p1():
    # given a notice notified on 2 April 2026 (window until 20 May)
    notice = notified_notice()
    holder = notice.applicant
    # when its holder appeals through the portal on 20 April, asking for two diligences
    appeal = filed_appeal(
        notice,
        diligences=["Ouvir o agente autuante sobre a posição da tabela.", "  "],
        witnesses=[
            WitnessInput("Beltrano", "passageiro, RG 123"),
            WitnessInput("Sicrano", "taxista, CPF 000"),
        ],
        documents=[pdf("foto.pdf")],
    )
    # then the appeal waits for the commission, and the notice's penalty is suspended
    appeal.refresh_from_db()
    assert (appeal.state, appeal.filer_kind, appeal.applicant, appeal.filed_on) == (
        AppealState.REVIEW,
        FilerKind.DRIVER,
        holder,
        dt.date(2026, 4, 20),
    )
    assert appeal.authorization == notice.authorization and appeal.notice == notice
    notice.refresh_from_db()
    assert notice.state == ViolationState.APPEALED
    assert _clocks(notice) == {
        "violation.notification_limit": Deadline.State.CANCELLED,
        "violation.payment": Deadline.State.CANCELLED,
        "violation.appeal_window": Deadline.State.CANCELLED,
    }
    assert list(appeal.witnesses.values_list("position", "name")) == [
        (1, "Beltrano"),
        (2, "Sicrano"),
    ]
    assert list(appeal.diligences.values_list("number", "origin", "status")) == [
        (1, Diligence.Origin.REQUESTED, Diligence.Status.REQUESTED)
    ]
    assert list(appeal.documents.values_list("item", "original_name")) == [("evidence", "foto.pdf")]
    assert list(AuditEvent.objects.filter(case=appeal).values_list("transition", "article")) == [
        ("open", "Art. 63"),
        ("document_attached", ""),
    ]
    assert AuditEvent.objects.filter(case=notice).last().transition == "appeal"
    mail = Notification.objects.get(case=appeal)
    assert mail.template == "appeal_filed" and "Art. 63 §1" in mail.body


def test_a_late_appeal_is_refused_with_the_day_the_window_closed_and_nothing_written_art63():
    # given a notice notified on 2 March 2026: 30 business days end on 15 April 2026
    notice = notified_notice(received_on=dt.date(2026, 3, 2))
    cases_before, events_before = Case.objects.count(), AuditEvent.objects.count()
    # when its holder appeals on 20 April
    with pytest.raises(RuleViolation) as refused:
        filed_appeal(notice, documents=[pdf()])
    # then the refusal names the day the window closed, and nothing is written
    assert refused.value.code == "appeal_late"
    assert refused.value.article == "Art. 63"
    assert "15/04/2026" in str(refused.value.message)
    _nothing_written(notice, cases_before=cases_before, events_before=events_before)


def test_an_attorney_without_a_specific_mandate_is_refused_art63_p2(clerk):
    notice = notified_notice()
    cases_before, events_before = Case.objects.count(), AuditEvent.objects.count()
    with pytest.raises(RuleViolation) as refused:
        filed_appeal(
            notice,
            actor=clerk,
            filer_kind=FilerKind.ATTORNEY,
            attorney_name="Dra. Ana Souza",
            attorney_document="OAB/ES 12.345",
        )
    assert (refused.value.code, refused.value.article) == ("mandate_required", "Art. 63 §2")
    _nothing_written(notice, cases_before=cases_before, events_before=events_before)


def test_an_attorney_with_a_specific_mandate_files_at_the_counter_art63_p2(clerk):
    notice = notified_notice()
    appeal = filed_appeal(
        notice,
        actor=clerk,
        filer_kind=FilerKind.ATTORNEY,
        attorney_name="Dra. Ana Souza",
        attorney_document="OAB/ES 12.345",
        mandate=pdf("procuracao.pdf"),
    )
    assert (appeal.filer_kind, appeal.applicant, appeal.filed_by) == (
        FilerKind.ATTORNEY,
        notice.applicant,
        clerk,
    )
    assert list(appeal.documents.values_list("item", flat=True)) == ["mandate"]
    assert ViolationNotice.objects.get(pk=notice.pk).state == ViolationState.APPEALED


def test_four_witnesses_are_refused_art64_p1():
    notice = notified_notice()
    cases_before, events_before = Case.objects.count(), AuditEvent.objects.count()
    with pytest.raises(RuleViolation) as refused:
        filed_appeal(notice, witnesses=[WitnessInput(f"T{n}", "vizinho") for n in range(4)])
    assert (refused.value.code, refused.value.article) == ("too_many_witnesses", "Art. 64 §1")
    assert "4" in str(refused.value.message)
    _nothing_written(notice, cases_before=cases_before, events_before=events_before)


@pytest.mark.parametrize(
    ("field", "article"), [("qualification", "Art. 64 I"), ("facts_and_law", "Art. 64 II")]
)
def test_the_qualification_and_the_reasons_are_required_art64(field, article):
    notice = notified_notice()
    with pytest.raises(RuleViolation) as refused:
        filed_appeal(notice, **{field: "   "})
    assert refused.value.article == article
    assert not AppealCase.objects.exists()


def test_a_witness_must_be_qualified_art64_p1():
    with pytest.raises(RuleViolation) as refused:
        filed_appeal(witnesses=[WitnessInput("Beltrano", "")])
    assert refused.value.article == "Art. 64 §1"


def test_the_auxiliary_booked_on_the_notice_may_appeal_art63_p2():
    authorization = AuthorizationFactory()
    auxiliary = auxiliary_of(authorization)
    notice = notified_notice(authorization=authorization, offender=auxiliary)
    appeal = filed_appeal(notice, actor=auxiliary.user)
    assert (appeal.filer_kind, appeal.applicant) == (FilerKind.AUXILIARY, auxiliary)


def test_someone_the_notice_does_not_name_may_not_appeal_art63_p2():
    notice = notified_notice()
    with pytest.raises(NotPermitted):
        filed_appeal(notice, actor=DriverFactory().user)
    with pytest.raises(NotPermitted):
        filed_appeal(notice, actor=UserFactory(role=Role.COMMISSION_MEMBER))
    assert not AppealCase.objects.exists()


def test_a_second_appeal_against_the_same_notice_conflicts_art63():
    notice = notified_notice()
    filed_appeal(notice)
    with pytest.raises(StateConflict):
        filed_appeal(ViolationNotice.objects.get(pk=notice.pk))
    assert AppealCase.objects.count() == 1


def test_a_file_that_is_not_what_it_says_leaves_nothing_behind():
    from django.core.files.uploadedfile import SimpleUploadedFile

    notice = notified_notice()
    fake = SimpleUploadedFile("foto.pdf", b"MZ\x90\x00 not a pdf", content_type="application/pdf")
    with pytest.raises(RuleViolation):
        appeal_file(
            actor=notice.applicant.user,
            notice=notice,
            qualification="Q",
            facts_and_law="F",
            documents=[fake],
        )
    assert ViolationNotice.objects.get(pk=notice.pk).state == ViolationState.NOTIFIED
    assert not AppealCase.objects.exists()
