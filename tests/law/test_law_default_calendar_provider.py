"""The default-calendar hook used when a deadline gets ``calendar=None``.

The Django side keeps municipal holidays and closed days in its database and
installs a provider; the deadlines of Arts. 46, 55, 59 and 63 then use it.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator

import pytest

from law.calendar import Calendar, default_calendar, set_default_calendar_provider
from law.deadlines import payment_deadline

D = dt.date


@pytest.fixture(autouse=True)
def _reset_provider() -> Iterator[None]:
    set_default_calendar_provider(None)
    yield
    set_default_calendar_provider(None)


def test_default_calendar_without_provider_is_plain_cpc_art219() -> None:
    # given no provider
    # when / then
    assert default_calendar() == Calendar()


def test_default_calendar_uses_installed_provider_cpc_art219() -> None:
    # given a provider knowing a closed day
    municipal = Calendar(closed_days=[D(2026, 4, 17)])
    set_default_calendar_provider(lambda: municipal)
    # when / then
    assert default_calendar() is municipal


def test_provider_is_called_on_every_use_cpc_art219() -> None:
    # given a provider whose data changes (as a database would)
    calendars = [Calendar(), Calendar(closed_days=[D(2026, 4, 17)])]
    set_default_calendar_provider(lambda: calendars[-1])
    # when / then the latest data is seen
    assert default_calendar() == calendars[1]


def test_deadline_without_calendar_uses_provider_art55() -> None:
    # given notification on Tuesday 7 April 2026: +10 = Friday 17 April
    notified = D(2026, 4, 7)
    assert payment_deadline(notified) == D(2026, 4, 17)
    # when the municipality declared 17 April closed
    set_default_calendar_provider(lambda: Calendar(closed_days=[D(2026, 4, 17)]))
    # then the deadline moves to Monday 20 April
    assert payment_deadline(notified) == D(2026, 4, 20)


def test_removing_provider_restores_plain_calendar_cpc_art219() -> None:
    set_default_calendar_provider(lambda: Calendar(closed_days=[D(2026, 4, 17)]))
    set_default_calendar_provider(None)
    assert default_calendar() == Calendar()


def test_provider_returning_something_else_is_rejected_cpc_art219() -> None:
    set_default_calendar_provider(lambda: "not a calendar")  # type: ignore[arg-type,return-value]
    with pytest.raises(TypeError):
        default_calendar()
