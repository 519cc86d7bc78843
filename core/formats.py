"""How the application writes values in Portuguese messages and letters."""

from __future__ import annotations

import datetime as dt


def format_date(day: dt.date) -> str:
    """A date as Brazilian documents write it: 28/07/2026."""
    return day.strftime("%d/%m/%Y")
