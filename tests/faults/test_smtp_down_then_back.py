"""DESIGN principle 3 through an SMTP outage longer than the task's retries: e-mail queued
while no server listens, then while it answers "try later", is delivered exactly once when
it accepts again — none dropped as failed, none sent twice. The hour is time-travelled:
the task's last retry is sent as such, and the rows are aged for the beat's safety net
(`notifications_requeue_stale`) instead of waiting."""

from __future__ import annotations

import datetime as dt
import email
import threading

import pytest
from aiosmtpd.controller import Controller
from django.db import transaction
from django.db.models import F

from notifications.models import Notification
from notifications.services import notification_queue, notifications_requeue_stale
from notifications.tasks import MAX_RETRIES, deliver_email
from tests.factories import SuspensionCaseFactory
from tests.faults.conftest import free_port, wait_until

pytestmark = [pytest.mark.faults, pytest.mark.worker]

EMAILS = 20


class Inbox:
    """A real SMTP server's message handler; answers 451 while `refusing`."""

    def __init__(self) -> None:
        self.refusing = True
        self.refused = 0
        self.received: list[str] = []  # the X-Notification-Id of each accepted message
        self._lock = threading.Lock()

    async def handle_DATA(self, server, session, envelope):  # noqa: N802 — aiosmtpd's name
        with self._lock:
            if self.refusing:
                self.refused += 1
                return "451 4.3.0 Temporarily unable to accept, try again later"
            message = email.message_from_bytes(envelope.content)
            self.received.append(message["X-Notification-Id"])
        return "250 OK"


def test_email_survives_an_smtp_outage_and_is_sent_exactly_once(worker_factory):
    port = free_port()
    worker = worker_factory(
        "smtp",
        EMAIL_BACKEND="django.core.mail.backends.smtp.EmailBackend",
        EMAIL_HOST="127.0.0.1",
        EMAIL_PORT=str(port),
        EMAIL_TIMEOUT="5",
    ).start()
    with transaction.atomic():  # as a service queues them: delivery starts at commit
        ids = [
            notification_queue(
                case=case,
                recipient=case.applicant,
                template="suspension_decided",
                context={"approved": True, "note": ""},
            ).pk
            for case in (SuspensionCaseFactory() for _ in range(EMAILS))
        ]
    rows = Notification.objects.filter(pk__in=ids)

    # No server: every first attempt is refused at the socket.
    wait_until(
        lambda: not rows.filter(attempts=0).exists(),
        timeout=60,
        what="first attempts",
        log=worker.log,
    )
    # An hour later: the task's last retry, still no server.
    last = [deliver_email.apply_async(args=[pk], retries=MAX_RETRIES).id for pk in ids]
    wait_until(
        lambda: all(worker.task_succeeded(t) for t in last),
        timeout=90,
        what="last retries",
        log=worker.log,
    )
    assert set(rows.values_list("status", flat=True)) == {Notification.Status.QUEUED}
    assert all(
        "Connection" in e or "refused" in e.lower()
        for e in rows.values_list("last_error", flat=True)
    )

    inbox = Inbox()
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        # The server is up but answers "try later"; the beat's safety net finds the rows.
        rows.update(created_at=F("created_at") - dt.timedelta(hours=1))
        assert notifications_requeue_stale() == EMAILS
        wait_until(lambda: inbox.refused >= EMAILS, timeout=90, what="451 answers", log=worker.log)
        assert set(rows.values_list("status", flat=True)) == {Notification.Status.QUEUED}

        inbox.refusing = False
        assert notifications_requeue_stale() == EMAILS
        wait_until(
            lambda: set(rows.values_list("status", flat=True)) == {Notification.Status.SENT},
            timeout=120,
            what="all sent",
            log=worker.log,
        )
        # Every task still in flight (retries scheduled during the outage, a duplicate
        # delivery of each) runs against the sent rows and sends nothing more.
        again = [deliver_email.apply_async(args=[pk]).id for pk in ids]
        wait_until(
            lambda: all(worker.task_succeeded(t) for t in again),
            timeout=90,
            what="duplicate deliveries",
            log=worker.log,
        )
    finally:
        controller.stop()
    assert sorted(inbox.received) == sorted(str(pk) for pk in ids)
    assert set(rows.values_list("status", flat=True)) == {Notification.Status.SENT}
