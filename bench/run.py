"""Benchmarks of the three hot paths, each reported as a ratio against a same-run baseline.

Run from the repository root:

    .venv/bin/python bench/run.py           # full sizes
    .venv/bin/python bench/run.py --quick   # tiny sizes (what the smoke test runs)

Why ratios: absolute timings depend on the machine, its load and PostgreSQL's settings, so
they cannot be compared across runs or hosts. A baseline measured in the same process, on
the same database, minutes apart, cancels most of that out; the ratio is what we track.

Why a throw-away database: the figures need thousands of rows that must not leak into the
dev database (``mantenopolis``) nor the test database (``test_mantenopolis``), and a run
must not depend on what is in either. The script creates ``bench_mantenopolis`` with
Django's test-database machinery (full migrations, triggers included) and drops it at the
end, also on failure or Ctrl-C.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime as dt
import os
import platform
import random
import statistics
import sys
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any
from zoneinfo import ZoneInfo

if TYPE_CHECKING:
    from accounts.models import User
    from registers.models import Authorization

ROOT = Path(__file__).resolve().parent.parent
BENCH_DB_NAME = "bench_mantenopolis"
HANDLER_KIND = "bench.noop"
QUEUE_DEADLINE_KIND = "bench.queue"

SP = ZoneInfo("America/Sao_Paulo")
# A fixed "today" keeps the data (and so the plans PostgreSQL picks) the same from run to run.
TODAY = dt.date(2026, 4, 1)
NOW = dt.datetime(2026, 4, 1, 0, 5, tzinfo=SP)
CASE_YEAR = 2026


@dataclass(frozen=True)
class Sizes:
    """How much work each benchmark does; --quick shrinks everything for the smoke test."""

    sweep_rows: int
    sweep_repeats: int
    sweep_cases: int
    queue_cases: int
    queue_repeats: int
    calendar_starts: int
    calendar_repeats: int


FULL = Sizes(
    sweep_rows=2000,
    sweep_repeats=5,
    sweep_cases=100,
    queue_cases=5000,
    queue_repeats=25,
    calendar_starts=10_000,
    calendar_repeats=7,
)
QUICK = Sizes(
    sweep_rows=200,
    sweep_repeats=3,
    sweep_cases=20,
    queue_cases=200,
    queue_repeats=5,
    calendar_starts=1000,
    calendar_repeats=3,
)


@dataclass(frozen=True)
class Result:
    """One line of the table; `ratio` is always measured against `baseline` of this run."""

    key: str
    name: str
    baseline: str
    measured: str
    ratio: float
    meaning: str


# --------------------------------------------------------------------------------------
# Set-up: Django, the throw-away database, shared data
# --------------------------------------------------------------------------------------


def django_setup() -> None:
    """Point Django at the test settings before anything imports a model.

    The settings module is forced (not defaulted) so a developer's shell that exports the
    production settings can never make the benchmark write into a real database.
    """
    sys.path.insert(0, str(ROOT))
    os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings_test"
    import django
    from django.conf import settings

    django.setup()
    # With DEBUG on, every query is kept in connection.queries: memory grows and timings
    # include the bookkeeping. The figures must not depend on a developer's DEBUG.
    settings.DEBUG = False


def create_bench_db() -> str:
    """Create the throw-away database and return the original NAME for the tear-down."""
    from django.db import connection

    if connection.vendor != "postgresql":
        raise SystemExit(
            f"bench needs PostgreSQL (FOR UPDATE SKIP LOCKED); DATABASE_URL gives "
            f"{connection.vendor}"
        )
    connection.settings_dict.setdefault("TEST", {})["NAME"] = BENCH_DB_NAME
    old_name = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0, autoclobber=True, keepdb=False, serialize=False)
    assert_on_bench_db()
    return old_name


def destroy_bench_db(old_name: str) -> None:
    from django.db import connection, connections

    connections.close_all()
    try:
        connection.creation.destroy_test_db(old_name, verbosity=0, keepdb=False)
    except Exception:
        print(
            f"could not drop {BENCH_DB_NAME}; the next run drops it, or: "
            f"dropdb -h 127.0.0.1 -U postgres {BENCH_DB_NAME}",
            file=sys.stderr,
        )
        raise


def assert_on_bench_db() -> None:
    """Refuse to write anywhere but the throw-away database (checked per connection)."""
    from django.db import connection

    with connection.cursor() as cur:
        cur.execute("SELECT current_database()")
        (name,) = cur.fetchone()
    if name != BENCH_DB_NAME:
        raise RuntimeError(f"connected to {name!r}, not {BENCH_DB_NAME!r}; refusing to write")


def register_noop_handler() -> None:
    """A handler that does nothing, so the sweeper figure is the engine's own overhead
    (claiming, locking, savepoint, case fetch, row update) and not a workflow's work."""
    from cases.models import Case, Deadline
    from cases.services.deadlines import deadline_handler

    @deadline_handler(HANDLER_KIND)
    def _noop(case: Case, deadline: Deadline, today: dt.date) -> bool:
        return True


