"""Thin periodic task of the web layer (scheduled in config.schedule)."""

from celery import shared_task

from web.idempotency import submission_records_prune


@shared_task(name="web.tasks.prune_submission_records", ignore_result=True)
def prune_submission_records() -> int:
    """Forget one-time keys older than IDEMPOTENCY_KEY_HOURS; safe to run twice."""
    return submission_records_prune()
