"""Fixtures the case tests share: an appeal before the commission and one of its members."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest
import time_machine

from accounts.roles import Role
from tests.appeal.factories import filed_appeal
from tests.factories import UserFactory

SP = ZoneInfo("America/Sao_Paulo")


@pytest.fixture
def appeal():
    """An appeal filed on 20 April 2026, in time (Art. 63)."""
    with time_machine.travel(dt.datetime(2026, 4, 20, 10, tzinfo=SP), tick=False):
        return filed_appeal()


@pytest.fixture
def member():
    """A member of the appeal commission (Art. 52)."""
    return UserFactory(role=Role.COMMISSION_MEMBER)
