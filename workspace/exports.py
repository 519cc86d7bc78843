"""Every table of the workspace as CSV or XLSX, at once or in the background.

A table with more rows than `settings.EXPORT_SYNC_ROWS` is written by a Celery task
(`workspace.tasks.export_run_task`) into an `ExportJob`; the page polls its progress.
"""

from __future__ import annotations

import datetime as dt
import io
import json
import tempfile
import time
from collections.abc import Callable, Iterator
from typing import IO, Any
from urllib.parse import urlencode

from django.conf import settings
from django.core.exceptions import EmptyResultSet
from django.core.files import File
from django.db import connections, transaction
from django.db.models import F, QuerySet
from django.http import QueryDict
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from accounts.models import User
from cases.models import Case, CaseKind
from cases.workflow import all_workflows, state_label
from core.db import LocalMinute, local_minute_in_sql
from core.spreadsheets import CONTENT_TYPES, copy_csv, write_table
from workspace.dashboard import BUILDERS, Period, Table, dashboard_figures
from workspace.forms import CaseSearchForm
from workspace.models import ExportJob
from workspace.search import search_cases

__all__ = [
    "CONTENT_TYPES",
    "export_job_create",
    "export_run",
    "table_at_once",
    "table_for",
    "write",
]


PROGRESS_SECONDS = 1.0


def sync_limit() -> int:
    return settings.EXPORT_SYNC_ROWS


def _cases_rows(user: User, params: dict[str, Any]) -> QuerySet[Case] | None:
    """The search's cases (None for a filter that is not valid)."""
    form = CaseSearchForm(QueryDict(urlencode(params, doseq=True)))
    return search_cases(user=user, filters=form.filters()) if form.is_valid() else None


def cases_table(user: User, params: dict[str, Any], *, counted: bool = True) -> Table:
    """The search's result as a table (every matching case, not one page). `counted`: with
    its number of rows (the worker's progress bar), which reads every one of them."""
    rows = _cases_rows(user, params)

    def generate() -> Iterator[list[Any]]:
        if rows is None:
            return
        # Values, not model instances (a million cases on the worker), and each label
        # translated once per export, not once per row.
        kinds = {value: str(label) for value, label in CaseKind.choices}
        states: dict[tuple[str, str], str] = {}
        zone = timezone.get_current_timezone()
        # The moments as text from PostgreSQL (core.db.LocalMinute); elsewhere as
        # datetimes, formatted here in the municipality's zone.
        in_sql = local_minute_in_sql(rows.db)
        columns = rows.values_list(
            "number",
            "kind",
            "state",
            "applicant__name",
            "authorization__number",
            LocalMinute("opened_at") if in_sql else F("opened_at"),
            LocalMinute("closed_at") if in_sql else F("closed_at"),
        )
        for number, kind, state, name, term, opened, closed in columns.iterator(
            chunk_size=5000
        ):
            label = states.get((kind, state))
            if label is None:
                label = states[kind, state] = state_label(kind, state)
            if not in_sql:
                opened = opened.astimezone(zone)
                closed = closed.astimezone(zone) if closed else ""
            yield [
                number,
                kinds.get(kind, kind),
                label,
                name or "",
                term or "",
                opened,
                closed or "",
            ]

    table = Table(
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
        count=(rows.count() if counted else None) if rows is not None else 0,
    )
    if rows is not None and local_minute_in_sql(rows.db):
        headers = table.headers
        table.csv_writer = lambda out, progress: _cases_by_copy(rows, out, headers, progress)
    return table


# The columns of cases_table, as the query PostgreSQL writes (_cases_by_copy) names them.
_COPY_COLUMNS = ["number", "kind", "state", "name", "term", "opened", "closed"]


def _cases_by_copy(
    rows: QuerySet[Case],
    out: IO[bytes],
    headers: list[Any],
    progress: Callable[[int], None] | None,
) -> int:
    """The cases as CSV written by PostgreSQL (core.spreadsheets.copy_csv): the same
    columns as cases_table's rows, the labels of kinds and states looked up in SQL from
    the same choices, translated once, that the rows are written with."""
    kinds = {value: str(label) for value, label in CaseKind.choices}
    states = {
        workflow.kind: {value: str(label) for value, label in workflow.states.choices}
        for workflow in all_workflows()
    }
    values = rows.values(
        x_number=F("number"),
        x_kind=F("kind"),
        x_state=F("state"),
        x_name=F("applicant__name"),
        x_term=F("authorization__number"),
        x_opened=LocalMinute("opened_at"),
        x_closed=LocalMinute("closed_at"),
    )
    try:
        inner, inner_params = values.query.sql_with_params()
    except EmptyResultSet:  # `none()`: no case to write
        return write_table(out, "csv", headers=headers, rows=())
    # A label missing from the choices is written as stored, as state_label writes it.
    select = (
        "SELECT c.x_number AS number, COALESCE(%s::jsonb ->> c.x_kind, c.x_kind) AS kind, "
        "COALESCE(%s::jsonb -> c.x_kind ->> c.x_state, c.x_state) AS state, "
        "c.x_name AS name, c.x_term AS term, c.x_opened AS opened, c.x_closed AS closed "
        f"FROM ({inner}) AS c"
    )
    with connections[rows.db].cursor() as cursor:
        return copy_csv(
            out,
            cursor,
            headers=headers,
            select=select,
            params=[json.dumps(kinds), json.dumps(states), *inner_params],
            columns=_COPY_COLUMNS,
            progress=progress,
        )