def vacuum(*tables: str) -> None:
    """Drop dead tuples and refresh statistics so every repetition starts from the same
    table state (the UPDATEs of the previous one would otherwise bloat the next)."""
    from django.db import connection

    with connection.cursor() as cur:
        for table in tables:
            cur.execute(f'VACUUM ANALYZE "{table}"')


def make_people(authorizations: int) -> tuple[User, list[Authorization]]:
    """A clerk and a few authorizations (holder, vehicle) for the cases to point at.

    The project's factories are used because they produce valid CPF/CNH/RENAVAM and
    plates; there are few of these rows, so their per-row cost does not matter.
    """
    from accounts.roles import Role
    from tests.factories import AuthorizationFactory, UserFactory

    clerk = UserFactory(role=Role.CLERK, username="bench-clerk")
    return clerk, [AuthorizationFactory() for _ in range(authorizations)]


def make_open_cases(
    count: int, *, authorizations: Sequence[Authorization], clerk: User, rng: random.Random
) -> list[int]:
    """`count` open SuspensionCase rows, written in bulk; returns their ids.

    bulk_create refuses multi-table children, so the parent `Case` rows are bulk-created
    and the `SuspensionCase` child rows are added with one INSERT ... SELECT. Creating
    them one by one through the ORM would take minutes at the full size.
    """
    from django.db import connection, transaction
    from django.utils import timezone

    from cases.models import Case, CaseKind
    from workflows.suspension.models import SuspensionCase, SuspensionGround, SuspensionState

    open_states = [
        SuspensionState.FILED,
        SuspensionState.CORRECTION_REQUESTED,
        SuspensionState.AWAITING_DECISION,
        SuspensionState.IN_EFFECT,
    ]
    now = timezone.now()
    rows = []
    for i in range(count):
        authorization = authorizations[i % len(authorizations)]
        rows.append(
            Case(
                number=f"{CASE_YEAR}/{i + 1:06d}",
                year=CASE_YEAR,
                sequence=i + 1,
                kind=CaseKind.SUSPENSION,
                state=rng.choice(open_states),
                applicant_id=authorization.holder_id,
                authorization_id=authorization.pk,
                assignee=clerk if rng.random() < 0.3 else None,
                opened_at=now - dt.timedelta(minutes=rng.randrange(60 * 24 * 365)),
            )
        )
    meta = SuspensionCase._meta
    column = {name: meta.get_field(name).column for name in ("ground", "requested_days", "reason")}
    with transaction.atomic():
        Case.objects.bulk_create(rows, batch_size=1000)
        with connection.cursor() as cur:
            cur.execute(
                f'INSERT INTO "{meta.db_table}" ("{meta.pk.column}", "{column["ground"]}", '
                f'"{column["requested_days"]}", "{column["reason"]}") '
                f'SELECT "id", %s, %s, %s FROM "{Case._meta.db_table}" WHERE "kind" = %s',
                [SuspensionGround.VEHICLE_SUBSTITUTION, 30, "", CaseKind.SUSPENSION],
            )
    return [case.pk for case in rows]


# --------------------------------------------------------------------------------------
# Timing helpers
# --------------------------------------------------------------------------------------


def timed(func: Callable[[], Any]) -> float:
    """Seconds one call takes, by the monotonic high-resolution clock."""
    start = time.perf_counter()
    func()
    return time.perf_counter() - start


def median_pair(
    baseline: Callable[[], Any], measured: Callable[[], Any], repeats: int
) -> tuple[float, float]:
    """Median seconds of each, alternating which goes first so neither always gets the
    warmer cache or the quieter moment."""
    base_times: list[float] = []
    meas_times: list[float] = []
    for i in range(repeats):
        if i % 2 == 0:
            base_times.append(timed(baseline))
            meas_times.append(timed(measured))
        else:
            meas_times.append(timed(measured))
            base_times.append(timed(baseline))
    return statistics.median(base_times), statistics.median(meas_times)


