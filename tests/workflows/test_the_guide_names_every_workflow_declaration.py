"""docs/adding-a-case-kind.md is the one place a newcomer learns what a kind declares
(issue 23): a `Workflow` field it does not name is one the fourteenth kind would miss."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from django.conf import settings

from cases.workflow import Workflow


def test_every_field_of_the_workflow_entry_is_in_the_guide():
    guide = (Path(settings.BASE_DIR) / "docs" / "adding-a-case-kind.md").read_text(encoding="utf-8")
    missing = [f.name for f in dataclasses.fields(Workflow) if f"`{f.name}" not in guide]
    assert missing == []
