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
4. Runs the cases export on the worker's code (bench/exports.py) at each size: its time
   against PostgreSQL's COPY of the same rows and columns, and its peak memory.
5. Prints the ratios and writes them as JSON to bench/results/bench-<UTC time>.json.

Never asserts on time: the smoke test (tests/bench) checks that it runs and reports.
"""

from __future__ import annotations

import argparse
import datetime as dt
import http.client
import json
import os
import platform
import re
import secrets
import signal
import socket
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlparse, urlunparse

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


def create_database(base_url: str, name: str, template: str | None = None) -> str:
    with _admin_connect(base_url) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"' + (f' TEMPLATE "{template}"' if template else ""))
    return urlunparse(urlparse(base_url)._replace(path=f"/{name}"))


def database_exists(base_url: str, name: str) -> bool:
    with _admin_connect(base_url) as conn:
        return bool(conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone())


def seed_fingerprint() -> str:
    """What a kept seed was made from: the seed's code and the day (the seed's dates are
    relative to it). A kept database made from other seed code, or on another day, is
    seeded again (`--reuse-seed`); one made before a newer migration is migrated, as a
    deployment's database would be (a new index costs seconds, a new seed of a million
    cases ten minutes)."""
    import hashlib

    from django.utils import timezone

    digest = hashlib.sha256((ROOT / "bench" / "seed.py").read_bytes())
    digest.update(timezone.localdate().isoformat().encode())
    return digest.hexdigest()


SEED_RECORD = "bench_seed_record"


def kept_seed(base_url: str, template: str) -> dict[str, Any] | None:
    """The figures of a kept seed made from this code, or None."""
    import psycopg

    if not database_exists(base_url, template):
        return None
    url = urlunparse(urlparse(base_url)._replace(path=f"/{template}"))
    with psycopg.connect(url) as conn:
        try:
            row = conn.execute(
                f"SELECT fingerprint, figures FROM {SEED_RECORD}"  # noqa: S608 — a constant
            ).fetchone()
        except psycopg.errors.UndefinedTable:
            return None
    return row[1] if row and row[0] == seed_fingerprint() else None


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

    def location(self, path: str, cookie: str = "") -> str:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=120)
        conn.request("GET", path, headers={"Cookie": cookie} if cookie else {})
        response = conn.getresponse()
        response.read()
        conn.close()
        return response.getheader("Location") or ""


def _session_cookie(user: Any) -> str:
    """A logged-in session; for those who must give a second factor (the mayor, the
    commission, the administrator), one that has given it, as after the OTP page: else
    every page of theirs answers with the second factor's redirect and goes unmeasured."""
    from django.test import Client
    from django_otp import DEVICE_ID_SESSION_KEY
    from django_otp.plugins.otp_totp.models import TOTPDevice

    from identity import second_factor

    client = Client()
    client.force_login(user)
    if second_factor.required_of(user):
        device = TOTPDevice.objects.create(user=user, name="bench", confirmed=True)
        session = client.session
        session[DEVICE_ID_SESSION_KEY] = device.persistent_id
        session[second_factor.SESSION_VERIFIED_AT] = int(time.time())
        session.save()
    return f"sessionid={client.cookies['sessionid'].value}"


def setup_people(existing: bool = False) -> dict[str, Any]:
    """The bench's users, one per role (`existing`: those of a kept seed)."""
    from accounts.models import User
    from accounts.roles import Role
    from accounts.services import user_grant_role

    def person(username: str, role: str | None, **extra: Any) -> Any:
        if existing:
            return User.objects.get(username=username)
        user = User.objects.create_user(username=username, password=secrets.token_hex(8), **extra)
        if role:
            user_grant_role(user=user, role=role)
        return user

    return {
        "clerk": person("bench-clerk", Role.CLERK),
        "agent": person("bench-agent", Role.FISCAL_AGENT),
        "driver_user": person("bench-driver", Role.DRIVER),
        "mayor": person("bench-mayor", Role.MAYOR),
        "commission": person("bench-commission", Role.COMMISSION_MEMBER),
        "administrator": person("bench-admin", None, is_superuser=True, is_staff=True),
    }


