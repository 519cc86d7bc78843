"""The statute package imports only the standard library, ``holidays`` and itself
(no Django), so it can be used and tested outside the web application."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import law

ALLOWED_THIRD_PARTY = {"holidays"}


def test_law_package_imports_no_django_nor_other_third_party() -> None:
    # given every module of the package
    package_dir = Path(next(iter(law.__path__)))
    modules = sorted(package_dir.glob("*.py"))
    assert modules
    # when collecting the top-level names they import
    imported: set[str] = set()
    for module in modules:
        for node in ast.walk(ast.parse(module.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                imported.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                imported.add(node.module.split(".")[0])
    # then only the standard library, holidays and law itself are used
    outside = imported - set(sys.stdlib_module_names) - ALLOWED_THIRD_PARTY - {"law"}
    assert outside == set()
    assert "django" not in imported
