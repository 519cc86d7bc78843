"""DESIGN principle 4 with everything at once: four worker processes and two beat-like
schedulers (issue 12: 10,000 due rows; FAULTS_ROWS, CI default 2,000) — each row applied
exactly once, whichever sweep claims it."""

from __future__ import annotations

import subprocess
import sys

import pytest
from django.conf import settings

from cases.models import Deadline
from tests.faults.conftest import ROWS, assert_each_once, due_rows, wait_until

pytestmark = [pytest.mark.faults, pytest.mark.worker]

# A scheduler process: what `celery beat` does, but every half second instead of every minute.
SCHEDULER = """
import os, sys, time, django
django.setup()
from cases.tasks import sweep_deadlines
stop = sys.argv[1]
while not os.path.exists(stop):
    sweep_deadlines.apply_async()
    time.sleep(0.5)
"""


def test_four_sweepers_and_two_schedulers_apply_each_row_once(worker_factory, tmp_path):
    ids = due_rows(ROWS, per_case=10)
    workers = [
        worker_factory(f"sweeper{i}", DEADLINE_SWEEP_BATCH="50").start(wait=False) for i in range(4)
    ]
    for worker in workers:
        worker.wait_ready()
    stop = tmp_path / "stop-schedulers"
    env = {**workers[0].env}
    schedulers = [
        subprocess.Popen(
            [sys.executable, "-c", SCHEDULER, str(stop)], cwd=settings.BASE_DIR, env=env
        )
        for _ in range(2)
    ]
    try:
        pending = Deadline.objects.filter(pk__in=ids, state=Deadline.State.PENDING)
        wait_until(
            lambda: not pending.exists(),
            timeout=60 + ROWS / 10,
            interval=1,
            what=f"{ROWS} rows swept",
            log=workers[0].log,
        )
    finally:
        stop.touch()
        for scheduler in schedulers:
            scheduler.wait(timeout=30)
    assert_each_once(ids)
    # Every worker took part: the rows were shared, not swept by one while others idled.
    busy = [w for w in workers if "sweep_deadlines" in w.log.read_text()]
    assert len(busy) == len(workers), [w.name for w in workers if w not in busy]
