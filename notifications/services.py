"""Queue a notice in the caller's transaction; deliver it after commit, exactly once."""

from __future__ import annotations

import datetime as dt
import smtplib

from django.conf import settings
from django.core.mail import EmailMessage
from django.db import transaction
from django.template.loader import render_to_string
from django.utils import timezone, translation

from cases.models import Case
from notifications.models import Notification
from registers.models import Driver


def notification_queue(
    *, case: Case, recipient: Driver, template: str, context: dict[str, object]
) -> Notification | None:
    """Write the e-mail row now and start its delivery when the transaction commits.

    A driver without an e-mail gets no e-mail row; registered post covers the legal notice.
    """
    if not recipient.email:
        return None
    with translation.override(settings.LANGUAGE_CODE):
        full = {"case": case, "recipient": recipient, **context}
        subject = render_to_string(f"notifications/{template}.subject.txt", full).strip()
        body = render_to_string(f"notifications/{template}.txt", full)
    notification = Notification.objects.create(
        case=case,
        recipient=recipient,
        address=recipient.email,
        channel=Notification.Channel.EMAIL,
        template=template,
        subject=subject,
        body=body,
    )
    # Robust: with the broker down the commit stands and the caller gets its answer; the
    # row is queued again by the stale-requeue safety net.
    transaction.on_commit(lambda: _enqueue(notification.pk), robust=True)
    return notification


def _enqueue(notification_id: int) -> None:
    from notifications.tasks import deliver_email

    deliver_email.delay(notification_id)


class DeliveryDeferred(Exception):
    """The mail server did not take the message; the task retries with backoff."""


def notification_deliver(*, notification_id: int, final_attempt: bool = False) -> Notification:
    """Send one queued e-mail. A second delivery of the same task sends nothing."""
    deferred = ""
    with transaction.atomic():
        row = Notification.objects.select_for_update().get(pk=notification_id)
        if row.status != Notification.Status.QUEUED or row.channel != Notification.Channel.EMAIL:
            return row
        # The row stays locked while sending, so a redelivered task waits and then finds
        # it sent: the lock, not luck, makes delivery idempotent.
        row.attempts += 1
        try:
            EmailMessage(
                subject=row.subject,
                body=row.body,
                to=[row.address],
                headers={"X-Case-Number": row.case.number, "X-Notification-Id": str(row.pk)},
            ).send()
        except OSError as exc:
            row.last_error = f"{type(exc).__name__}: {exc}"[:2000]
            if final_attempt and _refused_for_good(exc):
                row.status = Notification.Status.FAILED
            elif not final_attempt:
                deferred = row.last_error
            # A server down or busy past the task's retries (about twenty minutes) leaves
            # the row queued: `notifications_requeue_stale` queues it again every few
            # minutes until the server is back, so a long outage delays e-mail, never drops it.
        else:
            row.status = Notification.Status.SENT
            row.sent_at = timezone.now()
            row.last_error = ""
        row.save(update_fields=["attempts", "status", "sent_at", "last_error"])
    if deferred:
        raise DeliveryDeferred(deferred)
    return row


def _refused_for_good(exc: OSError) -> bool:
    """The server answered with a permanent (5xx) refusal; anything else (no server, a
    timeout, a dropped connection, a 4xx "try later") is an outage that passes."""
    if isinstance(exc, smtplib.SMTPRecipientsRefused):
        return all(code >= 500 for code, _message in exc.recipients.values())
    if isinstance(exc, smtplib.SMTPResponseException):
        return exc.smtp_code >= 500
    return False


def notification_resend(*, notification: Notification) -> Notification:
    """A clerk puts a failed e-mail back in the queue."""
    with transaction.atomic(durable=True):
        row = Notification.objects.select_for_update().get(pk=notification.pk)
        if row.status == Notification.Status.FAILED:
            row.status = Notification.Status.QUEUED
            row.save(update_fields=["status"])
            transaction.on_commit(lambda: _enqueue(row.pk), robust=True)
    return row


def notifications_requeue_stale(*, older_than: dt.timedelta = dt.timedelta(minutes=10)) -> int:
    """Queue again the e-mails whose task was lost (worker killed, broker restarted)."""
    cutoff = timezone.now() - older_than
    ids = list(
        Notification.objects.filter(
            status=Notification.Status.QUEUED,
            channel=Notification.Channel.EMAIL,
            created_at__lt=cutoff,
        ).values_list("id", flat=True)[:500]
    )
    for pk in ids:
        _enqueue(pk)
    return len(ids)
