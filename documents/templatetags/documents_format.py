"""Brazilian formats for documents and the verification page.

A stored document context keeps dates as ISO strings and amounts as decimal strings
(`documents.services.context_freeze`); these filters accept those as well as real dates
and numbers, so one template serves a frozen context and a live one alike.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal, InvalidOperation

from django import template
from django.utils import timezone

from law.i18n import format_date

register = template.Library()


def _as_datetime(value: object) -> dt.datetime | dt.date | None:
    if isinstance(value, dt.date):
        return value
    if isinstance(value, str) and value:
        try:
            return (
                dt.datetime.fromisoformat(value) if "T" in value else dt.date.fromisoformat(value)
            )
        except ValueError:
            return None
    return None


@register.filter
def date_br(value: object) -> str:
    """dd/mm/aaaa; an aware date-time is first taken to local (legal) time."""
    day = _as_datetime(value)
    if day is None:
        return "" if value in (None, "") else str(value)
    if isinstance(day, dt.datetime) and timezone.is_aware(day):
        day = timezone.localtime(day)
    return format_date(day)


@register.filter
def datetime_br(value: object) -> str:
    """dd/mm/aaaa HH:MM in local time (Art. 47 V: the time of the violation)."""
    moment = _as_datetime(value)
    if not isinstance(moment, dt.datetime):
        return date_br(value)
    if timezone.is_aware(moment):
        moment = timezone.localtime(moment)
    return moment.strftime("%d/%m/%Y %H:%M")


def _decimal(value: object) -> Decimal | None:
    try:
        return Decimal(str(value))
    except (InvalidOperation, ValueError):
        return None


@register.filter
def number_br(value: object, places: int = 2) -> str:
    """1.234,56: dot for thousands, comma for decimals, whatever the reader's locale."""
    number = _decimal(value)
    if number is None:
        return "" if value in (None, "") else str(value)
    text = f"{number:,.{int(places)}f}"
    return text.replace(",", "\0").replace(".", ",").replace("\0", ".")


@register.filter
def reais(value: object) -> str:
    """R$ 1.234,56."""
    text = number_br(value, 2)
    return f"R$ {text}" if text else ""


@register.simple_tag
def notice_penalty_lines(notice: object, fine_vrte: object = None) -> list[str]:
    """`{% notice_penalty_lines notice as lines %}`: the penalty in full, one sentence per
    penalty (documents.penalties), for the letters and e-mails about a notice."""
    from documents.penalties import penalty_lines, penalty_of_notice

    kept = _decimal(fine_vrte) if fine_vrte not in (None, "") else None
    return penalty_lines(penalty_of_notice(notice, fine_vrte=kept))


@register.simple_tag
def notice_penalty(notice: object, fine_vrte: object = None, periods: bool = True) -> object:
    """`{% notice_penalty notice as penalty %}`: the one description of the notice's penalty
    (documents.penalties.PenaltyInFull): `penalty.has_fine`, `.summary`, `.lines`.
    `periods=False` in a list: the summary needs no dates (and no query)."""
    from documents.penalties import penalty_of_notice

    kept = _decimal(fine_vrte) if fine_vrte not in (None, "") else None
    return penalty_of_notice(notice, fine_vrte=kept, with_periods=periods)
