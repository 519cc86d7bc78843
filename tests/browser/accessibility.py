"""axe-core in the browser suite (issue 10 point 6): no serious or critical violation.

axe-core comes from PyPI's axe-playwright-python, which ships axe.min.js; only the script is
used, injected by Playwright (the site's CSP governs the page's own scripts, not this).
"""

from __future__ import annotations

from pathlib import Path

import axe_playwright_python
from playwright.sync_api import Page

AXE_JS = Path(axe_playwright_python.__file__).parent / "axe.min.js"
BLOCKING = frozenset({"serious", "critical"})


def axe_violations(page: Page) -> list[dict]:
    """Run axe-core on the page as it is; return its serious and critical violations."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE_JS))
    result = page.evaluate("async () => await window.axe.run(document)")
    assert result["passes"], "axe-core checked nothing: was it injected?"
    return [v for v in result["violations"] if v.get("impact") in BLOCKING]


def describe(violations: list[dict]) -> str:
    lines = []
    for v in violations:
        targets = [" ".join(map(str, node["target"])) for node in v["nodes"][:5]]
        lines.append(f"{v['id']} ({v['impact']}): {v['help']} — {targets}")
    return "\n".join(lines)