def cookies(people: dict[str, Any]) -> dict[str, str]:
    """Each role's session cookie (the driver is the holder of a Termo in the middle of
    the register, with its cases: the first from the middle on who may appeal a notice, so
    that the portal's appeal pages read one); the public has none."""
    from registers.models import Driver
    from workflows.violation.selectors import notices_open_to_appeal

    middle = max(1, Driver.objects.count() // 2)
    holder = (
        notices_open_to_appeal()
        .filter(applicant_id__gte=middle)
        .order_by("applicant_id")
        .values_list("applicant_id", flat=True)
        .first()
    )
    Driver.objects.filter(pk=holder or middle).update(user=people["driver_user"])
    out = {
        role: _session_cookie(people[key])
        for role, key in (
            ("clerk", "clerk"),
            ("agent", "agent"),
            ("mayor", "mayor"),
            ("commission", "commission"),
            ("driver", "driver_user"),
            ("administrator", "administrator"),
        )
    }
    out["public"] = ""
    return out


# A scope that reaches none of this many drawn ids reaches none of the route's rows.
PROBE_UNTIL_ONE = 40
# A narrower scope's ids are probed from a pool this many times a line's: the commission
# reaches a sixth of the cases, and its lines were measured over the ~20 of 150 drawn ids
# it reached, each timed eight times (one rich case was then the whole p95).
SCOPED_POOL = 10


def _reached(client: Any, paths: list[str], cookie: str, expected: int, want: int) -> list[str]:
    """Up to `want` of the paths that answer `expected` with `cookie`; none if none of the
    first PROBE_UNTIL_ONE do (a driver probing every case's id would cost minutes a size)."""
    out: list[str] = []
    for tried, path in enumerate(paths, start=1):
        if client.get(path, cookie)[0] == expected:
            out.append(path)
            if len(out) >= want:
                break
        elif not out and tried >= PROBE_UNTIL_ONE:
            break
    return out


def build_targets(
    port: int, role_cookies: dict[str, str], requests: int, roles: tuple[str, ...]
) -> tuple[list[Any], dict[str, list[str]]]:
    """Every GET route of the URLconf as every role that reaches it (bench/routes.py);
    the trivial endpoint first. Returns the targets and what was left out, and why."""
    from django.db import connection

    from bench.routes import (
        ADMIN_ROUTES,
        MEASURED_UNLESS,
        PK_TABLES,
        SCOPED_ROLES,
        SKIPPED,
        STATUS,
        TRIVIAL,
        Samples,
        Target,
        kind_of,
        url_routes,
        variants,
    )

    client = Http(port)
    targets: list[Target] = []
    left: dict[str, list[str]] = {
        "post_only": [],
        "unsampled": [],
        "no_rows": [],
        "unreached": [],
        "scoped": [],
        "skipped": sorted(SKIPPED),
    }
    with connection.cursor() as cursor:
        samples = Samples(cursor, max(requests, 20))
        pool = Samples(cursor, max(requests, 20) * SCOPED_POOL)
        trivial = None
        for route in url_routes():
            if route.name in SKIPPED:
                continue
            if route.name.startswith("admin:") and route.name not in ADMIN_ROUTES:
                continue
            if not route.takes_get():
                left["post_only"].append(route.name)
                continue
            found = variants(route, samples)
            if not found:
                if route.bare in PK_TABLES:
                    left["no_rows"].append(route.name)
                    continue
                # No source of values: a GET that answers anything but 405 needs one.
                probe = route.path({name: 1 for name in route.params})
                codes = {client.get(probe, role_cookies[r])[0] for r in ("clerk", "driver")}
                if 405 in codes:
                    left["post_only"].append(route.name)
                else:
                    left["unsampled"].append(route.name)
                continue
            # A page the public reaches is measured as the public only (the verification,
            # the login, the stands): what anyone sees, the way anyone sees it.
            route_roles = (
                ("administrator",)
                if route.name in ADMIN_ROUTES
                else (*(r for r in roles if r == "public"), *(r for r in roles if r != "public"))
            )
            expected = STATUS.get(route.name, 200)
            pooled: dict[str, list[str]] | None = None
            for label, paths in found.items():
                reached: list[str] = []
                for role in route_roles:
                    if any(r in reached for r in MEASURED_UNLESS.get(role, ())):
                        continue
                    role_paths = paths
                    if role in SCOPED_ROLES and route.params:
                        # Ids drawn from a whole table: a narrower scope reaches some of them
                        # and answers 404 to the rest, which would time a "not found" as its
                        # page. Its line is measured over the ids it reaches, probed from a
                        # wider draw until it has as many as the others' lines.
                        if pooled is None:
                            pooled = variants(route, pool)
                        role_paths = _reached(
                            client,
                            pooled.get(label, paths),
                            role_cookies[role],
                            expected,
                            want=len(paths),
                        )
                        if role_paths and len(role_paths) < len(paths):
                            left["scoped"].append(
                                f"{route.name} [{role}]: {len(role_paths)} of {len(paths)}"
                            )
                        role_paths = role_paths or paths[:1]
                    status = client.get(role_paths[0], role_cookies[role])[0]
                    kind = kind_of(route, label)
                    if status == 405:
                        break
                    # A long export answers with its background job's page.
                    job = status == 302 and "/exportacoes/" in client.location(
                        paths[0], role_cookies[role]
                    )
                    if status == expected or (kind == "export" and job):
                        reached.append(role)
                        name = f"{route.name}{f' ({label})' if label else ''} [{role}]"
                        target = Target(name, route.name, role, role_paths, kind, status=expected)
                        if route.name == TRIVIAL and role == "clerk":
                            trivial = target
                        else:
                            targets.append(target)
                        if role == "public":
                            break
                if status == 405:
                    left["post_only"].append(route.name)
                elif not reached:
                    left["unreached"].append(f"{route.name}{f' ({label})' if label else ''}")
    if trivial is None:
        raise RuntimeError("the trivial endpoint did not answer 200 to the clerk")
    return [trivial, *targets], left


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


# The beat's tasks that keep a page's figures warm in production (config/schedule.py):
# with a shared cache (BENCH_REDIS_URL), the bench runs them on their schedule while it
# measures, as a deployment's beat would; the beat's other work (sweeps, notices) does not
# run, so the data stays what was seeded.
KEEP_WARM = ("refresh-dashboard-figures",)


@contextmanager
def beat_keeping_pages_warm(env: dict[str, str]) -> Iterator[list[str]]:
    """Run the KEEP_WARM tasks now and then every schedule interval in a thread, until the
    block ends; yields their names (none without a shared cache: each web process then
    keeps its own, which no beat can warm)."""
    import threading

    from django.db import connection
    from django.utils.module_loading import import_string

    from config.schedule import BEAT_SCHEDULE

    if not env.get("REDIS_URL"):
        yield []
        return
    entries = [(name, BEAT_SCHEDULE[name]) for name in KEEP_WARM]
    stop = threading.Event()

    def beat() -> None:
        due = {name: 0.0 for name, _entry in entries}
        try:
            while not stop.is_set():
                for name, entry in entries:
                    if time.monotonic() >= due[name]:
                        import_string(entry["task"])()  # the task's body, in this thread
                        due[name] = time.monotonic() + float(entry["schedule"])
                stop.wait(1.0)
        finally:
            connection.close()

    thread = threading.Thread(target=beat, name="bench-beat", daemon=True)
    thread.start()
    try:
        yield [name for name, _entry in entries]
    finally:
        stop.set()
        thread.join(timeout=60)


def measure_http(
    port: int, targets: list[Any], cookies: dict[str, str], requests: int
) -> dict[str, Any]:
    """Each target `requests` times, interleaved round-robin (load drift falls on all
    alike), each request on the target's next path; p50/p95 as ratios to the first (the
    trivial endpoint). A path answering an error is recorded (`errors`), not timed out."""
    client = Http(port)
    samples: dict[str, list[float]] = {t.label: [] for t in targets}
    errors: dict[str, int] = {t.label: 0 for t in targets}
    for target in targets:  # warm-up: caches, connections, imports
        for _ in range(2):
            client.get(target.next_path(), cookies[target.role])
    for _ in range(requests):
        for target in targets:
            status, elapsed, _body = client.get(target.next_path(), cookies[target.role])
            samples[target.label].append(elapsed)
            if status >= 400 and status != target.status:
                errors[target.label] += 1
    base50, base95 = _quantiles(samples[targets[0].label])
    out = {}
    for target in targets:
        p50, p95 = _quantiles(samples[target.label])
        out[target.label] = {
            "route": target.route,
            "role": target.role,
            "kind": target.kind,
            "paths": len(set(target.paths)),
            "errors": errors[target.label],
            "p50_ms": round(p50 * 1000, 2),
            "p95_ms": round(p95 * 1000, 2),
            "ratio_p50": round(p50 / base50, 2),
            "ratio_p95": round(p95 / base95, 2),
        }
    return out


def measure_concurrency(
    port: int, targets: list[Any], cookies: dict[str, str], clients: int, requests: int
) -> dict[str, Any]:
    """The route mix (every target but the exports, in turn) by 1 client and by `clients`
    at once: throughput and the p95 of a request."""
    from concurrent.futures import ThreadPoolExecutor

    mix = [t for t in targets if t.kind != "export"]

    def run(count: int, offset: int) -> list[float]:
        client = Http(port)
        times = []
        for i in range(count):
            target = mix[(offset + i) % len(mix)]
            times.append(client.get(target.next_path(), cookies[target.role])[1])
        return times

    out: dict[str, Any] = {}
    for n in (1, clients):
        per_client = max(1, requests // n)
        started = time.perf_counter()
        with ThreadPoolExecutor(max_workers=n) as pool:
            times = [
                t for part in pool.map(run, [per_client] * n, range(0, n * 7, 7)) for t in part
            ]
        seconds = time.perf_counter() - started
        out[str(n)] = {
            "clients": n,
            "requests": len(times),
            "per_s": round(len(times) / seconds, 1),
            "p50_ms": round(_quantiles(times)[0] * 1000, 1),
            "p95_ms": round(_quantiles(times)[1] * 1000, 1),
        }
    one, many = out["1"], out[str(clients)]
    out["throughput_ratio"] = round(many["per_s"] / one["per_s"], 2)
    out["p95_ratio"] = round(many["p95_ms"] / one["p95_ms"], 2)
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


def measure_export(env: dict[str, str]) -> dict[str, Any]:
    """The cases export on the worker, in a process of its own (bench/exports.py)."""
    done = subprocess.run(
        [sys.executable, "-m", "bench.exports"],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


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
    # bench.sweep: the batch's claim, then _SQL_STEPS for each row, a transaction a batch
    from bench.sweep import _SQL_STEPS

    out["sql_statements_per_row"] = len(_SQL_STEPS) + 0.01
    app1, app2, sql1 = (out[k]["rows_per_s"] for k in ("app_1", "app_2", "sql_1"))
    out["ratio_app1_to_sql1"] = round(app1 / sql1, 2)
    out["ratio_app2_to_app1"] = round(app2 / app1, 2)
    out["ratio_sql2_to_sql1"] = round(out["sql_2"]["rows_per_s"] / sql1, 2)
    rows1 = out["rows_1"]["rows_per_s"]
    out["ratio_rows1_to_sql1"] = round(rows1 / sql1, 2)
    out["ratio_rows2_to_rows1"] = round(out["rows_2"]["rows_per_s"] / rows1, 2)
    return out


def growth(small: dict[str, Any], large: dict[str, Any]) -> dict[str, float | None]:
    """Per target, the growth exponent k of its cost above the trivial endpoint between
    the two sizes: cost ∝ size^k, with cost = p50 ratio − 1 (in units of the trivial
    request, measured in the same run, so the machine's load cancels). k = 0: the cost
    does not depend on the data's size; k = 1: it grows as the data does. A cost below
    NOISE_FLOOR of a trivial request is taken as that floor (noise, not a cost)."""
    import math

    ratio = large["cases"] / small["cases"]
    out: dict[str, float | None] = {}
    for label, row in large["http"].items():
        before = small["http"].get(label)
        if before is None or label == next(iter(large["http"])):
            continue
        c1 = max(before["ratio_p50"] - 1, NOISE_FLOOR)
        c2 = max(row["ratio_p50"] - 1, NOISE_FLOOR)
        out[label] = round(math.log(c2 / c1) / math.log(ratio), 2)
    return out


NOISE_FLOOR = 0.1


def checks(large: dict[str, Any], exponents: dict[str, float | None]) -> dict[str, Any]:
    """Issue 25's targets, per target: the p95 ratio at the larger size and the growth
    exponent; True when met, None when no target applies."""
    from bench.routes import GROWTH_TARGET, Target, p95_target

    out = {}
    for label, row in list(large["http"].items())[1:]:
        target = Target(label, row["route"], row["role"], [], row["kind"])
        limit = p95_target(target)
        k = exponents.get(label)
        out[label] = {
            "p95_limit": limit[0] if limit else None,
            "p95_ok": row["ratio_p95"] <= limit[0] if limit else None,
            "growth_ok": k <= GROWTH_TARGET if k is not None else None,
        }
    return out


def _mark(ok: bool | None) -> str:
    return " " if ok is None else ("✔" if ok else "✘")


def _print(report: dict[str, Any]) -> None:
    sizes = report["sizes"]
    for size in sizes:
        seed = size["seed"]
        print(
            f"\n{size['cases']:,} cases ({size['open_cases']:,} open) · "
            f"PostgreSQL {report['postgres']} · Python {report['python']} · "
            f"{report['cpus']} CPUs · load {size['load_before']} → {size['load_after']}"
        )
        print(
            f"seed: {seed['seconds']:.1f} s; raw COPY of the same rows: "
            f"{seed['copy_seconds']:.1f} s; ratio {seed['ratio']:.2f}x"
        )
    large = sizes[-1]
    small = sizes[0]
    exps = report.get("growth", {})
    marks = report.get("checks", {})
    head = f"{'route [role]':64}"
    for size in sizes:
        head += f" {size['cases']:>9,}: ×p50  ×p95"
    print(f"\n{head}  {'p95 ms':>7}  growth  targets")
    for label, row in large["http"].items():
        line = f"{label[:64]:64}"
        for size in sizes:
            r = size["http"].get(label)
            line += f" {'':9}  {r['ratio_p50']:5.2f} {r['ratio_p95']:5.2f}" if r else " " * 23
        k = exps.get(label)
        m = marks.get(label, {})
        line += f"  {row['p95_ms']:7.1f}  {'' if k is None else f'{k:5.2f}':>6}  "
        line += f"{_mark(m.get('p95_ok'))} p95  {_mark(m.get('growth_ok'))} growth"
        if row.get("errors"):
            line += f"  ({row['errors']} errors)"
        print(line)
    met = [v for m in marks.values() for v in (m["p95_ok"], m["growth_ok"]) if v is not None]
    between = (
        f"; growth exponent ≤ 0.25 between {small['cases']:,} and {large['cases']:,}"
        if len(sizes) > 1
        else "; one size: no growth exponent"
    )
    print(f"\ntargets met: {sum(met)} of {len(met)} (p95 at {large['cases']:,} cases{between})")
    left = large.get("left_out", {})
    for key, text in (
        ("unsampled", "GET routes with no source of values (bench/routes.py)"),
        ("no_rows", "routes whose table the seed leaves empty"),
        ("unreached", "routes no role reached with a 200 (or the route's STATUS)"),
        ("scoped", "measured over the drawn ids a narrower scope reaches"),
        ("skipped", "skipped"),
    ):
        if left.get(key):
            print(f"{text}: {', '.join(left[key])}")
    exported = [(size["cases"], size["export"]) for size in sizes if size.get("export")]
    if exported:
        print("\ncases.csv on the worker (every case a clerk sees), against COPY … TO STDOUT:")
        for cases, e in exported:
            print(
                f"  {cases:>9,} cases: {e['rows']:,} rows in {e['export_seconds']:.2f} s, "
                f"COPY {e['copy_seconds']:.2f} s, ratio {e['ratio_copy_to_export']:.2f}x "
                f"{_mark(e['ratio_copy_to_export'] >= 0.3)} (≥ 0.3); peak memory "
                f"+{e['peak_growth_mib']:.1f} MiB"
            )
        if len(exported) > 1:
            e1, e2 = exported[0][1], exported[-1][1]
            print(
                f"  memory from {e1['rows']:,} to {e2['rows']:,} rows: "
                f"+{e1['peak_growth_mib']:.1f} → +{e2['peak_growth_mib']:.1f} MiB"
            )
    conc = large.get("concurrency")
    if conc:
        one, many = conc["1"], conc[str(conc["clients"])]
        print(
            f"\nconcurrency, the route mix: 1 client {one['per_s']:.1f} req/s, p95 "
            f"{one['p95_ms']:.1f} ms; {many['clients']} clients {many['per_s']:.1f} req/s, p95 "
            f"{many['p95_ms']:.1f} ms (throughput ×{conc['throughput_ratio']}, "
            f"p95 ×{conc['p95_ratio']})"
        )
    sweep = large.get("sweep")
    if not sweep:
        return
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
        f"  application ÷ SQL loop (1 worker): {sweep['ratio_app1_to_sql1']:.2f}x "
        f"{_mark(sweep['ratio_app1_to_sql1'] >= 0.5)}; "
        f"application 2 ÷ 1 workers: {sweep['ratio_app2_to_app1']:.2f}x "
        f"{_mark(sweep['ratio_app2_to_app1'] >= 1.7)}; "
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


def run_size(cases: int, args: argparse.Namespace, base_url: str, last: bool) -> dict[str, Any]:
    """Seed `cases` cases in a fresh database and measure every route (and, for the last
    size, the concurrency and the sweep)."""
    from django.db import connection, connections
    from django.utils import timezone

    from bench.seed import SEEDED_TABLES, raw_copy_seconds, seed

    connections.close_all()
    template = f"{args.db}_seed_{cases}"
    kept = kept_seed(base_url, template) if args.reuse_seed else None
    if kept:
        migrate_kept_seed(base_url, template)
    db_url = create_database(base_url, args.db, template=template if kept else None)
    env = _env(db_url)
    load_before = os.getloadavg()[0]
    if kept:
        print(f"{cases:,} cases: the kept seed {template}", flush=True)
        people = setup_people(existing=True)
        seed_figures = kept
    else:
        subprocess.run(
            [sys.executable, "manage.py", "migrate", "-v", "0"], cwd=ROOT, env=env, check=True
        )
        assert connection.settings_dict["NAME"] == args.db
        people = setup_people()
        today = timezone.localdate()
        seeded = seed(
            cases=cases,
            today=today,
            agent_id=people["agent"].pk,
            clerk_id=people["clerk"].pk,
        )
        copy_seconds = raw_copy_seconds(SEEDED_TABLES)
        seed_figures = {
            "seconds": round(seeded.seconds, 2),
            "copy_seconds": round(copy_seconds, 2),
            "ratio": round(seeded.seconds / copy_seconds, 2),
            "rows": seeded.tables,
        }
        if args.reuse_seed:
            keep_seed(base_url, args.db, template, seed_figures)
    assert connection.settings_dict["NAME"] == args.db
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM cases_case WHERE closed_at IS NULL")
        open_cases = cursor.fetchone()[0]
    role_cookies = cookies(people)
    # Without BENCH_REDIS_URL the tasks the timed code queues (a long export's job) go to a
    # file broker in VAR_DIR: its folders must exist, or queuing fails with a 500.
    broker = Path(env["VAR_DIR"]) / "broker"
    for folder in (broker / "processed", broker / "control"):
        folder.mkdir(parents=True, exist_ok=True)
    if env.get("REDIS_URL"):
        # The bench's own Redis (BENCH_REDIS_URL): what the last size kept there (its
        # dashboard, its fleet) is not this size's.
        from django.core.cache import cache

        cache.clear()
    port = _free_port()
    gunicorn = start_gunicorn(env, port, args.web_workers)
    out: dict[str, Any] = {"cases": cases, "open_cases": open_cases}
    try:
        roles = tuple(args.roles.split(","))
        targets, left = build_targets(port, role_cookies, args.requests, roles)
        if args.routes:
            chosen = re.compile(args.routes)
            targets = [targets[0], *(t for t in targets[1:] if chosen.search(t.label))]
        print(f"{cases:,} cases: {len(targets)} targets, {args.requests} requests each", flush=True)
        with beat_keeping_pages_warm(env) as warm:
            out["http"] = measure_http(port, targets, role_cookies, args.requests)
        out["beat"] = warm
        out["left_out"] = left
        if last and args.clients > 1:
            out["concurrency"] = measure_concurrency(
                port, targets, role_cookies, args.clients, args.concurrent_requests
            )
            out["concurrency"]["clients"] = args.clients
    finally:
        os.killpg(gunicorn.pid, signal.SIGTERM)
        gunicorn.wait(timeout=30)
    if args.export:
        connection.close()
        out["export"] = measure_export(env)
    if last and args.sweep_rows:
        drivers = max(1, cases // 4)
        sweep_rows = max(1, min(args.sweep_rows, (drivers - 100) // 4))
        connection.close()
        out["sweep"] = measure_sweep(env, sweep_rows)
    out["load_before"] = round(load_before, 2)
    out["load_after"] = round(os.getloadavg()[0], 2)
    out["seed"] = seed_figures
    return out


def migrate_kept_seed(base_url: str, template: str) -> None:
    """Bring a kept seed to the newest migration, in place, as a deployment's database
    would be, then vacuum it as autovacuum would after a migration that rewrote rows (one
    writing a column of every case leaves a million dead rows for the walks to step over,
    and no statistics for the new column): once, not in every run's copy."""
    import psycopg
    from django.db.migrations.loader import MigrationLoader

    url = urlunparse(urlparse(base_url)._replace(path=f"/{template}"))
    with psycopg.connect(url) as conn:
        rows = conn.execute("SELECT app || '.' || name FROM django_migrations")
        applied = {row[0] for row in rows}
    newest = {f"{app}.{name}" for app, name in MigrationLoader(None).disk_migrations}
    if newest <= applied:
        return
    print(f"migrating the kept seed {template}", flush=True)
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "-v", "0"],
        cwd=ROOT,
        env=_env(url),
        check=True,
    )
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("VACUUM ANALYZE")


def keep_seed(base_url: str, db: str, template: str, figures: dict[str, Any]) -> None:
    """Copy the freshly seeded database as `template`, with its figures, for a later run."""
    from django.db import connection, connections

    with connection.cursor() as cursor:
        cursor.execute(f"CREATE TABLE {SEED_RECORD} (fingerprint text, figures jsonb)")
        cursor.execute(
            f"INSERT INTO {SEED_RECORD} VALUES (%s, %s)",  # noqa: S608 — a constant
            [seed_fingerprint(), json.dumps(figures)],
        )
    connections.close_all()
    create_database(base_url, template, template=db)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--sizes",
        default="100000,1000000",
        help="case counts, comma-separated, smallest first (growth between the first and last)",
    )
    parser.add_argument("--cases", type=int, help="one size only (no growth exponent)")
    parser.add_argument("--requests", type=int, default=150, help="per route and role")
    parser.add_argument(
        "--roles", default="clerk,agent,commission,driver,mayor,public", help="who requests"
    )
    parser.add_argument("--routes", help="only the lines matching this regular expression")
    parser.add_argument("--clients", type=int, default=16, help="concurrent clients (0: none)")
    parser.add_argument("--concurrent-requests", type=int, default=800)
    parser.add_argument("--sweep-rows", type=int, default=20_000, help="0: no sweep")
    parser.add_argument("--web-workers", type=int, default=2)
    parser.add_argument(
        "--no-export", dest="export", action="store_false", help="skip the cases export's run"
    )
    parser.add_argument("--db", default=DEFAULT_DB, help="the bench database's name")
    parser.add_argument("--keep", action="store_true", help="keep the last database afterwards")
    parser.add_argument(
        "--reuse-seed",
        action="store_true",
        help="keep each size's seeded database as <db>_seed_<N> and start from it next time",
    )
    args = parser.parse_args(argv)
    if args.requests < 2:
        parser.error("--requests must be at least 2")
    sizes = [args.cases] if args.cases else [int(n) for n in args.sizes.split(",")]
    if sizes != sorted(sizes):
        parser.error("--sizes: smallest first")

    base_url = os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/mantenopolis")
    db_url = urlunparse(urlparse(base_url)._replace(path=f"/{args.db}"))
    env = _env(db_url)
    os.environ.update(env)
    try:
        import django

        django.setup()
        from django.db import connection

        report: dict[str, Any] = {
            "when": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
            "requests": args.requests,
            "python": platform.python_version(),
            "cpus": os.cpu_count(),
            "sizes": [],
        }
        for i, cases in enumerate(sizes):
            report["sizes"].append(run_size(cases, args, base_url, last=i == len(sizes) - 1))
        with connection.cursor() as cursor:
            cursor.execute("SHOW server_version")
            report["postgres"] = cursor.fetchone()[0]
        large = report["sizes"][-1]
        report["growth"] = growth(report["sizes"][0], large) if len(sizes) > 1 else {}
        report["checks"] = checks(large, report["growth"])
        _print(report)
        RESULTS.mkdir(parents=True, exist_ok=True)
        path = RESULTS / f"bench-{report['when'].replace(':', '')}.json"
        path.write_text(json.dumps(report, indent=2))
        print(f"\nfigures written to {path.relative_to(ROOT)}")
        return 0
    finally:
        if not args.keep:
            from django.db import connections

            connections.close_all()
            drop_database(base_url, args.db)


if __name__ == "__main__":
    sys.exit(main())
