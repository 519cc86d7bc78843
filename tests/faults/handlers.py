"""Test-only deadline handlers for the fault suite, imported by the test process and, through
CELERY_EXTRA_IMPORTS, by the workers it starts.

Each applied row leaves one timeline event (`faults.applied`, with the row's id) written in
the row's savepoint, so "processed exactly once" is a count of committed events, and a
processing that died before its commit leaves none.

`faults.slow` pauses on a row's first attempt only, so a test can kill the process (or its
database connection) at a reproducible point and the next attempt goes straight through:
  FAULTS_PAUSE=before  pause inside the row's savepoint, before the batch commits;
  FAULTS_PAUSE=after   pause after the batch committed, before the task returns.
FAULTS_MARKERS names a directory where the handler drops `<row>.applying` and
`<row>.committed` files as it passes each point (files, so they survive a rollback), and
goes on when the test drops `<row>.release` there.
"""

from __future__ import annotations

import datetime as dt
import os
import time
from pathlib import Path

from django.db import transaction

from cases.models import Case, Deadline
from cases.services.deadlines import deadline_handler
from cases.services.transitions import case_record

APPLIED = "faults.applied"
PAUSE_SECONDS = 120.0


def _record(case: Case | None, deadline: Deadline) -> None:
    assert case is not None
    case_record(case=case, actor=None, event=APPLIED, data={"deadline": deadline.pk})


@deadline_handler("faults.count")
def _count(case: Case | None, deadline: Deadline, today: dt.date) -> bool:
    _record(case, deadline)
    return True


def _marker(deadline: Deadline, point: str) -> Path | None:
    folder = os.environ.get("FAULTS_MARKERS")
    return Path(folder) / f"{deadline.pk}.{point}" if folder else None


def _pause_once(deadline: Deadline, point: str) -> None:
    marker = _marker(deadline, point)
    if marker is None or marker.exists():
        return  # a later attempt: no pause
    marker.write_text(str(os.getpid()))
    # Until the test kills the process, or drops `<row>.release` to let it go on.
    release = marker.with_suffix(".release")
    end = time.monotonic() + PAUSE_SECONDS
    while time.monotonic() < end and not release.exists():
        time.sleep(0.1)


@deadline_handler("faults.slow")
def _slow(case: Case | None, deadline: Deadline, today: dt.date) -> bool:
    _record(case, deadline)
    mode = os.environ.get("FAULTS_PAUSE", "")
    if mode == "before":
        _pause_once(deadline, "applying")
    elif mode == "after":
        transaction.on_commit(lambda: _pause_once(deadline, "committed"))
    return True
