"""Notices to the case's applicant, each written once: the decision on a request (Arts. 23,
24, 67) and the registered letter that notifies an act (Art. 46; Art. 59 §2)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TypeVar

from accounts.models import User
from cases.models import Case
from cases.services.transitions import case_step
from law.deadlines import DeadlineRule
from notifications.post import notice_send
from notifications.services import notification_queue

C = TypeVar("C", bound=Case)


def applicant_notify(case: Case, *, template: str, **context: object) -> None:
    """Queue `template` to the case's applicant with `context`, in the caller's
    transaction (the outbox row; the e-mail leaves after commit)."""
    assert case.applicant is not None
    notification_queue(case=case, recipient=case.applicant, template=template, context=context)


def notice_letter_send(
    *,
    case: C,
    actor: User,
    note: str,
    template: str,
    context: Callable[[C], Mapping[str, object]],
    password: str | None = None,
    starts: Sequence[DeadlineRule] = (),
) -> C:
    """The `send_notice` step and its registered letter with AR (and an e-mail copy) to the
    applicant, in the caller's durable transaction (Art. 46; Art. 59 §2 for a revocation).
    `context` builds the letter's context from the locked case; with her password (or
    second factor's code) the clerk signs the letter in the same step (documents.signing);
    `starts`: the deadlines its receipt will start, whose counting the letter explains."""
    locked = case_step(case=case, action="send_notice", actor=actor, note=note)
    assert locked.applicant is not None
    notice_send(
        case=locked,
        recipient=locked.applicant,
        template=template,
        context=context(locked),
        actor=actor,
        password=password,
        starts=starts,
    )
    return locked
