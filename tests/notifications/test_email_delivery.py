"""E-mail notices go through a real SMTP server, are retried while it is down, and are
sent once even when their task is delivered twice (DESIGN principle 3)."""

from __future__ import annotations

import socket
import threading

import pytest
from aiosmtpd.controller import Controller

from notifications.models import Notification
from notifications.services import notification_deliver, notification_queue
from notifications.tasks import deliver_email
from tests.factories import SuspensionCaseFactory


class Inbox:
    def __init__(self) -> None:
        self.messages: list[tuple[str, list[str], bytes]] = []
        self._lock = threading.Lock()

    async def handle_DATA(self, server, session, envelope):  # noqa: N802 — aiosmtpd's name
        with self._lock:
            self.messages.append((envelope.mail_from, list(envelope.rcpt_tos), envelope.content))
        return "250 OK"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture
def smtp_port():
    return _free_port()


@pytest.fixture
def smtp_settings(settings, smtp_port):
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST = "127.0.0.1"
    settings.EMAIL_PORT = smtp_port
    settings.EMAIL_TIMEOUT = 5
    return settings


def _start_smtp(port: int) -> tuple[Controller, Inbox]:
    inbox = Inbox()
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    return controller, inbox


def _queued_email(case) -> Notification:
    notification = notification_queue(
        case=case, recipient=case.applicant, template="suspension_decided",
        context={"approved": True, "note": ""},
    )
    assert notification is not None
    return notification


@pytest.mark.django_db
def test_an_email_reaches_a_real_smtp_server(smtp_settings, smtp_port):
    controller, inbox = _start_smtp(smtp_port)
    try:
        case = SuspensionCaseFactory()
        notification = _queued_email(case)
        notification_deliver(notification_id=notification.pk)
    finally:
        controller.stop()
    notification.refresh_from_db()
    assert notification.status == Notification.Status.SENT
    [(sender, recipients, content)] = inbox.messages
    assert recipients == [case.applicant.email]
    assert f"X-Case-Number: {case.number}".encode() in content
    assert b"Art. 24" in content


@pytest.mark.django_db
def test_delivering_the_same_notification_twice_sends_once(smtp_settings, smtp_port):
    controller, inbox = _start_smtp(smtp_port)
    try:
        notification = _queued_email(SuspensionCaseFactory())
        notification_deliver(notification_id=notification.pk)
        notification_deliver(notification_id=notification.pk)
    finally:
        controller.stop()
    assert len(inbox.messages) == 1
    notification.refresh_from_db()
    assert notification.attempts == 1


@pytest.fixture
def worker_env(smtp_port):
    return {
        "EMAIL_BACKEND": "django.core.mail.backends.smtp.EmailBackend",
        "EMAIL_HOST": "127.0.0.1",
        "EMAIL_PORT": str(smtp_port),
        "EMAIL_TIMEOUT": "5",
    }


@pytest.mark.worker
def test_while_the_server_is_down_the_worker_retries_and_sends_once_when_it_returns(
    celery_worker_process, smtp_port
):
    notification = _queued_email(SuspensionCaseFactory())
    celery_worker_process.send(deliver_email, notification.pk)
    # The first attempt fails: nothing listens on the port yet.
    celery_worker_process.wait_for(
        lambda: Notification.objects.get(pk=notification.pk).attempts >= 1
    )
    row = Notification.objects.get(pk=notification.pk)
    assert row.status == Notification.Status.QUEUED
    assert "Connection" in row.last_error or "refused" in row.last_error.lower()
    controller, inbox = _start_smtp(smtp_port)
    try:
        celery_worker_process.wait_for(
            lambda: Notification.objects.get(pk=notification.pk).status
            == Notification.Status.SENT
        )
        # The task delivered once more (a broker redelivery) sends nothing new.
        celery_worker_process.send(deliver_email, notification.pk)
        celery_worker_process.wait_for(lambda: _successes(celery_worker_process) >= 2)
    finally:
        controller.stop()
    assert len(inbox.messages) == 1


def _successes(worker) -> int:
    """How many task runs the worker has logged as succeeded."""
    return worker.log.read_text().count("succeeded in")
