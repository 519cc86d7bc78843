"""Thin Celery tasks: load, call one service, report."""

import datetime as dt

from celery import shared_task

from cases.services.deadlines import deadlines_sweep


@shared_task(name="cases.tasks.sweep_deadlines", ignore_result=True)
def sweep_deadlines(today: str | None = None) -> dict[str, int]:
    """The periodic sweep; `today` (ISO date) sweeps as of another day — for catching up
    after an outage is fixed by hand, and for tests with exact dates."""
    report = deadlines_sweep(today=dt.date.fromisoformat(today) if today else None)
    return {
        "applied": report.applied,
        "moot": report.moot,
        "retried": report.retried,
        "failed": report.failed,
    }
