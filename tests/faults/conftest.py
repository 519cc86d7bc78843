"""The fault suite's processes: real Celery workers, a Redis server of its own, SMTP.

Sizes come from the environment so CI stays within its time budget; the issue's full sizes
(issue 12, item 8) are
    FAULTS_ROWS=10000 FAULTS_RACES=1000 bin/test -m faults
and the CI defaults below finish the whole suite in a few minutes on a 2-core machine.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import redis
from django.conf import settings
from django.db import connection
from django.utils import timezone

from cases.models import AuditEvent, Deadline
from cases.services.deadlines import cases_next_due_refresh
from tests.conftest import _database_url_for
from tests.factories import SuspensionCaseFactory
from tests.faults import handlers

ROWS = int(os.environ.get("FAULTS_ROWS", "2000"))
RACES = int(os.environ.get("FAULTS_RACES", "200"))


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_until(
    predicate: Callable[[], bool],
    *,
    timeout: float,
    what: str,
    log: Path | None = None,
    interval: float = 0.2,
) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return
        time.sleep(interval)
    tail = "" if log is None else "\n" + log.read_text()[-6000:]
    raise AssertionError(f"{what}: not met in {timeout:.0f} s{tail}")


class Worker:
    """One `celery worker --pool=solo` process on the test database."""

    def __init__(self, *, name: str, log: Path, env: dict[str, str]) -> None:
        self.name = name
        self.log = log
        self.env = env
        self.process: subprocess.Popen[bytes] | None = None

    def start(self, *, wait: bool = True) -> Worker:
        # A restarted worker appends to the same log: it is ready at one more "ready." line.
        self._ready_before = self.log.read_bytes().count(b"ready.") if self.log.exists() else 0
        with open(self.log, "ab") as out:
            self.process = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "celery",
                    "-A",
                    "config",
                    "worker",
                    "--pool=solo",
                    "--loglevel=INFO",
                    "-Q",
                    settings.CELERY_TASK_DEFAULT_QUEUE,
                    "--without-heartbeat",
                    "--without-gossip",
                    "--without-mingle",
                    "-n",
                    f"{self.name}-{os.getpid()}@localhost",
                ],
                cwd=settings.BASE_DIR,
                env=self.env,
                stdout=out,
                stderr=subprocess.STDOUT,
            )
        if wait:
            self.wait_ready()
        return self

    def wait_ready(self) -> None:
        def started() -> bool:
            assert self.process is not None
            if self.process.poll() is not None:
                raise AssertionError("worker exited:\n" + self.log.read_text()[-6000:])
            return self.log.read_bytes().count(b"ready.") > self._ready_before

        wait_until(started, timeout=90, what=f"{self.name} ready", log=self.log)

    def task_succeeded(self, task_id: str) -> bool:
        return f"[{task_id}] succeeded" in self.log.read_text()

    def kill9(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=20)

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=20)


@pytest.fixture
def markers(tmp_path) -> Path:
    folder = tmp_path / "markers"
    folder.mkdir()
    return folder


@pytest.fixture
def worker_factory(transactional_db, tmp_path, markers) -> Iterator[Callable[..., Worker]]:
    """Starts workers on the test database; every one started is stopped at the end."""
    started: list[Worker] = []
    url = _database_url_for(connection.settings_dict)

    def make(
        name: str = "w", *, broker: str | None = None, database_url: str | None = None, **extra: str
    ) -> Worker:
        env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "config.settings_test",
            "DATABASE_URL": database_url or url,
            "CELERY_BROKER_URL": broker or settings.CELERY_BROKER_URL,
            "CELERY_EXTRA_IMPORTS": handlers.__name__,
            "FAULTS_MARKERS": str(markers),
            **extra,
        }
        worker = Worker(name=name, log=tmp_path / f"{name}.log", env=env)
        started.append(worker)
        return worker

    queue_redis = redis.Redis.from_url(settings.CELERY_BROKER_URL)
    queue_redis.delete(settings.CELERY_TASK_DEFAULT_QUEUE)
    yield make
    for worker in started:
        worker.stop()
    # A killed worker's unacknowledged sweep would come back an hour later into another run.
    queue_redis.delete(settings.CELERY_TASK_DEFAULT_QUEUE, "unacked", "unacked_index")


class RedisServer:
    """A redis-server of the test's own on a free port: never the machine's shared one,
    which other runs use as their broker."""

    def __init__(self, folder: Path) -> None:
        self.port = free_port()
        self.folder = folder
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        binary = shutil.which("redis-server") or "/usr/bin/redis-server"
        self.process = subprocess.Popen(
            [
                binary,
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                str(self.folder),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        wait_until(self.alive, timeout=20, what="redis-server up")

    def alive(self) -> bool:
        try:
            return bool(redis.Redis(port=self.port, socket_timeout=1).ping())
        except redis.exceptions.ConnectionError:
            return False

    def shutdown_nosave(self) -> None:
        # The server closes the connection as it goes.
        with contextlib.suppress(redis.exceptions.ConnectionError):
            redis.Redis(port=self.port).shutdown(nosave=True)
        assert self.process is not None
        self.process.wait(timeout=20)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=20)


@pytest.fixture
def own_redis(tmp_path) -> Iterator[RedisServer]:
    folder = tmp_path / "redis"
    folder.mkdir()
    server = RedisServer(folder)
    server.start()
    yield server
    server.stop()


def due_rows(
    count: int, *, kind: str = "faults.count", per_case: int = 10, due_on: dt.date | None = None
) -> list[int]:
    """`count` due rows, `per_case` to a case, written in bulk (the seed is not under test)."""
    due_on = due_on or timezone.localdate() - dt.timedelta(days=2)
    cases = [SuspensionCaseFactory() for _ in range(max(1, -(-count // per_case)))]
    rows = [
        Deadline(
            case=cases[i // per_case],
            kind=kind,
            label="fault suite",
            due_on=due_on,
            counting=Deadline.Counting.FIXED_DATE,
            article="Art. 24",
        )
        for i in range(count)
    ]
    ids = [row.pk for row in Deadline.objects.bulk_create(rows, batch_size=1000)]
    cases_next_due_refresh(case.pk for case in cases)
    return ids


def applied_counts() -> Counter[int]:
    """How many committed `faults.applied` events each row has."""
    return Counter(
        int(value)
        for value in AuditEvent.objects.filter(transition=handlers.APPLIED).values_list(
            "data__deadline", flat=True
        )
    )


def assert_each_once(ids: list[int]) -> None:
    """Every row processed exactly once, and nothing half-written around it."""
    counts = applied_counts()
    twice = {pk: n for pk, n in counts.items() if n > 1}
    missing = [pk for pk in ids if counts.get(pk, 0) == 0]
    assert not twice, f"processed more than once: {list(twice.items())[:10]}"
    assert not missing, f"never processed: {missing[:10]} (of {len(missing)})"
    states = Counter(Deadline.objects.filter(pk__in=ids).values_list("state", flat=True))
    assert states == {Deadline.State.DONE: len(ids)}
    assert (
        not Deadline.objects.filter(pk__in=ids, attempts__gt=0)
        .exclude(state=Deadline.State.DONE)
        .exists()
    )
    # The queue's column agrees with the rows: no case points at a row already done.
    from cases.models import Case

    stale = Case.objects.filter(deadlines__pk__in=ids, next_due_on__isnull=False).distinct()
    assert not stale.exists(), list(stale.values_list("pk", "next_due_on")[:5])
