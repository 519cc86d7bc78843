from __future__ import annotations

import contextlib

from celery import shared_task

from accounts.models import User
from cases.errors import DomainError
from register_import.models import ImportJob
from register_import.services import import_apply, import_check, import_progress


@shared_task
def import_check_task(job_id: int) -> None:
    job = ImportJob.objects.get(pk=job_id)
    import_check(job=job, progress=lambda done, total: import_progress(job_id, done, total))


@shared_task
def import_apply_task(job_id: int, actor_id: int) -> None:
    job = ImportJob.objects.get(pk=job_id)
    # On a refusal the job row carries the message the page shows.
    with contextlib.suppress(DomainError):
        import_apply(
            job=job,
            actor=User.objects.get(pk=actor_id),
            progress=lambda done, total: import_progress(job_id, done, total),
        )