def table_for(
    user: User, dataset: str, params: dict[str, Any], today: dt.date, *, counted: bool = True
) -> Table:
    """The named table for this user (KeyError for an unknown name); `counted`: see
    cases_table (a dashboard table is always counted: it is short)."""
    if dataset == "cases":
        return cases_table(user, params, counted=counted)
    if dataset not in BUILDERS:
        raise KeyError(dataset)
    # The dashboard's figures, as the page the export was asked from shows them.
    table = dashboard_figures(user, today, period_from(params, today)).tables[dataset]
    table.count = len(table.rows)  # type: ignore[arg-type]
    return table


def table_at_once(
    user: User, dataset: str, params: dict[str, Any], today: dt.date
) -> Table | None:
    """The named table when it is short enough to be written in the request (at most
    `sync_limit()` rows), else None: a background job writes it.

    Decided without reading the whole table: the cases are counted no further than one
    past the limit (counting every one took the request 0.1 s at a million cases, issue
    25); a dashboard table holds a few hundred rows at most, from figures kept in the cache."""
    limit = sync_limit()
    if dataset == "cases":
        rows = _cases_rows(user, params)
        if rows is not None and rows.order_by().values("pk")[: limit + 1].count() > limit:
            return None
        return cases_table(user, params, counted=False)
    table = table_for(user, dataset, params, today)
    return table if (table.count or 0) <= limit else None


def period_from(params: dict[str, Any], today: dt.date) -> Period:
    from workspace.forms import PeriodForm

    form = PeriodForm(params)
    return form.period(today) if form.is_valid() else Period.last_months(today)


def write(table: Table, fmt: str, progress: Callable[[int], None] | None = None) -> bytes:
    """The table's bytes in `fmt` ("csv" or "xlsx"), for a table short enough for a page."""
    out = io.BytesIO()
    _write_to(out, table, fmt, progress)
    return out.getvalue()


def _write_to(
    out: IO[bytes], table: Table, fmt: str, progress: Callable[[int], None] | None = None
) -> int:
    if fmt == "csv" and table.csv_writer is not None:
        return table.csv_writer(out, progress)
    return write_table(
        out,
        fmt,
        headers=table.headers,
        rows=table.rows,
        sheet_title=table.name,
        progress=progress,
    )


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

    # The page polls every second or so: more writes than that only slow a long export.
    last = [0.0]

    def progress(done: int) -> None:
        now = time.monotonic()
        if now - last[0] >= PROGRESS_SECONDS:
            last[0] = now
            ExportJob.objects.filter(pk=job.pk).update(done=done)

    # Written to a temporary file, not memory: a long export's size does not grow the worker.
    with tempfile.TemporaryFile() as out:
        written = _write_to(out, table, job.format, progress)
        out.seek(0)
        job.refresh_from_db()
        stamp = timezone.localtime().strftime("%Y%m%d-%H%M%S")
        name = f"{job.dataset}-{stamp}.{job.format}"
        job.file.save(name, File(out, name=name), save=False)
    # The reading is logged with the file made ready, or neither (a retry does both).
    with transaction.atomic():
        export_read_log(
            user=job.owner, dataset=job.dataset, fmt=job.format, params=job.params, table=table
        )
        job.status = ExportJob.Status.DONE
        job.done = written
        job.finished_at = timezone.now()
        job.save(update_fields=["file", "status", "done", "finished_at"])
    return job


def export_read_log(
    *, user: User, dataset: str, fmt: str, params: dict[str, Any], table: Table
) -> None:
    """An export of `table` is a reading of every driver it names (LGPD Art. 37), by
    whoever asked: logged in the request for a short export, by the worker that writes a
    long one (a register's worth of drivers is not written while the clerk waits)."""
    from accounts.services import personal_data_read
    from workspace.reads import export_drivers

    personal_data_read(
        actor=user,
        drivers=export_drivers(user, dataset, params, table),
        case=None,
        channel="export",
        path=reverse("workspace-export", args=[dataset, fmt]) + _query(params),
        what=f"exportação {dataset}.{fmt}",
        purpose="report",
    )


def _query(params: dict[str, Any]) -> str:
    return f"?{urlencode(params, doseq=True)}" if params else ""
