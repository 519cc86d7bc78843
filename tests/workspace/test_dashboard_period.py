"""The dashboard's default period: the last twelve months, this one included.

Counting back went through `add_months` with a negative count, which the Civil Code
helper refuses (CC art. 132 §3 counts forward): the dashboard answered 500 (issue 10).
"""

from __future__ import annotations

import datetime as dt

import pytest

from workspace.dashboard import Period


@pytest.mark.parametrize(
    ("today", "start"),
    [
        (dt.date(2026, 12, 1), dt.date(2026, 1, 1)),
        (dt.date(2026, 3, 31), dt.date(2025, 4, 1)),
        (dt.date(2028, 2, 29), dt.date(2027, 3, 1)),
    ],
)
def test_the_default_period_is_the_last_twelve_months(today: dt.date, start: dt.date) -> None:
    period = Period.last_months(today)
    assert (period.start, period.end) == (start, today)
    assert len(period.months()) == 12
