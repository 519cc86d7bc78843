from __future__ import annotations

from celery import shared_task
from django.utils import timezone

from workspace.models import ExportJob


@shared_task(bind=True, max_retries=3)
def export_run_task(self, job_id: int) -> None:  # type: ignore[no-untyped-def]
    from workspace.exports import export_run

    try:
        export_run(job_id=job_id, today=timezone.localdate())
    except Exception as exc:  # the row says what happened; the page shows it
        ExportJob.objects.filter(pk=job_id).update(
            status=ExportJob.Status.FAILED, error=str(exc)[:500]
        )
        raise


@shared_task(name="workspace.tasks.refresh_dashboard_figures", ignore_result=True)
def refresh_dashboard_figures() -> int:
    """Count the dashboard's opening figures again before the kept ones expire."""
    from workspace.dashboard import dashboard_figures_refresh

    return dashboard_figures_refresh(today=timezone.localdate())