def fmt_rate(rows_per_s: float) -> str:
    return f"{rows_per_s:,.0f} rows/s"


def fmt_seconds(seconds: float) -> str:
    if seconds >= 1:
        return f"{seconds:.2f} s"
    if seconds >= 1e-3:
        return f"{seconds * 1e3:.2f} ms"
    return f"{seconds * 1e6:.2f} µs"


# --------------------------------------------------------------------------------------
# 1. Deadline sweeper
# --------------------------------------------------------------------------------------


def seed_due_rows(n: int, case_ids: Sequence[int], rng: random.Random) -> None:
    """`n` pending rows already due at TODAY, spread over the given cases."""
    from cases.models import Deadline

    Deadline.objects.bulk_create(
        [
            Deadline(
                case_id=case_ids[i % len(case_ids)],
                kind=HANDLER_KIND,
                label="bench",
                due_on=TODAY - dt.timedelta(days=1 + rng.randrange(30)),
                counting=Deadline.Counting.FIXED_DATE,
                article="Art. 24",
            )
            for i in range(n)
        ],
        batch_size=1000,
    )


def clear_due_rows() -> None:
    from cases.models import Deadline

    Deadline.objects.filter(kind=HANDLER_KIND).delete()
    vacuum(Deadline._meta.db_table)


def sweep_serial(n: int) -> float:
    """Seconds one sweeper takes to process the `n` seeded rows."""
    from cases.services.deadlines import deadlines_sweep

    report = None

    def run() -> None:
        nonlocal report
        report = deadlines_sweep(today=TODAY, now=NOW, max_rows=n)

    seconds = timed(run)
    assert report is not None and report.applied == n, f"sweeper applied {report} of {n}"
    return seconds


def plain_updates(n: int) -> float:
    """Baseline: the same number of rows marked done, one transaction each, by primary key.

    This is the least any one-row-per-transaction sweeper must pay (a round trip, a row
    write and a commit per row); what the real sweeper costs beyond it is its overhead.
    """
    from django.db import connection, transaction

    from cases.models import Deadline

    ids = list(
        Deadline.objects.filter(kind=HANDLER_KIND, state=Deadline.State.PENDING)
        .order_by("due_on", "id")
        .values_list("id", flat=True)
    )
    assert len(ids) == n, f"expected {n} pending rows, found {len(ids)}"
    sql = f'UPDATE "{Deadline._meta.db_table}" SET "state" = %s, "resolved_at" = %s WHERE "id" = %s'

    def run() -> None:
        with connection.cursor() as cur:
            for pk in ids:
                with transaction.atomic():
                    cur.execute(sql, [Deadline.State.DONE, NOW, pk])

    return timed(run)


def sweep_parallel(n: int, workers: int, splits: list[list[int]]) -> float:
    """Wall-clock seconds for `workers` sweepers in threads (each with its own database
    connection) to drain the same `n` rows; checks each row was applied exactly once and
    appends how many rows each thread took to `splits` (SKIP LOCKED should share them)."""
    from django.db import connection

    from cases.models import Deadline
    from cases.services.deadlines import deadlines_sweep

    barrier = threading.Barrier(workers + 1)
    processed = [0] * workers
    errors: list[BaseException] = []

    def worker(index: int) -> None:
        try:
            assert_on_bench_db()  # also opens the connection before the clock starts
            barrier.wait()
            processed[index] = deadlines_sweep(today=TODAY, now=NOW, max_rows=n).processed
        except BaseException as exc:  # noqa: BLE001 — re-raised in the main thread
            errors.append(exc)
            barrier.abort()
        finally:
            connection.close()

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(workers)]
    for thread in threads:
        thread.start()
    try:
        with contextlib.suppress(threading.BrokenBarrierError):  # a worker failed: see below
            barrier.wait()
        start = time.perf_counter()
        for thread in threads:
            thread.join()
        seconds = time.perf_counter() - start
    finally:
        # After Ctrl-C too: the threads' connections must be closed before the database
        # can be dropped, and a sweep is bounded (max_rows=n), so this wait is short.
        barrier.abort()
        for thread in threads:
            thread.join()
    if errors:
        raise errors[0]
    done = Deadline.objects.filter(kind=HANDLER_KIND, state=Deadline.State.DONE).count()
    assert sum(processed) == n == done, f"parallel sweep: {processed=} {done=} of {n}"
    splits.append(processed)
    return seconds


