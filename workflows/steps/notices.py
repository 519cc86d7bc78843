"""A notice to the case's applicant, written once for the kinds that tell the person who
asked what became of the request (Arts. 23, 24, 67: the decision is notified)."""

from __future__ import annotations

from cases.models import Case
from notifications.services import notification_queue


def applicant_notify(case: Case, *, template: str, **context: object) -> None:
    """Queue `template` to the case's applicant with `context`, in the caller's
    transaction (the outbox row; the e-mail leaves after commit)."""
    assert case.applicant is not None
    notification_queue(case=case, recipient=case.applicant, template=template, context=context)
