"""No function of a kind's services runs over 80 lines (issue 23 §2).

A service is read by someone who must change a rule: a function longer than a screen
hides its steps. The long ones are split into named steps (`_points_record`,
`_periods_start`, …); this test keeps new ones from growing back. It walks the source
with `ast`, so it needs no database.
"""

from __future__ import annotations

import ast
from pathlib import Path

WORKFLOWS = Path(__file__).resolve().parents[2] / "workflows"
LIMIT = 80
# The kinds' write modules: services.py or the services/ package, and substitution's
# tracking package and seizure module (its services by another name).
PATTERNS = ("*/services.py", "*/services/*.py", "*/tracking/*.py", "*/seizure.py")


def service_modules() -> list[Path]:
    return sorted({path for pattern in PATTERNS for path in WORKFLOWS.glob(pattern)})


def long_functions(source: str, limit: int = LIMIT) -> list[tuple[str, int]]:
    """(name, lines) of every function or method over `limit` lines, decorators included."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
            assert node.end_lineno is not None
            length = node.end_lineno - first + 1
            if length > limit:
                found.append((node.name, length))
    return found


def test_the_walk_finds_every_kinds_services():
    modules = {path.relative_to(WORKFLOWS).as_posix() for path in service_modules()}
    assert "violation/services/penalties.py" in modules
    assert "appeal/services/filing.py" in modules
    assert "auxiliary/services/filing.py" in modules
    assert "substitution/tracking/handlers.py" in modules
    assert "substitution/seizure.py" in modules
    assert "renewal/services.py" in modules


def test_a_function_over_80_lines_is_found():
    lines = [f"    x{n} = {n}\n" for n in range(LIMIT)]
    fits = "def fits():\n" + "".join(lines[:-1])  # exactly 80 lines
    too_long = "@decorated\ndef too_long():\n" + "".join(lines)  # 82 with its decorator
    assert long_functions(fits) == []
    assert long_functions(too_long) == [("too_long", LIMIT + 2)]


def test_no_service_function_runs_over_80_lines():
    offenders = {
        f"{path.relative_to(WORKFLOWS).as_posix()}:{name}": length
        for path in service_modules()
        for name, length in long_functions(path.read_text(encoding="utf-8"))
    }
    assert offenders == {}
