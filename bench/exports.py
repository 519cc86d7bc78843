"""The cases export on the worker at scale (issue 25 §2), run by `bin/bench` in a process
of its own on the seeded database:

- its speed: `workspace.exports.export_run` writing every case a clerk sees as CSV, against
  PostgreSQL's own `COPY (…) TO STDOUT` of the same columns, in the same order, timed in
  the same process (ratio = COPY seconds ÷ export seconds; the target is ≥ 0.3), the
  process started as a worker's is after its first task (the URLconf loaded);
- its memory: the process's peak resident size during the export above what it held
  before (ru_maxrss), which must not grow with the rows (compare the sizes of one run).

    python -m bench.exports            # prints one JSON line
"""

from __future__ import annotations

import json
import re
import resource
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

# The same rows and columns the export writes, read by PostgreSQL alone: kind and state as
# stored (the export writes their labels), the times in the municipality's zone.
COPY_SQL = """
COPY (
  SELECT c.number, c.kind, c.state, d.name, a.number,
         to_char(c.opened_at AT TIME ZONE %(zone)s, 'DD/MM/YYYY HH24:MI'),
         to_char(c.closed_at AT TIME ZONE %(zone)s, 'DD/MM/YYYY HH24:MI')
  FROM cases_case c
  LEFT JOIN registers_driver d ON d.id = c.applicant_id
  LEFT JOIN registers_authorization a ON a.id = c.authorization_id
  WHERE c.id IN (%(visible)s)
  ORDER BY c.opened_at DESC, c.id DESC
) TO STDOUT WITH (FORMAT csv, DELIMITER ';')
"""


def _peak_kib() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def copy_seconds() -> tuple[float, int]:
    from django.conf import settings
    from django.db import connection
    from django.http import QueryDict

    from accounts.models import User
    from workspace.forms import CaseSearchForm
    from workspace.search import search_cases

    # The rows the export writes: the cases the clerk sees, with no filter.
    clerk = User.objects.get(username="bench-clerk")
    form = CaseSearchForm(QueryDict(""))
    form.is_valid()
    visible = search_cases(user=clerk, filters=form.filters()).order_by().values("pk")
    visible_sql, params = visible.query.sql_with_params()

    # COPY takes no bind parameters; the zone is a setting, checked to be a zone's name.
    zone = settings.TIME_ZONE
    if not re.fullmatch(r"[A-Za-z0-9_/+-]+", zone):
        raise ValueError(f"unexpected TIME_ZONE {zone!r}")
    sql = COPY_SQL.replace("%(zone)s", f"'{zone}'").replace("%(visible)s", visible_sql)
    started = time.perf_counter()
    written = 0
    with (
        tempfile.TemporaryFile() as out,
        connection.cursor() as cursor,
        cursor.copy(sql, params) as copy,
    ):
        for block in copy:
            out.write(block)
            written += len(block)
    return time.perf_counter() - started, written


def export_seconds() -> tuple[float, int, int]:
    """Seconds, peak growth (KiB) and rows written."""
    from django.utils import timezone

    from accounts.models import User
    from workspace.exports import export_run
    from workspace.models import ExportJob

    clerk = User.objects.get(username="bench-clerk")
    job = ExportJob.objects.create(owner=clerk, dataset="cases", format="csv", params={})
    before = _peak_kib()
    started = time.perf_counter()
    job = export_run(job_id=job.pk, today=timezone.localdate())
    seconds = time.perf_counter() - started
    grown = _peak_kib() - before
    written = job.done
    job.file.delete(save=False)
    return seconds, grown, written


def main() -> int:
    import django

    django.setup()
    # A worker process loads the URLconf once, with its first task (the read log names the
    # export's address): 1.4 s of imports that are no export's cost, and that the COPY
    # timed after the export would not pay.
    from django.urls import reverse

    reverse("workspace-export", args=["cases", "csv"])
    # The export first: its peak is measured above what the process held after start-up.
    seconds, grown_kib, rows = export_seconds()
    copied, copied_bytes = copy_seconds()
    print(
        json.dumps(
            {
                "rows": rows,
                "export_seconds": round(seconds, 3),
                "peak_growth_mib": round(grown_kib / 1024, 1),
                "copy_seconds": round(copied, 3),
                "copy_bytes": copied_bytes,
                "ratio_copy_to_export": round(copied / seconds, 3),
            }
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
