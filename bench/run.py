"""`bin/bench`: the application at scale, every figure a ratio measured in the same run.

    bin/bench                              # 1,000,000 cases, 200 requests per endpoint
    bin/bench --cases 2000 --requests 20   # the smoke test's size

1. Creates the database `mantenopolis_bench` (dropped first if a run left it), migrates it,
   and seeds N cases of every kind with their events, deadlines, drivers, vehicles,
   authorizations and IMs straight in SQL (bench/seed.py); times the seed against a raw
   COPY of the same rows into empty copies of the same tables.
2. Starts gunicorn on it and times, through HTTP, each page and API against the trivial
   endpoint `/api/workflows/` (p50 and p95 of R requests each, interleaved round-robin so
   load drift falls on every endpoint alike).
3. Sweeps K due suspension ends (Art. 24) through the application's code and through a
   plain SQL loop doing the same writes, with one and with two worker processes; counts
   the statements per swept row.
4. Prints the ratios and writes them as JSON to bench/results/bench-<UTC time>.json.

Never asserts on time: the smoke test (tests/bench) checks that it runs and reports.
"""

from __future__ import annotations

import argparse
import datetime as dt
import http.client
import json
import os
import platform
import secrets
import signal
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlparse, urlunparse

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
RESULTS = ROOT / "bench" / "results"
DEFAULT_DB = "mantenopolis_bench"


def _env(db_url: str) -> dict[str, str]:
    return {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DATABASE_URL": db_url,
        "DEBUG": "0",  # production settings: no query log, no debug toolbar
        "SECRET_KEY": os.environ.get("SECRET_KEY") or secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "SECURE_SSL_REDIRECT": "0",
        "PUBLIC_VERIFY_RATE": str(10**9),
        "DB_CONN_MAX_AGE": os.environ.get("DB_CONN_MAX_AGE", "60"),
        "VAR_DIR": os.environ.get("VAR_DIR", "/tmp/mantenopolis-bench"),
        "PYTHONPATH": str(ROOT),
        # Tasks the timed code queues (notices) must not reach a broker other work uses:
        # without BENCH_REDIS_URL they go to a file broker in VAR_DIR, and the cache is
        # per process.
        "REDIS_URL": os.environ.get("BENCH_REDIS_URL", ""),
    }


def _admin_connect(base_url: str):  # type: ignore[no-untyped-def]
    import psycopg

    parts = urlparse(base_url)
    return psycopg.connect(
        dbname="postgres",
        user=parts.username or "postgres",
        host=parts.hostname,
        port=parts.port or 5432,
        password=parts.password,
        autocommit=True,
    )


def create_database(base_url: str, name: str) -> str:
    with _admin_connect(base_url) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')
    return urlunparse(urlparse(base_url)._replace(path=f"/{name}"))


def drop_database(base_url: str, name: str) -> None:
    with _admin_connect(base_url) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _quantiles(samples: list[float]) -> tuple[float, float]:
    cuts = statistics.quantiles(samples, n=100, method="inclusive")
    return cuts[49], cuts[94]


class Http:
    def __init__(self, port: int) -> None:
        self.port = port

    def get(self, path: str, cookie: str = "") -> tuple[int, float, bytes]:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=120)
        headers = {"Cookie": cookie} if cookie else {}
        started = time.perf_counter()
        conn.request("GET", path, headers=headers)
        response = conn.getresponse()
        body = response.read()
        elapsed = time.perf_counter() - started
        conn.close()
        return response.status, elapsed, body


def _session_cookie(user: Any) -> str:
    from django.test import Client

    client = Client()
    client.force_login(user)
    return f"sessionid={client.cookies['sessionid'].value}"


def setup_people() -> dict[str, Any]:
    from accounts.models import User
    from accounts.roles import Role
    from accounts.services import user_grant_role

    clerk = User.objects.create_user(username="bench-clerk", password=secrets.token_hex(8))
    user_grant_role(user=clerk, role=Role.CLERK)
    agent = User.objects.create_user(username="bench-agent", password=secrets.token_hex(8))
    user_grant_role(user=agent, role=Role.FISCAL_AGENT)
    driver_user = User.objects.create_user(username="bench-driver", password=secrets.token_hex(8))
    user_grant_role(user=driver_user, role=Role.DRIVER)
    return {"clerk": clerk, "agent": agent, "driver_user": driver_user}


