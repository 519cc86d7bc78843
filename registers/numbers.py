"""The IM number in one style: the register's own, ``IM-2026/00001`` (issue 24 §6).

The register issues ``IM-<year>/<5-digit sequence>`` (registers.services.registrations).
The numbers the municipality gave before the system (Art. 69) came spelt otherwise —
``0001/2026`` on its spreadsheet, ``IM-0001`` on older papers — and are the same number
of the same yearly series: they are stored and shown in the register's style, so a
person sees one spelling for one thing, and the verification page finds all of them.
"""

from __future__ import annotations

import re

PREFIX = "IM"
SEQUENCE_DIGITS = 5

_TWO_PARTS = re.compile(r"^(?:IM)?[\s\-]*(\d{1,9})\s*/\s*(\d{1,9})$", re.IGNORECASE)
_WITHOUT_YEAR = re.compile(r"^(?:IM)?[\s\-]*(\d{1,9})$", re.IGNORECASE)


def _is_year(value: int) -> bool:
    return 1900 <= value <= 2199


def registration_number(year: int, sequence: int) -> str:
    """The register's spelling: ``IM-2026/00001``."""
    return f"{PREFIX}-{year}/{sequence:0{SEQUENCE_DIGITS}d}"


def registration_number_parse(text: str, *, year: int) -> tuple[int, int] | None:
    """(year, sequence) of an IM number in any of the known spellings; `year` is the one
    a number without its year belongs to (the year its validity starts). None when the
    text is no IM number of the series (kept as the municipality wrote it)."""
    text = (text or "").strip()
    if match := _TWO_PARTS.match(text):
        first, second = int(match[1]), int(match[2])
        # The year is the part that reads as one: 0001/2026 is the spreadsheet's order,
        # IM-2026/00001 the register's (taken when both could be years).
        if _is_year(first):
            return first, second
        if _is_year(second):
            return second, first
        return None
    if match := _WITHOUT_YEAR.match(text):
        return year, int(match[1])
    return None


def registration_number_canonical(text: str, *, year: int) -> str:
    """`text` in the register's style, or unchanged when it is not of the series."""
    parsed = registration_number_parse(text, year=year)
    return registration_number(*parsed) if parsed else text.strip()
