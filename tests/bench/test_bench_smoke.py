"""The benchmark script still runs end to end.

Only that it runs and reports a ratio for each benchmark is checked — never a time: timing
figures depend on the machine and its load, and a test that fails on a busy CI runner
teaches people to ignore failures. The figures themselves are read by people, from
`bench/run.py` (see bench/README.md).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BENCHMARKS = ("deadline sweeper", "clerk queue", "calendar")


def test_bench_quick_runs_and_reports_a_ratio_per_benchmark() -> None:
    result = subprocess.run(
        [sys.executable, "bench/run.py", "--quick"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    ratio_lines = [line for line in result.stdout.splitlines() if "ratio" in line]
    for name in BENCHMARKS:
        assert any(line.startswith(f"{name} ratio:") for line in ratio_lines), output
