from __future__ import annotations

import datetime as dt

import pytest
import time_machine

from tests.appeal.factories import SP, commission


@pytest.fixture
def on_20_april_2026():
    """Notices of the factories are notified on 2 April 2026; the appeal window closes on
    20 May 2026 (30 business days, Art. 63) — today is well inside it."""
    with time_machine.travel(dt.datetime(2026, 4, 20, 10, tzinfo=SP), tick=False):
        yield


@pytest.fixture
def seats():
    return commission()


@pytest.fixture
def members(seats):
    """The members holding seats I, II and III, in that order."""
    return [seats[s].holder for s in ("I", "II", "III")]
