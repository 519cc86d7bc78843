"""Thin delivery tasks: ids in, one service call, retry with backoff."""

from celery import shared_task

from notifications.services import (
    DeliveryDeferred,
    notification_deliver,
    notifications_requeue_stale,
)

MAX_RETRIES = 8


@shared_task(
    bind=True,
    name="notifications.tasks.deliver_email",
    max_retries=MAX_RETRIES,
    acks_late=True,
    ignore_result=True,
)
def deliver_email(self, notification_id: int) -> None:  # type: ignore[no-untyped-def]
    try:
        notification_deliver(
            notification_id=notification_id, final_attempt=self.request.retries >= MAX_RETRIES
        )
    except DeliveryDeferred as exc:
        raise self.retry(exc=exc, countdown=min(2**self.request.retries * 5, 600)) from exc


@shared_task(name="notifications.tasks.requeue_stale", ignore_result=True)
def requeue_stale() -> int:
    return notifications_requeue_stale()
