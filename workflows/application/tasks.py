"""Thin task: the periodic safety net of the waiting list (Art. 22 §2)."""

from celery import shared_task

from cases.services.transitions import local_today
from workflows.application.fleet import waiting_list_advance


@shared_task(name="workflows.application.tasks.advance_waiting_list", ignore_result=True)
def advance_waiting_list() -> int:
    """Hand any free place to the next applications waiting; safe to run any time."""
    return len(waiting_list_advance(today=local_today()))
