"""Thin Celery tasks: load, call one service, report."""

from celery import shared_task

from cases.services.deadlines import deadlines_sweep


@shared_task(name="cases.tasks.sweep_deadlines", ignore_result=True)
def sweep_deadlines() -> dict[str, int]:
    report = deadlines_sweep()
    return {
        "applied": report.applied,
        "moot": report.moot,
        "retried": report.retried,
        "failed": report.failed,
    }
