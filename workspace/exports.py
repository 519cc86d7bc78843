"""Every table of the workspace as CSV or XLSX, at once or in the background.

A table with more rows than `settings.EXPORT_SYNC_ROWS` is written by a Celery task
(`workspace.tasks.export_run_task`) into an `ExportJob`; the page polls its progress.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
from collections.abc import Callable, Iterator
from decimal import Decimal
from typing import Any
from urllib.parse import urlencode

from django.conf import settings
from django.core.files.base import ContentFile
from django.db import transaction
from django.http import QueryDict
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from openpyxl import Workbook

from accounts.models import User
from cases.workflow import state_label
from workspace.dashboard import BUILDERS, Period, Table
from workspace.forms import CaseSearchForm
from workspace.models import ExportJob
from workspace.search import search_cases

PROGRESS_EVERY = 500
CONTENT_TYPES = {
    "csv": "text/csv; charset=utf-8",
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
}


def sync_limit() -> int:
    return settings.EXPORT_SYNC_ROWS


def cases_table(user: User, params: dict[str, Any]) -> Table:
    """The search's result as a table (every matching case, not one page)."""
    form = CaseSearchForm(QueryDict(urlencode(params, doseq=True)))
    rows = search_cases(user=user, filters=form.filters()) if form.is_valid() else None

    def generate() -> Iterator[list[Any]]:
        if rows is None:
            return
        for case in rows.iterator(chunk_size=2000):
            yield [
                case.number,
                case.get_kind_display(),
                state_label(case.kind, case.state),
                case.applicant.name if case.applicant else "",
                case.authorization.number if case.authorization else "",
                timezone.localtime(case.opened_at),
                timezone.localtime(case.closed_at) if case.closed_at else "",
            ]

    return Table(
        name="cases",
        title=_("Processos"),
        headers=[
            _("Número"),
            _("Tipo"),
            _("Situação"),
            _("Interessado"),
            _("Termo"),
            _("Aberto em"),
            _("Encerrado em"),
        ],
        rows=generate(),
        count=rows.count() if rows is not None else 0,
    )


def table_for(user: User, dataset: str, params: dict[str, Any], today: dt.date) -> Table:
    """The named table for this user (KeyError for an unknown name)."""
    if dataset == "cases":
        return cases_table(user, params)
    table = BUILDERS[dataset](user, today, period_from(params, today)).materialized()
    table.count = len(table.rows)  # type: ignore[arg-type]
    return table


def period_from(params: dict[str, Any], today: dt.date) -> Period:
    from workspace.forms import PeriodForm

    form = PeriodForm(params)
    return form.period(today) if form.is_valid() else Period.last_months(today)


def _cell(value: Any) -> Any:
    if isinstance(value, dt.datetime):
        return value.replace(tzinfo=None) if value.tzinfo else value
    if isinstance(value, Decimal):
        return float(value)
    if isinstance(value, str | int | float | dt.date) or value is None:
        return value
    return str(value)


def write(
    table: Table, fmt: str, progress: Callable[[int], None] | None = None
) -> bytes:
    """The table's bytes in `fmt` ("csv" or "xlsx"); `progress(done)` every few hundred rows."""
    done = 0
    if fmt == "csv":
        buffer = io.StringIO()
        # A BOM, so spreadsheet programs read the accents as UTF-8.
        buffer.write("\ufeff")
        writer = csv.writer(buffer, delimiter=";")
        writer.writerow([str(h) for h in table.headers])
        for row in table.rows:
            writer.writerow([_csv_cell(v) for v in row])
            done += 1
            if progress and done % PROGRESS_EVERY == 0:
                progress(done)
        data = buffer.getvalue().encode("utf-8")
    else:
        book = Workbook(write_only=True)
        sheet = book.create_sheet(title=table.name[:31])
        sheet.append([str(h) for h in table.headers])
        for row in table.rows:
            sheet.append([_cell(v) for v in row])
            done += 1
            if progress and done % PROGRESS_EVERY == 0:
                progress(done)
        out = io.BytesIO()
        book.save(out)
        data = out.getvalue()
    if progress:
        progress(done)
    return data


def _csv_cell(value: Any) -> str:
    if isinstance(value, dt.datetime):
        return value.strftime("%d/%m/%Y %H:%M")
    if isinstance(value, dt.date):
        return value.strftime("%d/%m/%Y")
    if isinstance(value, Decimal):
        return str(value).replace(".", ",")
    return "" if value is None else str(value)


def export_job_create(
    *, user: User, dataset: str, fmt: str, params: dict[str, Any]
) -> ExportJob:
    """The job's row, then its task queued after commit (a lost task is found by its row)."""
    from workspace.tasks import export_run_task

    with transaction.atomic():
        job = ExportJob.objects.create(owner=user, dataset=dataset, format=fmt, params=params)
        transaction.on_commit(lambda: export_run_task.delay(job.pk))
    return job


def export_run(*, job_id: int, today: dt.date) -> ExportJob:
    """Write the job's file; safe to run twice (a finished job is left alone)."""
    job = ExportJob.objects.select_related("owner").get(pk=job_id)
    if job.status == ExportJob.Status.DONE:
        return job
    table = table_for(job.owner, job.dataset, job.params, today)
    ExportJob.objects.filter(pk=job.pk).update(
        status=ExportJob.Status.RUNNING, total=table.count or 0, done=0
    )

    def progress(done: int) -> None:
        ExportJob.objects.filter(pk=job.pk).update(done=done)

    data = write(table, job.format, progress)
    job.refresh_from_db()
    stamp = timezone.localtime().strftime("%Y%m%d-%H%M%S")
    job.file.save(f"{job.dataset}-{stamp}.{job.format}", ContentFile(data), save=False)
    job.status = ExportJob.Status.DONE
    job.finished_at = timezone.now()
    job.save(update_fields=["file", "status", "finished_at"])
    return job
