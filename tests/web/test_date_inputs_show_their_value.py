"""Issue 24 §6: a pre-filled date shows in the browser's date picker, in every language.

`<input type="date">` reads only ISO dates; a date written as 10/03/2026 shows empty.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
import time_machine
from django.conf import settings

pytestmark = pytest.mark.django_db


@time_machine.travel("2026-03-10 10:00 -03:00", tick=False)
@pytest.mark.parametrize("language", ["pt-br", "en"])
def test_the_lost_property_counter_prefills_todays_date(client, clerk, language):
    client.force_login(clerk)
    html = client.get("/achados/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    handed_in = re.search(r'<input type="date" name="handed_in_on"[^>]*>', html)
    assert handed_in is not None, html
    assert 'value="2026-03-10"' in handed_in.group(0)


def test_every_date_input_is_the_one_widget_that_writes_iso_dates():
    """A form module declaring its own date widget would write the locale's format again."""
    own = []
    for path in Path(settings.BASE_DIR).rglob("*.py"):
        if any(part in {".venv", "tests", "migrations"} for part in path.parts):
            continue
        if path.name == "widgets.py" and path.parent.name == "core":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "input_type" for t in node.targets
            ):
                value = node.value
                if isinstance(value, ast.Constant) and value.value in {"date", "datetime-local"}:
                    own.append(f"{path.relative_to(settings.BASE_DIR)}:{node.lineno}")
    assert own == [], own
