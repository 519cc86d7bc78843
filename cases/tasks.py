"""Thin Celery tasks: load, call one service, report."""

import datetime as dt

from celery import shared_task

from cases.services.commission import cases_commission_refresh
from cases.services.deadlines import deadlines_sweep
from cases.services.overdue import cases_overdue_refresh
from cases.services.processing_times import processing_times_refresh


@shared_task(name="cases.tasks.sweep_deadlines", ignore_result=True)
def sweep_deadlines(today: str | None = None) -> dict[str, int]:
    """The periodic sweep, until nothing is due or DEADLINE_SWEEP_SECONDS have passed;
    `today` (ISO date) sweeps as of another day — for catching up after an outage is fixed
    by hand, and for tests with exact dates. Safe with any number of sweeps at once."""
    report = deadlines_sweep(today=dt.date.fromisoformat(today) if today else None)
    return {
        "applied": report.applied,
        "moot": report.moot,
        "retried": report.retried,
        "failed": report.failed,
    }


@shared_task(name="cases.tasks.refresh_overdue_flags", ignore_result=True)
def refresh_overdue_flags() -> int:
    """Safety net for the stored overdue flags; returns how many it corrected."""
    return cases_overdue_refresh()


@shared_task(name="cases.tasks.refresh_commission_flags", ignore_result=True)
def refresh_commission_flags() -> int:
    """Safety net for the stored "before the commission" flags; how many it corrected."""
    return cases_commission_refresh()


@shared_task(name="cases.tasks.refresh_processing_times", ignore_result=True)
def refresh_processing_times() -> int:
    """The measured times of the Carta de Serviços and the expected decision dates
    (issue 24 §2); returns the rows stored."""
    return processing_times_refresh()
