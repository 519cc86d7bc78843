"""The deadlines and terms of Lei nº 1.764/2023, each a rule.

Each is a :class:`DeadlineRule` (its length, how it is counted, which article)
so the Django side stores "how it is counted" and "article" next to a computed
due date: ``cases.services.deadlines.deadline_start`` writes the row from a
rule and a start date. :func:`due_date` is the one place where a length is
counted; the named functions are thin wrappers around it.

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

from law._dates import MONTHS_PER_YEAR, add_months, require_date
from law.calendar import Calendar, default_calendar
from law.clandestine import SEIZURE_DAYS
from law.i18n import N_


class Counting(StrEnum):
    """How the days of a deadline are counted."""

    BUSINESS_DAYS = "business_days"
    """Only business days count, start day excluded (CPC arts. 219 and 224)."""

    CALENDAR_DAYS = "calendar_days"
    """Every day counts, start day excluded; a last day that is not a business
    day moves to the next business day (CPC art. 224, §1)."""

    PERIOD_DAYS = "period_days"
    """A period served (a suspension, a seizure, a penalty): every day counts,
    the start day included, so ``n`` days end on ``start + n - 1``, whatever
    day of the week that is."""

    MONTHS = "months"
    """A term of ``n`` months that starts on the start day: its last day is the
    eve of the day the term expires ``n`` months later — the same date, or the
    next day when the month lacks it (Código Civil art. 132 §3, see
    ``law._dates``): a year from 29 February runs through 28 February."""

    FIXED_DATE = "fixed_date"
    """A day another rule or decision fixes and this rule only names: a reminder
    some days before a term ends, the last day of a term already computed
    (an imported IM, a suspension with its extension), a grace a setting gives,
    or a day the law names whose handler re-checks it under the lock (a
    vehicle's last day in service, Art. 12). It is not counted here and a
    closed day does not move it."""

    @property
    def label(self) -> str:
        """Portuguese label for display (marked with N_ for translation)."""
        return _COUNTING_LABELS[self]


_COUNTING_LABELS: Final[Mapping[Counting, str]] = MappingProxyType(
    {
        Counting.BUSINESS_DAYS: N_("dias úteis"),
        Counting.CALENDAR_DAYS: N_("dias corridos"),
        Counting.PERIOD_DAYS: N_("dias corridos, o primeiro incluído"),
        Counting.MONTHS: N_("meses"),
        Counting.FIXED_DATE: N_("data fixa"),
    }
)


CALENDAR_DEPENDENT: Final = frozenset({Counting.BUSINESS_DAYS, Counting.CALENDAR_DAYS})
"""The countings whose last day depends on which days are business days: a row of one
of them is always written from its rule and start day, so a day declared closed
afterwards recomputes and moves it (CPC art. 224 §1)."""


@dataclass(frozen=True)
class DeadlineRule:
    """A deadline of the law: ``length`` units counted as ``counting``, per ``article``.

    ``code`` is a stable identifier suitable for storage; ``label`` is a
    Portuguese description for display (marked with N_ for translation).
    ``length`` is None when the decision fixes it (the days of a suspension
    requested, Art. 24; of a penalty, Art. 59 III and IV).
    """

    code: str
    length: int | None
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
    length=NOTIFICATION_LIMIT_DAYS,
    counting=Counting.CALENDAR_DAYS,
    article="Art. 46 §1; Art. 53 II",
    label=N_("Prazo para notificar o infrator"),
)
"""Art. 46, §1 and Art. 53, II: 60 calendar days from the issuing of the
infraction notice; afterwards the notice is archived as insubsistent."""

APPEAL: Final = DeadlineRule(
    code="appeal",
    length=APPEAL_DAYS,
    counting=Counting.BUSINESS_DAYS,
    article="Art. 63",
    label=N_("Prazo para recurso contra penalidade"),
)
"""Art. 63: 30 days from the notification, counted as the CPC counts
(business days, start day excluded)."""

PAYMENT: Final = DeadlineRule(
    code="payment",
    length=PAYMENT_DAYS,
    counting=Counting.CALENDAR_DAYS,
    article="Art. 55 I",
    label=N_("Prazo para pagamento da multa"),
)
"""Art. 55 I: 10 calendar days from the notification of the infraction."""

PAYMENT_AFTER_APPEAL: Final = DeadlineRule(
    code="payment_after_appeal",
    length=PAYMENT_DAYS,
    counting=Counting.CALENDAR_DAYS,
    article="Art. 55 II",
    label=N_("Prazo para pagamento da multa após o recurso"),
)
"""Art. 55 II: 10 calendar days from the notification of the decision that
rejected the appeal."""

REVOCATION_APPEAL: Final = DeadlineRule(
    code="revocation_appeal",
    length=REVOCATION_APPEAL_DAYS,
    counting=Counting.BUSINESS_DAYS,
    article="Art. 59 §2",
    label=N_("Prazo para recurso contra cassação"),
)
"""Art. 59, §2: "até 10 dias" to appeal against a revocation; counted in
business days like Art. 63 (see docs/interpretations.md)."""

SUSPENSION_ON_REQUEST: Final = DeadlineRule(
    code="suspension_on_request",
    length=None,
    counting=Counting.PERIOD_DAYS,
    article="Art. 24",
    label=N_("Fim da suspensão: a autorização volta a vigorar"),
)
"""Art. 24: the authorization is suspended for the days requested (1 to 120),
from the day the suspension takes effect."""

PENALTY_SUSPENSION: Final = DeadlineRule(
    code="penalty_suspension",
    length=None,
    counting=Counting.PERIOD_DAYS,
    article="Art. 59 III",
    label=N_("Fim da suspensão (penalidade)"),
)
"""Art. 59 III: the suspension a penalty imposes, for the days of its group."""

PENALTY_IMPEDIMENT: Final = DeadlineRule(
    code="penalty_impediment",
    length=None,
    counting=Counting.PERIOD_DAYS,
    article="Art. 59 IV a",
    label=N_("Fim do impedimento de circulação"),
)
"""Art. 59 IV a: the vehicle kept off the streets, up to 90 days."""

SEIZURE: Final = DeadlineRule(
    code="seizure",
    length=SEIZURE_DAYS,
    counting=Counting.PERIOD_DAYS,
    article="Art. 62 I",
    label=N_("Fim da apreensão do veículo clandestino"),
)
"""Art. 62 I: 15 days of seizure."""

SEIZURE_ON_RECIDIVISM: Final = DeadlineRule(
    code="seizure_on_recidivism",
    length=None,
    counting=Counting.PERIOD_DAYS,
    article="Art. 62 I; Art. 62 §1",
    label=N_("Fim da apreensão do veículo clandestino"),
)
"""Art. 62 §1: on recidivism the seizure is twice the last one
(``law.clandestine.clandestine_penalty``)."""

REGISTRATION_TERM: Final = DeadlineRule(
    code="registration_term",
    length=MONTHS_PER_YEAR,
    counting=Counting.MONTHS,
    article="Art. 18",
    label=N_("Vencimento da IM"),
)
"""Art. 18: the IM is valid for one year from its issue."""

AUXILIARY_TERM: Final = DeadlineRule(
    code="auxiliary_term",
    length=MONTHS_PER_YEAR,
    counting=Counting.MONTHS,
    article="Art. 27 §1",
    label=N_("Fim do vínculo do auxiliar"),
)
"""Art. 27 §1: an auxiliary is bound for one year, renewable."""

JUDICIAL_SEIZURE_COMMUNICATION_DAYS: Final = 30
"""Art. 24, §2: days to communicate a judicial seizure of the vehicle."""

JUDICIAL_SEIZURE_COMMUNICATION: Final = DeadlineRule(
    code="judicial_seizure_communication",
    length=JUDICIAL_SEIZURE_COMMUNICATION_DAYS,
    counting=Counting.CALENDAR_DAYS,
    article="Art. 24 §2",
    label=N_("Prazo para comunicar a apreensão judicial do veículo"),
)
"""Art. 24, §2: 30 calendar days from the seizure to communicate it, with the court
order, so that the vehicle may be substituted on that ground."""

ADVERTISING_PERIOD: Final = DeadlineRule(
    code="advertising_period",
    length=None,
    counting=Counting.PERIOD_DAYS,
    article="Art. 67",
    label=N_("Fim da publicidade autorizada"),
)
"""Art. 67: an authorized advertisement is in force for the days of its period, the
first included (``law.advertising``: at most 12 months)."""

LOST_PROPERTY_HANDING_IN_DAYS: Final = 2
"""Art. 37 XVIII: "no prazo de 2 (dois) dias úteis"."""

LOST_PROPERTY_HANDING_IN: Final = DeadlineRule(
    code="lost_property_handing_in",
    length=LOST_PROPERTY_HANDING_IN_DAYS,
    counting=Counting.BUSINESS_DAYS,
    article="Art. 37 XVIII",
    label=N_("Entrega de objeto esquecido no veículo"),
)
"""Art. 37 XVIII: an object left in the taxi is handed in within 2 business days of the
day it was found."""

REGISTRATION_RENEWAL_REMINDER: Final = DeadlineRule(
    code="registration_renewal_reminder",
    length=None,
    counting=Counting.FIXED_DATE,
    article="Art. 18",
    label=N_("Lembrete de renovação da IM"),
)
"""Art. 18: a reminder some days before the IM's last day of validity."""

AUXILIARY_RENEWAL_REMINDER: Final = DeadlineRule(
    code="auxiliary_renewal_reminder",
    length=None,
    counting=Counting.FIXED_DATE,
    article="Art. 27 §1",
    label=N_("Lembrete: renovar o auxiliar"),
)
"""Art. 27 §1: a reminder some days before an auxiliary's yearly term ends."""

VEHICLE_AGE_LIMIT: Final = DeadlineRule(
    code="vehicle_age_limit",
    length=None,
    counting=Counting.FIXED_DATE,
    article="Art. 12",
    label=N_("Último dia em serviço do veículo"),
)
"""Art. 12 (and Art. 70 for a vehicle in service at the publication): the last day a
vehicle may serve, ``law.vehicles.age_deadline``; its handler re-checks the day under the
lock, so a day declared closed afterwards is caught there."""

VEHICLE_COLOUR_CHANGE: Final = DeadlineRule(
    code="vehicle_colour_change",
    length=None,
    counting=Counting.FIXED_DATE,
    article="Art. 10 §2; Art. 70",
    label=N_("Último dia para pintar o veículo de branco"),
)
"""Arts. 10 §2 and 70: the end of the 36 months to repaint a vehicle white
(``law.vehicles.colour_change_last_day``), re-checked by its handler like the age."""

VEHICLE_DEADLINE_REMINDER: Final = DeadlineRule(
    code="vehicle_deadline_reminder",
    length=None,
    counting=Counting.FIXED_DATE,
    article="Art. 12",
    label=N_("Aviso do último dia do veículo"),
)
"""Arts. 12 and 10 §2: a reminder some days before a vehicle's last day."""

NOTIFICATION_ARCHIVE_GRACE: Final = DeadlineRule(
    code="notification_archive_grace",
    length=None,
    counting=Counting.FIXED_DATE,
    article=NOTIFICATION_LIMIT.article,
    label=N_("Arquivamento se o AR não mostrar entrega"),
)
"""Art. 46 §1: after the 60 days, the days a setting grants the letters still in the
post before an unnotified notice is archived."""

RULES: Final[Mapping[str, DeadlineRule]] = MappingProxyType(
    {
        rule.code: rule
        for rule in (
            NOTIFICATION_LIMIT, APPEAL, PAYMENT, PAYMENT_AFTER_APPEAL, REVOCATION_APPEAL,
            SUSPENSION_ON_REQUEST,
            PENALTY_SUSPENSION, PENALTY_IMPEDIMENT, SEIZURE, SEIZURE_ON_RECIDIVISM,
            REGISTRATION_TERM, AUXILIARY_TERM, JUDICIAL_SEIZURE_COMMUNICATION,
            ADVERTISING_PERIOD, LOST_PROPERTY_HANDING_IN, REGISTRATION_RENEWAL_REMINDER,
            AUXILIARY_RENEWAL_REMINDER, VEHICLE_AGE_LIMIT, VEHICLE_COLOUR_CHANGE,
            VEHICLE_DEADLINE_REMINDER, NOTIFICATION_ARCHIVE_GRACE,
        )
    }
)
"""Every rule keyed by ``code``."""


def due_date(
    rule: DeadlineRule,
    start: dt.date,
    calendar: Calendar | None = None,
    *,
    length: int | None = None,
) -> dt.date:
    """Last day of ``rule`` for a deadline starting on ``start``.

    ``length`` is the decision's, for a rule whose length it fixes; otherwise
    the rule's. ``Counting.BUSINESS_DAYS``: the ``length``-th business day
    strictly after ``start``, or after the first business day following it when
    ``start`` is not one (CPC arts. 219 and 224 §§1 and 3; :func:`count_start`).
    ``Counting.CALENDAR_DAYS``: ``start + length`` moved to the next business
    day (CPC art. 224, §1). ``Counting.PERIOD_DAYS``: ``start + length - 1``.
    ``Counting.MONTHS``: the eve of ``start`` plus ``length`` months.
    """
    require_date(start, "start")
    count = rule.length if length is None else length
    if rule.counting is Counting.FIXED_DATE:
        raise ValueError(f"the rule {rule.code!r} names a date fixed elsewhere; it counts none")
    if count is None:
        raise ValueError(f"the rule {rule.code!r} takes its length from the decision")
    if count < 1:
        raise ValueError(f"a deadline lasts at least 1, got {count}")
    if rule.counting is Counting.PERIOD_DAYS:
        return start + dt.timedelta(days=count - 1)
    if rule.counting is Counting.MONTHS:
        return add_months(start, count) - dt.timedelta(days=1)
    cal = default_calendar() if calendar is None else calendar
    if rule.counting is Counting.BUSINESS_DAYS:
        return cal.add_business_days(count_start(start, cal), count)
    return cal.add_calendar_days(start, count)


def count_start(start: dt.date, calendar: Calendar | None = None) -> dt.date:
    """The day a business-day count starts from (excluded): ``start`` itself on a business
    day, else the next business day.

    CPC art. 224 §1: "os dias do começo e do vencimento do prazo serão protraídos para o
    primeiro dia útil seguinte" when there are no office hours; §3: "a contagem do prazo
    terá início no primeiro dia útil que seguir ao da publicação". A notice received on a
    Saturday is taken as received on Monday, and the first day counted is Tuesday — not
    Monday, which would give the citizen one business day fewer than one who received it
    on a Friday had over the weekend (docs/interpretations.md, "the day a count starts").
    """
    cal = default_calendar() if calendar is None else calendar
    return cal.next_business_day(require_date(start, "start"))


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
