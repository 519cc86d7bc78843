"""The violation's deadline handlers, run by the sweeper (Arts. 46 §1, 53 II, 55, 59, 63)."""

from __future__ import annotations

import datetime as dt

from django.conf import settings
from django.utils import timezone
from django.utils.translation import gettext as _

from cases.models import Case, Deadline
from cases.services.deadlines import (
    deadline_fix,
    deadline_handler,
)
from cases.services.transitions import case_lock, case_record, case_step
from law import deadlines as law_deadlines
from law.citations import (
    ART_46_P1_AND_53_II,
    ART_59,
)
from law.i18n import format_date
from workflows.holds import authorization_release_if_free
from workflows.violation.models import PenaltyPeriod, ViolationNotice, ViolationState
from workflows.violation.services.common import (
    APPEAL_WINDOW,
    DECISION_PAYMENT,
    NOTIFICATION_ARCHIVE,
    NOTIFICATION_LIMIT,
    PAYMENT,
    PENALTY_PERIOD_END,
)
from workflows.violation.services.penalties import violation_penalties_apply


@deadline_handler(NOTIFICATION_LIMIT)
def _notification_limit_passed(case: Case, deadline: Deadline, today: dt.date) -> bool:
    """The 60 days passed without an AR on file. Letters still in the post may have been
    delivered in time: the archive waits `settings.NOTICE_ARCHIVE_GRACE_DAYS` for them."""
    locked = case_lock(case)
    if locked.state not in (ViolationState.ISSUED, ViolationState.NOTIFICATION_SENT):
        return False
    grace = settings.NOTICE_ARCHIVE_GRACE_DAYS
    if grace <= 0 or locked.state == ViolationState.ISSUED:
        return _archive_unnotified(locked, deadline, today)
    deadline_fix(
        rule=law_deadlines.NOTIFICATION_ARCHIVE_GRACE,
        case=locked,
        kind=NOTIFICATION_ARCHIVE,
        label=_("Arquivamento se o AR não mostrar entrega até %(day)s")
        % {"day": deadline.due_on.strftime("%d/%m/%Y")},
        due_on=deadline.due_on + dt.timedelta(days=grace),
    )
    case_record(
        case=locked,
        actor=None,
        event="awaiting_ar",
        article=ART_46_P1_AND_53_II,
        note=_(
            "Prazo para notificar encerrado em %(day)s sem AR registrado; aguardando os ARs "
            "ainda no correio por %(grace)d dias antes de arquivar."
        )
        % {"day": deadline.due_on.strftime("%d/%m/%Y"), "grace": grace},
    )
    return True


@deadline_handler(NOTIFICATION_ARCHIVE)
def _archive_after_grace(case: Case, deadline: Deadline, today: dt.date) -> bool:
    locked = case_lock(case)
    if locked.state not in (ViolationState.ISSUED, ViolationState.NOTIFICATION_SENT):
        return False
    return _archive_unnotified(locked, deadline, today)


def _archive_unnotified(locked: ViolationNotice, deadline: Deadline, today: dt.date) -> bool:
    limit = law_deadlines.notification_limit(timezone.localtime(locked.occurred_at).date())
    case_step(
        case=locked,
        action="archive",
        actor=None,
        note=_("Infrator não notificado até %(day)s.") % {"day": format_date(limit)},
    )
    return True


@deadline_handler(PAYMENT)
def _payment_overdue(case: Case, deadline: Deadline, today: dt.date) -> bool:
    locked = case_lock(case)
    if locked.state != ViolationState.NOTIFIED:
        return False
    case_step(case=locked, action="fall_overdue", actor=None)
    return True


@deadline_handler(APPEAL_WINDOW)
def _appeal_window_closed(case: Case, deadline: Deadline, today: dt.date) -> bool:
    locked = case_lock(case)
    if locked.state == ViolationState.PAID_APPEAL_OPEN:
        case_step(case=locked, action="close_appeal_window_paid", actor=None)
        violation_penalties_apply(notice=locked, today=today, actor=None)
        return True
    if locked.state not in (ViolationState.NOTIFIED, ViolationState.OVERDUE):
        return False
    case_step(case=locked, action="close_appeal_window", actor=None)
    violation_penalties_apply(notice=locked, today=today, actor=None)
    return True


@deadline_handler(PENALTY_PERIOD_END)
def _penalty_period_end(case: Case | None, deadline: Deadline, today: dt.date) -> bool:
    """The suspension or impediment has been served; the taxi returns when nothing else
    holds it (Art. 59 III, IV)."""
    assert case is not None
    ended = 0
    for period in PenaltyPeriod.objects.select_for_update().filter(
        violation_id=case.pk, ended_on__isnull=True, ends_on__lt=today
    ):
        period.ended_on = period.ends_on
        period.save(update_fields=["ended_on"])
        ended += 1
    if not ended:
        return False
    notice = ViolationNotice.objects.get(pk=case.pk)
    assert notice.authorization is not None
    authorization_release_if_free(
        authorization=notice.authorization, case=notice, actor=None, article=ART_59, today=today
    )
    return True


@deadline_handler(DECISION_PAYMENT)
def _decision_payment_overdue(case: Case | None, deadline: Deadline, today: dt.date) -> bool:
    assert case is not None
    locked = case_lock(case)
    if locked.state != ViolationState.UPHELD:
        return False
    case_step(case=locked, action="default_after_decision", actor=None)
    return True
