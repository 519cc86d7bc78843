"""DESIGN principle 4 when the broker goes away: deadlines are rows in PostgreSQL, so Redis
stopped without saving (every queued message lost) while rows fall due loses nothing — the
beat's next sweep after Redis is back, empty, applies each row once. An e-mail queued
while Redis is down is a committed row, sent once when the safety net finds it.

The test runs a redis-server of its own: the machine's shared Redis is never stopped."""

from __future__ import annotations

import datetime as dt

import kombu.exceptions
import pytest
import redis
from django.db import transaction
from django.utils import timezone

from cases.models import Deadline
from cases.tasks import sweep_deadlines
from config.celery import app
from notifications.models import Notification
from notifications.services import notification_queue, notifications_requeue_stale
from tests.factories import SuspensionCaseFactory
from tests.faults.conftest import assert_each_once, due_rows, wait_until

pytestmark = [pytest.mark.faults, pytest.mark.worker]


def _beat_sends(broker: str, day: dt.date, *, retry: bool) -> str:
    """What the beat does each minute: send one sweep to the broker."""
    with app.connection_for_write(broker) as conn:
        result = sweep_deadlines.apply_async(
            args=[day.isoformat()],
            connection=conn,
            retry=retry,
            retry_policy={
                "max_retries": 30,
                "interval_start": 0.5,
                "interval_step": 0.5,
                "interval_max": 2,
            },
        )
    return result.id


@pytest.fixture
def broker_of_this_process(own_redis):
    """This process's tasks (the e-mail queued after a commit) go to the test's own Redis."""
    before = app.conf.broker_url

    def point_at(url: str) -> None:
        app.conf.broker_url = url
        app._pool = None  # the connection and producer pools were made for the other URL
        app.amqp._producer_pool = None

    point_at(own_redis.url)
    yield
    point_at(before)


def test_redis_lost_without_saving_loses_no_deadline_and_no_email(
    worker_factory, own_redis, broker_of_this_process
):
    today = timezone.localdate()
    tomorrow = today + dt.timedelta(days=1)
    ids = due_rows(60, per_case=6, due_on=today)  # their last day is today: due tomorrow
    worker = worker_factory("redis", broker=own_redis.url).start()

    first = _beat_sends(own_redis.url, today, retry=False)
    wait_until(lambda: worker.task_succeeded(first), timeout=60, what="first sweep", log=worker.log)
    assert Deadline.objects.filter(pk__in=ids, state=Deadline.State.PENDING).count() == len(ids)

    # A key to show the restart comes back empty; then Redis dies without saving.
    redis.Redis(port=own_redis.port).lpush("lost-on-purpose", b"x")
    own_redis.shutdown_nosave()
    # While it is down the beat's ticks fail; the rows' last day passes meanwhile.
    with pytest.raises(kombu.exceptions.OperationalError):
        _beat_sends(own_redis.url, tomorrow, retry=False)
    assert Deadline.objects.filter(pk__in=ids, state=Deadline.State.PENDING).count() == len(ids)
    # A clerk's action that sends an e-mail commits and answers although its task cannot
    # be queued: the row is the e-mail.
    case = SuspensionCaseFactory()
    with transaction.atomic():
        mail = notification_queue(
            case=case,
            recipient=case.applicant,
            template="suspension_decided",
            context={"approved": True, "note": ""},
        )
    assert Notification.objects.get(pk=mail.pk).status == Notification.Status.QUEUED

    own_redis.start()  # on the same port, and empty: nothing of before survived
    assert redis.Redis(port=own_redis.port).exists("lost-on-purpose") == 0

    # The worker reconnects by itself; the beat's next tick sweeps the rows.
    sent = _beat_sends(own_redis.url, tomorrow, retry=True)
    wait_until(
        lambda: worker.task_succeeded(sent),
        timeout=120,
        what="the sweep after Redis came back",
        log=worker.log,
    )
    assert_each_once(ids)

    # The beat's e-mail safety net finds the row whose task never reached Redis.
    Notification.objects.filter(pk=mail.pk).update(
        created_at=timezone.now() - dt.timedelta(minutes=15)
    )
    assert notifications_requeue_stale() == 1
    wait_until(
        lambda: Notification.objects.get(pk=mail.pk).status == Notification.Status.SENT,
        timeout=60,
        what="the e-mail sent",
        log=worker.log,
    )
    assert Notification.objects.get(pk=mail.pk).attempts == 1