def bench_sweeper(sizes: Sizes, case_ids: Sequence[int], rng: random.Random) -> list[Result]:
    """Each repetition seeds fresh rows for each contender (untimed), then times it."""
    from cases.models import Deadline

    n = sizes.sweep_rows
    pool = case_ids[: sizes.sweep_cases]
    baseline_s: list[float] = []
    serial_s: list[float] = []
    parallel_s: list[float] = []
    splits: list[list[int]] = []
    contenders: list[tuple[list[float], Callable[[], float]]] = [
        (baseline_s, lambda: plain_updates(n)),
        (serial_s, lambda: sweep_serial(n)),
        (parallel_s, lambda: sweep_parallel(n, workers=2, splits=splits)),
    ]
    # Warm-up: first queries, plan caches, the handler import path.
    seed_due_rows(min(n, 50), pool, rng)
    sweep_serial(min(n, 50))
    clear_due_rows()
    for repeat in range(sizes.sweep_repeats):
        order = contenders[repeat % 3 :] + contenders[: repeat % 3]
        for times, run in order:
            seed_due_rows(n, pool, rng)
            vacuum(Deadline._meta.db_table)
            times.append(run())
            clear_due_rows()
    base_rate = n / statistics.median(baseline_s)
    serial_rate = n / statistics.median(serial_s)
    parallel_rate = n / statistics.median(parallel_s)
    return [
        Result(
            key="deadline sweeper",
            name=f"deadline sweeper ({n} rows)",
            baseline=fmt_rate(base_rate),
            measured=fmt_rate(serial_rate),
            ratio=base_rate / serial_rate,
            meaning="overhead factor: time of deadlines_sweep / time of plain "
            "UPDATE-by-id, one transaction per row each",
        ),
        Result(
            key="deadline sweeper x2",
            name=f"2 sweepers in parallel ({n} rows)",
            baseline=fmt_rate(serial_rate),
            measured=fmt_rate(parallel_rate),
            ratio=parallel_rate / serial_rate,
            meaning=f"speedup of 2 threads over 1 sweeper; ideal 2.0 on {os.cpu_count()} CPUs "
            f"shared with PostgreSQL; rows per thread: "
            + ", ".join("/".join(map(str, split)) for split in splits),
        ),
    ]


# --------------------------------------------------------------------------------------
# 2. Clerk queue
# --------------------------------------------------------------------------------------


def seed_queue_deadlines(case_ids: Sequence[int], rng: random.Random) -> int:
    """0-3 deadline rows per case, mostly pending, some done or failed, due around TODAY,
    so the queue's MIN/COUNT aggregates have realistic work to do."""
    from cases.models import Deadline

    states = [Deadline.State.PENDING] * 7 + [Deadline.State.DONE] * 2 + [Deadline.State.FAILED]
    rows = [
        Deadline(
            case_id=case_id,
            kind=QUEUE_DEADLINE_KIND,
            label="bench",
            due_on=TODAY + dt.timedelta(days=rng.randint(-30, 90)),
            counting=Deadline.Counting.CALENDAR_DAYS,
            article="Art. 24",
            state=rng.choice(states),
        )
        for case_id in case_ids
        for _ in range(rng.randint(0, 3))
    ]
    Deadline.objects.bulk_create(rows, batch_size=2000)
    return len(rows)


def bench_queue(sizes: Sizes, clerk: User, case_ids: Sequence[int], rng: random.Random) -> Result:
    from cases.models import Case, Deadline
    from cases.selectors import QueueFilter, case_queue
    from workflows.suspension.models import SuspensionCase

    deadlines = seed_queue_deadlines(case_ids, rng)
    vacuum(Case._meta.db_table, Deadline._meta.db_table, SuspensionCase._meta.db_table)

    def measured() -> None:
        rows = list(case_queue(user=clerk, filters=QueueFilter(), today=TODAY)[:200])
        assert len(rows) == min(200, len(case_ids))

    def baseline() -> None:
        rows = list(Case.objects.filter(closed_at__isnull=True).order_by("opened_at")[:200])
        assert len(rows) == min(200, len(case_ids))

    measured()  # warm-up; also fills the clerk's role cache, as a request would
    baseline()
    base_s, meas_s = median_pair(baseline, measured, sizes.queue_repeats)
    return Result(
        key="clerk queue",
        name=f"clerk queue [:200] ({len(case_ids)} cases, {deadlines} deadlines)",
        baseline=fmt_seconds(base_s),
        measured=fmt_seconds(meas_s),
        ratio=meas_s / base_s,
        meaning="time of case_queue()[:200] / time of open cases by opened_at [:200]",
    )


