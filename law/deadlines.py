"""Procedural deadlines of Lei nº 1.764/2023.

Each deadline is described by a :class:`DeadlineRule` (how many days, how they
are counted, which article) so the Django side can store "how it is counted"
and "article" next to a computed due date. :func:`due_date` applies a rule;
the four named functions are thin wrappers around it.

Every function takes ``calendar: Calendar | None``; ``None`` means
:func:`law.calendar.default_calendar`.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType
from typing import Final

from law.calendar import Calendar, default_calendar
from law.i18n import N_


class Counting(StrEnum):
    """How the days of a deadline are counted."""

    BUSINESS_DAYS = "business_days"
    """Only business days count, start day excluded (CPC arts. 219 and 224)."""

    CALENDAR_DAYS = "calendar_days"
    """Every day counts, start day excluded; a last day that is not a business
    day moves to the next business day (CPC art. 224, §1)."""

    @property
    def label(self) -> str:
        """Portuguese label for display (marked with N_ for translation)."""
        return _COUNTING_LABELS[self]


_COUNTING_LABELS: Final[Mapping[Counting, str]] = MappingProxyType(
    {Counting.BUSINESS_DAYS: N_("dias úteis"), Counting.CALENDAR_DAYS: N_("dias corridos")}
)


@dataclass(frozen=True)
class DeadlineRule:
    """A deadline of the law: ``days`` counted as ``counting``, per ``article``.

    ``code`` is a stable identifier suitable for storage; ``label`` is a
    Portuguese description for display (marked with N_ for translation).
    """

    code: str
    days: int
    counting: Counting
    article: str
    label: str = ""


NOTIFICATION_LIMIT_DAYS: Final = 60
"""Art. 46, §1 and Art. 53, II: days the municipality has to notify the offender."""

APPEAL_DAYS: Final = 30
"""Art. 63: days to appeal against a penalty."""

PAYMENT_DAYS: Final = 10
"""Art. 55: days to pay a fine."""

REVOCATION_APPEAL_DAYS: Final = 10
"""Art. 59, §2: "até 10 (dez) dias" to appeal against a revocation (cassação)."""

NOTIFICATION_LIMIT: Final = DeadlineRule(
    code="notification_limit",
    days=NOTIFICATION_LIMIT_DAYS,
    counting=Counting.CALENDAR_DAYS,
    article="Art. 46, §1; Art. 53, II",
    label=N_("Prazo para notificar o infrator"),
)
"""Art. 46, §1 and Art. 53, II: 60 calendar days from the issuing of the
infraction notice; afterwards the notice is archived as insubsistent."""

APPEAL: Final = DeadlineRule(
    code="appeal",
    days=APPEAL_DAYS,
    counting=Counting.BUSINESS_DAYS,
    article="Art. 63",
    label=N_("Prazo para recurso contra penalidade"),
)
"""Art. 63: 30 days from the notification, counted as the CPC counts
(business days, start day excluded)."""

PAYMENT: Final = DeadlineRule(
    code="payment",
    days=PAYMENT_DAYS,
    counting=Counting.CALENDAR_DAYS,
    article="Art. 55",
    label=N_("Prazo para pagamento da multa"),
)
"""Art. 55: 10 calendar days from the notification of the infraction (I) or of
the decision that rejected the appeal (II)."""

REVOCATION_APPEAL: Final = DeadlineRule(
    code="revocation_appeal",
    days=REVOCATION_APPEAL_DAYS,
    counting=Counting.BUSINESS_DAYS,
    article="Art. 59, §2",
    label=N_("Prazo para recurso contra cassação"),
)
"""Art. 59, §2: "até 10 dias" to appeal against a revocation; counted in
business days like Art. 63 (see docs/interpretations.md)."""

JUDICIAL_SEIZURE_COMMUNICATION_DAYS: Final = 30
"""Art. 24, §2: days to communicate a judicial seizure of the vehicle."""

JUDICIAL_SEIZURE_COMMUNICATION: Final = DeadlineRule(
    code="judicial_seizure_communication",
    days=JUDICIAL_SEIZURE_COMMUNICATION_DAYS,
    counting=Counting.CALENDAR_DAYS,
    article="Art. 24, §2",
    label=N_("Prazo para comunicar a apreensão judicial do veículo"),
)
"""Art. 24, §2: 30 calendar days from the seizure to communicate it, with the court
order, so that the vehicle may be substituted on that ground."""

RULES: Final[Mapping[str, DeadlineRule]] = MappingProxyType(
    {
        rule.code: rule
        for rule in (
            NOTIFICATION_LIMIT,
            APPEAL,
            PAYMENT,
            REVOCATION_APPEAL,
            JUDICIAL_SEIZURE_COMMUNICATION,
        )
    }
)
"""The rules keyed by ``code`` (the code a deadline row stores)."""


def due_date(rule: DeadlineRule, start: dt.date, calendar: Calendar | None = None) -> dt.date:
    """Last day of ``rule`` for a deadline starting on ``start``.

    ``Counting.BUSINESS_DAYS``: the ``rule.days``-th business day strictly
    after ``start`` (CPC arts. 219 and 224). ``Counting.CALENDAR_DAYS``:
    ``start + rule.days`` moved to the next business day (CPC art. 224, §1).
    """
    cal = default_calendar() if calendar is None else calendar
    if rule.counting is Counting.BUSINESS_DAYS:
        return cal.add_business_days(start, rule.days)
    return cal.add_calendar_days(start, rule.days)


def notification_limit(issued_on: dt.date, calendar: Calendar | None = None) -> dt.date:
    """Last day to notify the offender of an infraction notice issued on ``issued_on``.

    Art. 46, §1 and Art. 53, II: 60 calendar days, moved to the next business day.
    """
    return due_date(NOTIFICATION_LIMIT, issued_on, calendar)


def appeal_deadline(notified_on: dt.date, calendar: Calendar | None = None) -> dt.date:
    """Last day to appeal against a penalty notified on ``notified_on``.

    Art. 63: 30 days counted by the CPC: business days only, start excluded.
    """
    return due_date(APPEAL, notified_on, calendar)


def payment_deadline(notified_on: dt.date, calendar: Calendar | None = None) -> dt.date:
    """Last day to pay a fine notified on ``notified_on``.

    Art. 55: 10 calendar days, moved to the next business day. ``notified_on``
    is the receipt of the infraction notification (I) or of the decision that
    rejected the appeal (II).
    """
    return due_date(PAYMENT, notified_on, calendar)


def revocation_appeal_deadline(notified_on: dt.date, calendar: Calendar | None = None) -> dt.date:
    """Last day to appeal against a revocation (cassação) notified on ``notified_on``.

    Art. 59, §2: "até 10 dias", counted in business days like Art. 63.
    """
    return due_date(REVOCATION_APPEAL, notified_on, calendar)
