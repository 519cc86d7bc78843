"""The cases export writes each moment as the municipality reads it: DD/MM/YYYY HH:MM in
its own zone (Brasília time), the closing moment empty for an open case. PostgreSQL
formats them for a long export (`core.db.LocalMinute`, issue 25); the file must say what
the page says."""

from __future__ import annotations

import csv
import datetime as dt
import io

import pytest

from cases.models import Case
from tests.factories import AuthorizationFactory, SuspensionCaseFactory
from workspace.exports import cases_table, write

pytestmark = pytest.mark.django_db

UTC = dt.UTC


def _rows(user):
    text = write(cases_table(user, {"status": "all"}), "csv").decode("utf-8-sig")
    return list(csv.reader(io.StringIO(text), delimiter=";"))[1:]


def test_opened_and_closed_in_brasilia_time(clerk):
    closed = SuspensionCaseFactory(authorization=AuthorizationFactory())
    still_open = SuspensionCaseFactory(authorization=AuthorizationFactory())
    # 02:30 UTC is still the evening before in Mantenópolis (UTC−3).
    Case.objects.filter(pk=closed.pk).update(
        opened_at=dt.datetime(2026, 3, 10, 2, 30, tzinfo=UTC),
        closed_at=dt.datetime(2026, 4, 1, 18, 5, tzinfo=UTC),
    )
    Case.objects.filter(pk=still_open.pk).update(
        opened_at=dt.datetime(2026, 5, 2, 12, 0, tzinfo=UTC), closed_at=None
    )

    by_number = {row[0]: row for row in _rows(clerk)}

    assert by_number[closed.number][5:] == ["09/03/2026 23:30", "01/04/2026 15:05"]
    assert by_number[still_open.number][5:] == ["02/05/2026 09:00", ""]
