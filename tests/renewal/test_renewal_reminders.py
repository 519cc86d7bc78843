"""Art. 18: the holder is reminded 30 and 7 days before the IM's last day, once each."""

from __future__ import annotations

import datetime as dt

import pytest
import time_machine
from django.db import transaction

from cases.models import AuditEvent, Deadline
from cases.services.deadlines import deadlines_sweep
from notifications.models import Notification
from registers.models import Authorization
from tests.renewal.factories import at, filing
from workflows.renewal.cycle import renewal_remind_30
from workflows.renewal.models import RenewalCase, RenewalState
from workflows.renewal.services import renewal_file

pytestmark = pytest.mark.django_db


def _reminders():
    return list(
        Notification.objects.filter(template="renewal_reminder")
        .order_by("id")
        .values_list("case_id", "subject")
    )


def test_the_30_day_reminder_goes_out_30_days_before_the_last_day_and_once_art18(im, holder):
    # On the eve of the day, nothing yet
    assert deadlines_sweep(today=dt.date(2027, 1, 28)).processed == 0
    # On 29 January 2027, 30 days before 28 February, the system opens the case and writes
    report = deadlines_sweep(today=dt.date(2027, 1, 29))
    assert (report.applied, report.moot) == (1, 0)
    case = RenewalCase.objects.get()
    assert (case.state, case.registration, case.applicant, case.closed_at) == (
        RenewalState.AWAITING_REQUEST,
        im,
        holder,
        None,
    )
    notice = Notification.objects.get()
    assert (notice.case_id, notice.recipient, notice.address) == (case.pk, holder, holder.email)
    assert notice.subject == f"Sua IM {im.number} vence em 28/02/2027: renove-a"
    assert "Faltam 30 dias." in notice.body
    assert "Art. 19" in notice.body and "Art. 20" in notice.body
    # Sweeping again that day or the next sends nothing more
    assert deadlines_sweep(today=dt.date(2027, 1, 29)).processed == 0
    assert deadlines_sweep(today=dt.date(2027, 1, 30)).processed == 0
    assert len(_reminders()) == 1


def test_the_7_day_reminder_goes_to_the_same_case_art18(im):
    deadlines_sweep(today=dt.date(2027, 1, 29))
    assert deadlines_sweep(today=dt.date(2027, 2, 20)).processed == 0
    assert deadlines_sweep(today=dt.date(2027, 2, 21)).applied == 1
    assert deadlines_sweep(today=dt.date(2027, 2, 22)).processed == 0
    case = RenewalCase.objects.get()
    assert [(case_id, subject) for case_id, subject in _reminders()] == [
        (case.pk, f"Sua IM {im.number} vence em 28/02/2027: renove-a"),
        (case.pk, f"Sua IM {im.number} vence em 28/02/2027: renove-a"),
    ]
    assert "Faltam 7 dias." in Notification.objects.order_by("id").last().body
    events = AuditEvent.objects.filter(case=case).order_by("id")
    assert [(e.transition, e.actor_id, e.data) for e in events] == [
        ("open", None, {"registration": im.number}),
        ("remind", None, {"days": 30, "registration": im.number}),
        ("remind", None, {"days": 7, "registration": im.number}),
    ]
    assert case.state == RenewalState.AWAITING_REQUEST


def test_a_reminder_after_the_holder_filed_is_moot_art19(im, holder):
    with time_machine.travel(at(dt.date(2027, 1, 10)), tick=False):
        case = renewal_file(actor=holder.user, driver=holder, **filing(im))
    report = deadlines_sweep(today=dt.date(2027, 1, 29))
    assert (report.applied, report.moot) == (0, 1)
    assert _reminders() == []
    assert RenewalCase.objects.get().pk == case.pk
    row = Deadline.objects.get(kind="renewal.reminder_30")
    assert row.state == Deadline.State.MOOT


def test_running_a_reminder_handler_twice_sends_one_notice_art18(im):
    row = Deadline.objects.get(kind="renewal.reminder_30")
    with transaction.atomic():
        first = renewal_remind_30(None, row, dt.date(2027, 1, 29))
        second = renewal_remind_30(None, row, dt.date(2027, 1, 29))
    assert (first, second) == (True, False)
    assert len(_reminders()) == 1


def test_no_reminder_for_an_authorization_no_longer_in_force_art18(im):
    Authorization.objects.filter(pk=im.authorization_id).update(
        status=Authorization.Status.REVOKED, ended_on=dt.date(2027, 1, 5)
    )
    report = deadlines_sweep(today=dt.date(2027, 2, 21))
    assert (report.applied, report.moot) == (0, 2)
    assert (RenewalCase.objects.count(), _reminders()) == (0, [])


def test_a_sweeper_back_after_the_expiry_sends_no_stale_reminder_art18(im):
    # The first sweep in months runs the day after the IM's last day: all rows are due
    report = deadlines_sweep(today=dt.date(2027, 3, 1))
    # The reminders come too late to help and are moot; the expiry applies
    assert (report.applied, report.moot) == (1, 2)
    assert list(Notification.objects.values_list("template", flat=True)) == ["renewal_expired"]
