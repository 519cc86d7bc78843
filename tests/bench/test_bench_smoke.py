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

ROOT = Path(__file__).resolve().parents[2]
LINES = (
    "seed:",
    "trivial /api/workflows/",
    "queue API, first page",
    "queue, deep page by cursor",
    "case page",
    "verification by IM number",
    "driver's portal",
    "search, name",
    "search, plate",
    "search, case number",
    "application, 2 workers",
    "row by row, 2 workers",
    "plain SQL loop, 2 workers",
    "statements per swept row",
)


def test_bench_runs_small_and_writes_its_figures() -> None:
    db = f"mantenopolis_bench_smoke_{os.getpid()}"
    result = subprocess.run(
        [str(ROOT / "bin" / "bench"), "--cases", "2000", "--requests", "20",
         "--sweep-rows", "50", "--db", db],
        cwd=ROOT, capture_output=True, text=True, timeout=900, check=False,
        env={**os.environ, "VAR_DIR": os.environ.get("VAR_DIR", "/tmp/var-bench-smoke")},
    )
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    for line in LINES:
        assert line in result.stdout, output
    written = result.stdout.rsplit("figures written to ", 1)[1].strip()
    figures = json.loads((ROOT / written).read_text())
    (ROOT / written).unlink()
    assert figures["cases"] == 2000
    assert figures["sweep"]["app_2"]["per_worker"] and figures["sweep"]["rows"] == 50
    assert set(figures["http"]) >= {"queue API, first page", "case API", "search, name"}
