"""`bin/bench` still runs end to end, at a small size.

Only that it runs and reports each figure is checked — never a time: timing figures depend
on the machine and its load, and a test that fails on a busy CI runner teaches people to
ignore failures. The figures themselves are read by people (see bench/README.md).
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from tests.factories import UserFactory

ROOT = Path(__file__).resolve().parents[2]
LINES = (
    "seed:",
    "api-cases (first page) [clerk]",
    "api-cases (page by cursor) [clerk]",
    "case [clerk]",
    "verify (by IM number) [public]",
    "portal [driver]",
    "api-search (name) [clerk]",
    "api-search (broad name) [clerk]",
    "api-search (plate) [clerk]",
    "workspace-dashboard [clerk]",
    "workspace-driver [clerk]",
    "admin:accounts_personaldataaccess_changelist (by CPF)",
    "targets met:",
    "concurrency, the route mix",
    "application, 2 workers",
    "row by row, 2 workers",
    "plain SQL loop, 2 workers",
    "statements per swept row",
    "cases.csv on the worker",
    "memory from ",
)


def test_bench_runs_small_and_writes_its_figures() -> None:
    db = f"mantenopolis_bench_smoke_{os.getpid()}"
    result = subprocess.run(
        [
            str(ROOT / "bin" / "bench"),
            "--sizes",
            "1000,2000",
            "--requests",
            "2",
            "--sweep-rows",
            "50",
            "--clients",
            "2",
            "--concurrent-requests",
            "20",
            "--db",
            db,
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=1500,
        check=False,
        env={**os.environ, "VAR_DIR": os.environ.get("VAR_DIR", "/tmp/var-bench-smoke")},
    )
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    for line in LINES:
        assert line in result.stdout, output
    written = result.stdout.rsplit("figures written to ", 1)[1].strip()
    figures = json.loads((ROOT / written).read_text())
    (ROOT / written).unlink()
    assert [size["cases"] for size in figures["sizes"]] == [1000, 2000]
    large = figures["sizes"][-1]
    assert large["sweep"]["app_2"]["per_worker"] and large["sweep"]["rows"] == 50
    assert {"api-case [clerk]", "api-search (name) [clerk]"} <= set(large["http"])
    # Every GET route measured: the seed holds what each one reads (bench/seed.py), and
    # each is reached by a role (only SKIPPED routes left out, each with its reason).
    for size in figures["sizes"]:
        left = size["left_out"]
        assert (left["unsampled"], left["no_rows"], left["unreached"]) == ([], [], []), left
        # Every line timed its page, not an error: a narrower scope (the commission, a
        # driver) is measured over the drawn ids it reaches.
        errors = {label: row["errors"] for label, row in size["http"].items() if row["errors"]}
        assert errors == {}, errors
    # A growth exponent for every line measured at both sizes, the trivial endpoint aside.
    both = set(large["http"]) & set(figures["sizes"][0]["http"]) - {"api-workflows [clerk]"}
    assert both and set(figures["growth"]) == both
    # The export wrote every case the clerk sees, at each size (issue 25 §2).
    exported = [size["export"]["rows"] for size in figures["sizes"]]
    assert 0 < exported[0] < exported[1]


@pytest.mark.django_db
def test_every_get_route_has_a_source_of_values(client) -> None:  # type: ignore[no-untyped-def]
    """A GET route whose path takes a value is measured on real values drawn from the
    seed (bench/routes.py): one added without a source would silently go unmeasured. A
    route that answers a GET with 405 is a POST endpoint and needs none."""
    from bench.routes import PK_TABLES, SKIPPED, SPECIAL, url_routes

    client.force_login(UserFactory(is_superuser=True, is_staff=True))
    missing = []
    for route in url_routes():
        if (
            not route.params
            or route.name.startswith("admin:")
            or route.name in SKIPPED
            or route.bare in PK_TABLES
            or route.bare in SPECIAL
            or not route.takes_get()
        ):
            continue
        if client.get(route.path({name: 1 for name in route.params})).status_code != 405:
            missing.append(route.name)
    assert missing == []
