"""Thin Celery tasks of the vehicle substitution kind."""

from celery import shared_task

from cases.services.transitions import local_today
from workflows.substitution.tracking import vehicle_deadlines_backfill


@shared_task(name="substitution.tasks.vehicle_deadlines_backfill", ignore_result=True)
def backfill_vehicle_deadlines() -> dict[str, int]:
    """Set any missing vehicle age/colour rows (Arts. 10 §2, 12, 70); idempotent."""
    report = vehicle_deadlines_backfill(today=local_today())
    return {"authorizations": report.authorizations, "rows": report.rows,
            "irregular": len(report.irregular)}
