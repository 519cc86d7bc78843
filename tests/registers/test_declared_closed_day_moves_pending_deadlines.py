"""Art. 63 and CPC art. 224 §1: a day declared closed (or a municipal holiday) after a
deadline was set moves every pending deadline whose period covers it, in the same
transaction, with a timeline entry on each case (issue 9, item 4)."""

from __future__ import annotations

import datetime as dt

import pytest

from accounts.roles import Role
from cases.errors import NotPermitted
from cases.models import AuditEvent, Deadline
from cases.services.deadlines import deadline_start
from law import deadlines as law_deadlines
from municipal.services.calendar import calendar_day_declare
from registers.models import CalendarDay
from tests.factories import UserFactory, ViolationNoticeFactory

pytestmark = pytest.mark.django_db

D = dt.date
APPEAL = "violation.appeal_window"
PAYMENT = "violation.payment"

# The day the act is published: before the days it declares (it never looks back).
ACT_DAY = dt.date(2026, 1, 5)


def _window(notice, kind, rule, received_on):
    return deadline_start(case=notice, kind=kind, rule=rule, start=received_on)


def test_art_63_cpc_224_p1_carnival_tuesday_declared_closed_moves_the_appeal_window(clerk):
    # Given a notice received on 06/01/2026: the appeal window ends on 17/02/2026
    notice = ViolationNoticeFactory(
        notified=True,
        received_on=D(2026, 1, 6),
        applicant__email="titular@example.com",
        authorization__holder__email="titular@example.com",
    )
    appeal = _window(notice, APPEAL, law_deadlines.APPEAL, D(2026, 1, 6))
    payment = _window(notice, PAYMENT, law_deadlines.PAYMENT, D(2026, 1, 6))
    assert (appeal.due_on, payment.due_on) == (D(2026, 2, 17), D(2026, 1, 16))
    # When the mayor declares Carnival Tuesday closed
    calendar_day_declare(
        today=ACT_DAY,
        day=D(2026, 2, 17),
        kind=CalendarDay.Kind.CLOSED,
        act="Decreto nº 12/2026: ponto facultativo de Carnaval",
        actor=clerk,
    )
    # Then the appeal window ends on 18/02/2026; the payment window (ended 16/01) stays
    appeal.refresh_from_db()
    payment.refresh_from_db()
    assert (appeal.due_on, payment.due_on) == (D(2026, 2, 18), D(2026, 1, 16))
    # and the case's timeline says so, with the article
    event = AuditEvent.objects.get(case=notice, transition="deadline_moved")
    assert event.article == "Art. 63; CPC Art. 224 §1"
    assert "17/02/2026" in event.note and "18/02/2026" in event.note
    assert "Decreto nº 12/2026" in event.note
    assert event.data == {
        "deadline": appeal.pk,
        "kind": APPEAL,
        "rule": "appeal",
        "before": "2026-02-17",
        "after": "2026-02-18",
        "day": "2026-02-17",
        "day_kind": "closed",
    }
    # and the driver is told the new last day
    from notifications.models import Notification

    told = Notification.objects.get(case=notice, template="deadline_moved")
    assert told.recipient == notice.applicant
    assert "18/02/2026" in told.body and "Art. 63" in told.body


def test_art_55_cpc_224_p1_a_calendar_day_window_ending_on_the_closed_day_moves(clerk):
    # Given a notice received on 06/02/2026: payment until Monday 16/02/2026
    notice = ViolationNoticeFactory(notified=True, received_on=D(2026, 2, 6))
    payment = _window(notice, PAYMENT, law_deadlines.PAYMENT, D(2026, 2, 6))
    assert payment.due_on == D(2026, 2, 16)
    # When Monday and Tuesday of Carnival are declared closed (a municipal holiday first)
    calendar_day_declare(
        today=ACT_DAY,
        day=D(2026, 2, 16),
        kind=CalendarDay.Kind.HOLIDAY,
        act="Lei municipal nº 2.001/2026",
        actor=clerk,
    )
    calendar_day_declare(
        today=ACT_DAY,
        day=D(2026, 2, 17),
        kind=CalendarDay.Kind.CLOSED,
        act="Decreto nº 12/2026",
        actor=clerk,
    )
    # Then the last day to pay is Wednesday 18/02/2026, in two recorded moves
    payment.refresh_from_db()
    assert payment.due_on == D(2026, 2, 18)
    moves = AuditEvent.objects.filter(case=notice, transition="deadline_moved").order_by("id")
    assert [(e.data["before"], e.data["after"], e.article) for e in moves] == [
        ("2026-02-16", "2026-02-17", f"{law_deadlines.PAYMENT.article}; CPC Art. 224 §1"),
        ("2026-02-17", "2026-02-18", f"{law_deadlines.PAYMENT.article}; CPC Art. 224 §1"),
    ]


def test_art_63_rows_not_pending_or_not_covering_the_day_do_not_move(clerk):
    notice = ViolationNoticeFactory(notified=True, received_on=D(2026, 1, 6))
    done = _window(notice, APPEAL, law_deadlines.APPEAL, D(2026, 1, 6))
    Deadline.objects.filter(pk=done.pk).update(state=Deadline.State.DONE)
    later = ViolationNoticeFactory(notified=True, received_on=D(2026, 2, 20))
    after = _window(later, APPEAL, law_deadlines.APPEAL, D(2026, 2, 20))
    before_due = after.due_on
    calendar_day_declare(
        today=ACT_DAY,
        day=D(2026, 2, 17),
        kind=CalendarDay.Kind.CLOSED,
        act="Decreto nº 12/2026",
        actor=clerk,
    )
    done.refresh_from_db()
    after.refresh_from_db()
    assert (done.due_on, after.due_on) == (D(2026, 2, 17), before_due)
    assert not AuditEvent.objects.filter(transition="deadline_moved").exists()


def test_declaring_a_day_is_for_clerks_and_nothing_is_written_otherwise():
    driver = UserFactory(role=Role.DRIVER)
    with pytest.raises(NotPermitted):
        calendar_day_declare(
            today=ACT_DAY,
            day=D(2026, 2, 17),
            kind=CalendarDay.Kind.CLOSED,
            act="Decreto",
            actor=driver,
        )
    assert not CalendarDay.objects.exists()


def test_art_63_a_day_declared_open_never_shortens_a_pending_deadline(clerk):
    # Carnival Tuesday closed, the window moved to 18/02; then the decree is revoked
    notice = ViolationNoticeFactory(notified=True, received_on=D(2026, 1, 6))
    appeal = _window(notice, APPEAL, law_deadlines.APPEAL, D(2026, 1, 6))
    calendar_day_declare(
        today=ACT_DAY,
        day=D(2026, 2, 17),
        kind=CalendarDay.Kind.CLOSED,
        act="Decreto nº 12/2026",
        actor=clerk,
    )
    calendar_day_declare(
        today=ACT_DAY,
        day=D(2026, 2, 17),
        kind=CalendarDay.Kind.OPEN,
        act="Decreto nº 13/2026 revoga o 12/2026",
        actor=clerk,
    )
    appeal.refresh_from_db()
    assert appeal.due_on == D(2026, 2, 18)
    assert CalendarDay.objects.get(day=D(2026, 2, 17)).kind == CalendarDay.Kind.OPEN