def endpoints(people: dict[str, Any]) -> list[tuple[str, str, str]]:
    """(name, path, cookie) of every timed request; the trivial endpoint first."""
    from django.db import connection

    from cases.selectors import Cursor
    from registers.models import Driver

    Driver.objects.filter(pk=1).update(user=people["driver_user"])
    clerk = _session_cookie(people["clerk"])
    driver = _session_cookie(people["driver_user"])
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM cases_case WHERE closed_at IS NULL")
        open_count = cursor.fetchone()[0]
        cursor.execute(
            "SELECT coalesce(next_due_on, '9999-12-31'::date), opened_at, id FROM cases_case "
            "WHERE closed_at IS NULL ORDER BY 1, 2, 3 OFFSET %s LIMIT 1",
            [open_count // 2],
        )
        deep = cursor.fetchone()
        cursor.execute("SELECT number FROM cases_case WHERE id = %s", [deep[2]])
        deep_number = cursor.fetchone()[0]
        cursor.execute(
            "SELECT id FROM cases_case WHERE closed_at IS NULL AND kind = 'suspension' "
            "ORDER BY id LIMIT 1"
        )
        case_id = cursor.fetchone()[0]
        cursor.execute("SELECT plate FROM registers_vehicle ORDER BY id DESC LIMIT 1")
        plate = cursor.fetchone()[0]
        cursor.execute(
            "SELECT number FROM registers_municipalregistration ORDER BY id DESC LIMIT 1"
        )
        im = cursor.fetchone()[0]
        cursor.execute("SELECT name FROM registers_driver ORDER BY id DESC LIMIT 1 OFFSET 7")
        name = cursor.fetchone()[0]
    cursor_text = Cursor(tuple(deep)).encode()
    return [
        ("trivial /api/workflows/", "/api/workflows/", clerk),
        ("queue API, first page", "/api/cases/", clerk),
        ("queue page, first page", "/processos/", clerk),
        ("queue, kind=renewal", "/api/cases/?kind=renewal", clerk),
        ("queue, state=filed", "/api/cases/?state=filed", clerk),
        ("queue, assignee=none", "/api/cases/?assignee=none", clerk),
        ("queue, urgency=overdue", "/api/cases/?urgency=overdue", clerk),
        ("queue, urgency=week", "/api/cases/?urgency=week", clerk),
        ("queue, all cases (closed=1)", "/api/cases/?closed=1", clerk),
        ("queue, deep page by cursor", f"/api/cases/?cursor={cursor_text}", clerk),
        ("queue page, deep page by cursor", f"/processos/?cursor={cursor_text}", clerk),
        ("case API", f"/api/cases/{case_id}/", clerk),
        ("case page", f"/processos/{case_id}/", clerk),
        ("verification by plate", f"/verificar/placa/{plate}/", ""),
        ("verification by IM number", f"/verificar/?q={im.lower()}", ""),
        ("driver's portal", "/portal/", driver),
        # The search box: a driver's name (trigram indexes on the unaccented key), a plate
        # and a case number, each among every case and register.
        ("search, name", f"/api/search/?q={quote(name.lower())}&status=all", clerk),
        ("search, plate", f"/api/search/?q={plate[:3]}-{plate[3:]}&status=all", clerk),
        ("search, case number", f"/api/search/?q={quote(deep_number)}&status=all", clerk),
    ]


def start_gunicorn(env: dict[str, str], port: int, workers: int) -> subprocess.Popen[bytes]:
    process = subprocess.Popen(
        [
            str(ROOT / ".venv" / "bin" / "gunicorn"),
            "config.wsgi",
            "-b",
            f"127.0.0.1:{port}",
            "-w",
            str(workers),
            "--log-level",
            "warning",
        ],
        cwd=ROOT,
        env=env,
        start_new_session=True,
    )
    client = Http(port)
    for _ in range(300):
        try:
            if client.get("/api/workflows/")[0] in (200, 401, 403):
                return process
        except OSError:
            pass
        time.sleep(0.2)
    process.kill()
    raise RuntimeError("gunicorn did not start")


def measure_http(port: int, targets: list[tuple[str, str, str]], requests: int) -> dict[str, Any]:
    client = Http(port)
    samples: dict[str, list[float]] = {name: [] for name, _, _ in targets}
    for name, path, cookie in targets:  # warm-up: caches, connections, imports
        for _ in range(3):
            status, _, body = client.get(path, cookie)
            if status != 200:
                raise RuntimeError(f"{name}: HTTP {status} for {path}: {body[:300]!r}")
    for _ in range(requests):
        for name, path, cookie in targets:
            samples[name].append(client.get(path, cookie)[1])
    base50, base95 = _quantiles(samples[targets[0][0]])
    out = {}
    for name, _, _ in targets:
        p50, p95 = _quantiles(samples[name])
        out[name] = {
            "p50_ms": round(p50 * 1000, 2),
            "p95_ms": round(p95 * 1000, 2),
            "ratio_p50": round(p50 / base50, 2),
            "ratio_p95": round(p95 / base95, 2),
        }
    return out


def _workers(
    env: dict[str, str], mode: str, count: int, extra: list[str]
) -> tuple[float, list[dict[str, Any]]]:
    procs = [
        subprocess.Popen(
            [sys.executable, "-m", "bench.sweep", "worker", "--mode", mode, *extra],
            cwd=ROOT,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        for _ in range(count)
    ]
    for p in procs:
        assert p.stdout is not None
        line = p.stdout.readline()
        if line.strip() != "ready":
            raise RuntimeError(f"sweep worker did not start: {line!r}")
    started = time.perf_counter()
    for p in procs:
        assert p.stdin is not None
        p.stdin.write("go\n")
        p.stdin.flush()
    results = []
    for p in procs:
        assert p.stdout is not None
        results.append(json.loads(p.stdout.readline()))
        p.wait(timeout=3600)
    return time.perf_counter() - started, results


def measure_sweep(env: dict[str, str], rows: int) -> dict[str, Any]:
    from django.db import connection

    from bench.sweep import seed_due_suspensions

    out: dict[str, Any] = {"rows": rows}
    first = 1
    # The application as it runs (a batch's suspension ends applied as a set), the same
    # code with every row through its row handler (DEADLINE_SWEEP_SETS off), and the SQL loop.
    runs = {
        "app": ("app", env),
        "rows": ("app", {**env, "DEADLINE_SWEEP_SETS": "false"}),
        "sql": ("sql", env),
    }
    for key, (mode, run_env) in runs.items():
        for workers in (1, 2):
            seed_due_suspensions(rows, first)
            first += rows
            with connection.cursor() as cursor:
                cursor.execute("VACUUM ANALYZE cases_deadline")
            seconds, results = _workers(run_env, mode, workers, [])
            processed = sum(r["processed"] for r in results)
            if processed != rows:
                raise RuntimeError(f"{key} x{workers}: processed {processed} of {rows} rows")
            out[f"{key}_{workers}"] = {
                "seconds": round(seconds, 3),
                "rows_per_s": round(rows / seconds, 1),
                "per_worker": [r["processed"] for r in results],
            }
    small = min(100, rows)
    seed_due_suspensions(small, first)
    _, results = _workers(env, "app", 1, ["--count"])
    out["statements_per_row"] = round(results[0]["statements"] / small, 2)
    seed_due_suspensions(small, first + small)
    _, results = _workers(runs["rows"][1], "app", 1, ["--count"])
    out["rows_statements_per_row"] = round(results[0]["statements"] / small, 2)
    out["sql_statements_per_row"] = 10  # bench.sweep._SQL_STEPS, one transaction each
    app1, app2, sql1 = (out[k]["rows_per_s"] for k in ("app_1", "app_2", "sql_1"))
    out["ratio_app1_to_sql1"] = round(app1 / sql1, 2)
    out["ratio_app2_to_app1"] = round(app2 / app1, 2)
    out["ratio_sql2_to_sql1"] = round(out["sql_2"]["rows_per_s"] / sql1, 2)
    rows1 = out["rows_1"]["rows_per_s"]
    out["ratio_rows1_to_sql1"] = round(rows1 / sql1, 2)
    out["ratio_rows2_to_rows1"] = round(out["rows_2"]["rows_per_s"] / rows1, 2)
    return out


def _print(report: dict[str, Any]) -> None:
    print(
        f"\n{report['cases']:,} cases ({report['open_cases']:,} open) · "
        f"PostgreSQL {report['postgres']} · Python {report['python']} · "
        f"{report['cpus']} CPUs · load {report['load_before']} → {report['load_after']}"
    )
    seed = report["seed"]
    print(
        f"\nseed: {seed['seconds']:.1f} s; raw COPY of the same rows: "
        f"{seed['copy_seconds']:.1f} s; ratio {seed['ratio']:.2f}x"
    )
    print(f"\n{'endpoint':38} {'p50 ms':>8} {'p95 ms':>8} {'×p50':>6} {'×p95':>6}")
    for name, row in report["http"].items():
        print(
            f"{name:38} {row['p50_ms']:8.1f} {row['p95_ms']:8.1f} "
            f"{row['ratio_p50']:6.2f} {row['ratio_p95']:6.2f}"
        )
    sweep = report["sweep"]
    print(f"\nsweep of {sweep['rows']:,} due suspension ends (rows/s):")
    for key, label in (
        ("app_1", "application, 1 worker"),
        ("app_2", "application, 2 workers"),
        ("rows_1", "row by row, 1 worker"),
        ("rows_2", "row by row, 2 workers"),
        ("sql_1", "plain SQL loop, 1 worker"),
        ("sql_2", "plain SQL loop, 2 workers"),
    ):
        print(f"  {label:28} {sweep[key]['rows_per_s']:10,.1f}  {sweep[key]['per_worker']}")
    print(
        f"  application ÷ SQL loop (1 worker): {sweep['ratio_app1_to_sql1']:.2f}x; "
        f"application 2 ÷ 1 workers: {sweep['ratio_app2_to_app1']:.2f}x; "
        f"SQL loop 2 ÷ 1: {sweep['ratio_sql2_to_sql1']:.2f}x"
    )
    print(
        f"  row by row ÷ SQL loop (1 worker): {sweep['ratio_rows1_to_sql1']:.2f}x; "
        f"row by row 2 ÷ 1 workers: {sweep['ratio_rows2_to_rows1']:.2f}x"
    )
    print(
        f"  statements per swept row: {sweep['statements_per_row']} "
        f"(row by row: {sweep['rows_statements_per_row']}; "
        f"SQL loop: {sweep['sql_statements_per_row']})"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cases", type=int, default=1_000_000)
    parser.add_argument("--requests", type=int, default=200, help="per endpoint")
    parser.add_argument("--sweep-rows", type=int, default=20_000)
    parser.add_argument("--web-workers", type=int, default=2)
    parser.add_argument("--db", default=DEFAULT_DB, help="the bench database's name")
    parser.add_argument("--keep", action="store_true", help="keep the database afterwards")
    args = parser.parse_args(argv)
    if args.requests < 2:
        parser.error("--requests must be at least 2")

    base_url = os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/mantenopolis")
    db_url = create_database(base_url, args.db)
    env = _env(db_url)
    os.environ.update(env)
    gunicorn = None
    try:
        subprocess.run(
            [sys.executable, "manage.py", "migrate", "-v", "0"], cwd=ROOT, env=env, check=True
        )
        import django

        django.setup()
        from django.db import connection
        from django.utils import timezone

        from bench.seed import SEEDED_TABLES, raw_copy_seconds, seed

        assert connection.settings_dict["NAME"] == args.db
        people = setup_people()
        today = timezone.localdate()
        load_before = os.getloadavg()[0]
        seeded = seed(cases=args.cases, today=today, agent_id=people["agent"].pk)
        copy_seconds = raw_copy_seconds(SEEDED_TABLES)
        with connection.cursor() as cursor:
            cursor.execute("SELECT count(*) FROM cases_case WHERE closed_at IS NULL")
            open_cases = cursor.fetchone()[0]
            cursor.execute("SHOW server_version")
            postgres = cursor.fetchone()[0]
        targets = endpoints(people)
        port = _free_port()
        gunicorn = start_gunicorn(env, port, args.web_workers)
        http_figures = measure_http(port, targets, args.requests)
        os.killpg(gunicorn.pid, signal.SIGTERM)
        gunicorn.wait(timeout=30)
        gunicorn = None
        drivers = max(1, args.cases // 4)
        sweep_rows = max(1, min(args.sweep_rows, (drivers - 100) // 4))
        connection.close()
        sweep = measure_sweep(env, sweep_rows)
        report = {
            "when": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
            "cases": args.cases,
            "open_cases": open_cases,
            "requests": args.requests,
            "postgres": postgres,
            "python": platform.python_version(),
            "cpus": os.cpu_count(),
            "load_before": round(load_before, 2),
            "load_after": round(os.getloadavg()[0], 2),
            "seed": {
                "seconds": round(seeded.seconds, 2),
                "copy_seconds": round(copy_seconds, 2),
                "ratio": round(seeded.seconds / copy_seconds, 2),
                "rows": seeded.tables,
            },
            "http": http_figures,
            "sweep": sweep,
        }
        _print(report)
        RESULTS.mkdir(parents=True, exist_ok=True)
        path = RESULTS / f"bench-{report['when'].replace(':', '')}.json"
        path.write_text(json.dumps(report, indent=2))
        print(f"\nfigures written to {path.relative_to(ROOT)}")
        return 0
    finally:
        if gunicorn is not None:
            os.killpg(gunicorn.pid, signal.SIGTERM)
        if not args.keep:
            from django.db import connections

            connections.close_all()
            drop_database(base_url, args.db)


if __name__ == "__main__":
    sys.exit(main())
