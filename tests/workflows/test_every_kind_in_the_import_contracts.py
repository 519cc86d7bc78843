"""A kind left out of the import contracts would be exempt from them and no contract would
say so: this reads pyproject.toml and fails when an installed kind is not covered."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from django.conf import settings

from tests.workflows.kinds import installed_kind_apps

INDEPENDENCE = "A kind imports only the services and selectors of another kind"


def _contracts() -> list[dict[str, object]]:
    pyproject = Path(settings.BASE_DIR) / "pyproject.toml"
    return tomllib.loads(pyproject.read_text(encoding="utf-8"))["tool"]["importlinter"]["contracts"]


def _covers(patterns: list[str], module: str) -> bool:
    """import-linter's module expressions: `*` is one level of the name, `**` any number."""
    for pattern in patterns:
        parts = (
            ".+" if part == "**" else "[^.]+" if part == "*" else re.escape(part)
            for part in pattern.split(".")
        )
        if re.fullmatch(r"\.".join(parts), module):
            return True
    return False


def test_every_installed_kind_is_one_of_the_independent_kinds():
    contract = next(c for c in _contracts() if c["name"] == INDEPENDENCE)
    modules = list(contract["modules"])  # type: ignore[call-overload]
    missing = [kind for kind in installed_kind_apps() if not _covers(modules, kind)]
    assert not missing, f"add to the independence contract in pyproject.toml: {missing}"


def test_the_kinds_are_read_from_installed_apps():
    # The check above is only as good as this list.
    kinds = installed_kind_apps()
    assert {"workflows.suspension", "workflows.violation", "workflows.advertising"} <= set(kinds)
    assert "workflows.steps" not in kinds