# --------------------------------------------------------------------------------------
# 3. Calendar
# --------------------------------------------------------------------------------------


def bench_calendar(sizes: Sizes, rng: random.Random) -> Result:
    from law.calendar import Calendar

    first = dt.date(2024, 1, 1)
    starts = [
        first + dt.timedelta(days=rng.randrange(4 * 365)) for _ in range(sizes.calendar_starts)
    ]
    calendar = Calendar()
    month = dt.timedelta(days=30)

    def measured() -> None:
        for start in starts:
            calendar.add_business_days(start, 30)

    def baseline() -> None:
        for start in starts:
            _ = start + month

    measured()  # warm-up: fills the per-year holiday cache, as a long-running worker has
    base_s, meas_s = median_pair(baseline, measured, sizes.calendar_repeats)
    per_call = sizes.calendar_starts
    return Result(
        key="calendar",
        name=f"calendar +30 business days ({per_call} starts)",
        baseline=fmt_seconds(base_s / per_call) + "/call",
        measured=fmt_seconds(meas_s / per_call) + "/call",
        ratio=meas_s / base_s,
        meaning="time of Calendar().add_business_days(start, 30) / time of start + 30 days",
    )


# --------------------------------------------------------------------------------------
# Report and entry point
# --------------------------------------------------------------------------------------


def print_table(results: Sequence[Result]) -> None:
    header = ("name", "baseline", "measured", "ratio")
    cells = [header] + [(r.name, r.baseline, r.measured, f"{r.ratio:.2f}x") for r in results]
    widths = [max(len(row[col]) for row in cells) for col in range(len(header))]
    for index, row in enumerate(cells):
        print(
            "  ".join(
                cell.ljust(width) if col == 0 else cell.rjust(width)
                for col, (cell, width) in enumerate(zip(row, widths, strict=True))
            )
        )
        if index == 0:
            print("  ".join("-" * width for width in widths))
    print()
    for r in results:
        print(f"{r.key} ratio: {r.ratio:.2f} ({r.meaning})")


def load_average() -> str:
    """The 1-minute load, printed because ratios drift when other work shares the CPUs
    (the parallel sweeper's speedup above all)."""
    try:
        return f"{os.getloadavg()[0]:.2f}"
    except OSError:
        return "n/a"


def postgres_version() -> str:
    from django.db import connection

    with connection.cursor() as cur:
        cur.execute("SHOW server_version")
        (version,) = cur.fetchone()
    return str(version)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="tiny sizes, for the smoke test")
    parser.add_argument("--seed", type=int, default=1764, help="random seed for the data")
    args = parser.parse_args(argv)
    sizes = QUICK if args.quick else FULL
    rng = random.Random(args.seed)

    django_setup()
    started = time.perf_counter()
    old_name = create_bench_db()
    try:
        print(
            f"database {BENCH_DB_NAME} created in {time.perf_counter() - started:.1f} s; "
            f"PostgreSQL {postgres_version()}, Python {platform.python_version()}, "
            f"{os.cpu_count()} CPUs, load {load_average()}; "
            f"{'quick' if args.quick else 'full'} sizes; figures are medians"
        )
        register_noop_handler()
        setup_start = time.perf_counter()
        clerk, authorizations = make_people(authorizations=20)
        case_ids = make_open_cases(
            sizes.queue_cases, authorizations=authorizations, clerk=clerk, rng=rng
        )
        print(f"{len(case_ids)} open cases written in {time.perf_counter() - setup_start:.1f} s")

        results: list[Result] = []
        results.extend(bench_sweeper(sizes, case_ids, rng))
        results.append(bench_queue(sizes, clerk, case_ids, rng))
        results.append(bench_calendar(sizes, rng))
        print()
        print_table(results)
        print(f"\ntotal {time.perf_counter() - started:.1f} s, load {load_average()}")
    finally:
        destroy_bench_db(old_name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
