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
from law.calendar import Calendar, Closure, default_calendar
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


class StartBasis(StrEnum):
    """The event a deadline counts from: what its start day is the day of."""

    NOTICE_RECEIVED = "notice_received"
    """The notice was received (Art. 46); the means is one of the four below when known."""
    AR_DELIVERY = "ar_delivery"
    """Delivered by registered post, on the day the return receipt (AR) shows (Art. 46)."""
    AR_VISIT = "ar_visit"
    """Returned because the address on file was out of date: the postman's visit on the
    AR counts as the receipt (Art. 46 §2; Art. 47 §2)."""
    AR_ATTACHED = "ar_attached"
    """The day the AR was attached to the file (CPC art. 231 I; the NOTIFICATION_CLOCK_START
    setting, docs/interpretations.md)."""
    PERSONAL_DELIVERY = "personal_delivery"
    """Delivered in person against a receipt, or refused before two witnesses (Art. 46)."""
    FINDING = "finding"
    """The infraction was found (Art. 46 §1: "constatada a infração")."""
    SEIZURE = "seizure"
    """The clandestine vehicle was seized (Art. 62 I)."""
    JUDICIAL_SEIZURE = "judicial_seizure"
    """A court seized the taxi (Art. 24 §2)."""
    FOUND = "found"
    """An object was found in the taxi (Art. 37 XVIII)."""
    ISSUE = "issue"
    """The IM was issued (Art. 18)."""
    EFFECT = "effect"
    """The measure (a suspension, a penalty, an authorization) took effect."""
    FIXED = "fixed"
    """A date another rule or decision fixes; nothing is counted from it."""

    @property
    def label(self) -> str:
        """Portuguese description for display (marked with N_ for translation)."""
        return _START_LABELS[self]


_START_LABELS: Final[Mapping[StartBasis, str]] = MappingProxyType(
    {
        StartBasis.NOTICE_RECEIVED: N_("recebimento da notificação (Art. 46)"),
        StartBasis.AR_DELIVERY: N_(
            "entrega da carta registrada, na data do aviso de recebimento (AR) (Art. 46)"
        ),
        StartBasis.AR_VISIT: N_(
            "visita do carteiro ao endereço desatualizado, na data do AR: a carta devolvida "
            "vale como recebida (Art. 46 §2; Art. 47 §2)"
        ),
        StartBasis.AR_ATTACHED: N_("juntada do AR ao processo (CPC Art. 231 I)"),
        StartBasis.PERSONAL_DELIVERY: N_("entrega pessoal da notificação, contra recibo (Art. 46)"),
        StartBasis.FINDING: N_("constatação da infração (Art. 46 §1)"),
        StartBasis.SEIZURE: N_("apreensão do veículo (Art. 62 I)"),
        StartBasis.JUDICIAL_SEIZURE: N_("apreensão judicial do veículo (Art. 24 §2)"),
        StartBasis.FOUND: N_("dia em que o objeto foi achado no táxi (Art. 37 XVIII)"),
        StartBasis.ISSUE: N_("emissão da IM (Art. 18)"),
        StartBasis.EFFECT: N_("início da medida"),
        StartBasis.FIXED: N_("data fixada pela decisão ou por outra regra"),
    }
)

RECEIPTS: Final = frozenset(
    {
        StartBasis.NOTICE_RECEIVED,
        StartBasis.AR_DELIVERY,
        StartBasis.AR_VISIT,
        StartBasis.AR_ATTACHED,
        StartBasis.PERSONAL_DELIVERY,
    }
)
"""The bases that say how a notice was received: a rule counted from the receipt takes
the one the receipt recorded."""


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
    requested, Art. 24; of a penalty, Art. 59 III and IV). ``starts_from`` is the
    event its start day is the day of.
    """

    code: str
    length: int | None
    counting: Counting
    article: str
    label: str = ""
    starts_from: StartBasis = StartBasis.FIXED


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
    starts_from=StartBasis.FINDING,
)
"""Art. 46, §1 and Art. 53, II: 60 calendar days from the issuing of the
infraction notice; afterwards the notice is archived as insubsistent."""

APPEAL: Final = DeadlineRule(
    code="appeal",
    length=APPEAL_DAYS,
    counting=Counting.BUSINESS_DAYS,
    article="Art. 63",
    label=N_("Prazo para recurso contra penalidade"),
    starts_from=StartBasis.NOTICE_RECEIVED,
)
"""Art. 63: 30 days from the notification, counted as the CPC counts
(business days, start day excluded)."""

PAYMENT: Final = DeadlineRule(
    code="payment",
    length=PAYMENT_DAYS,
    counting=Counting.CALENDAR_DAYS,
    article="Art. 55 I",
    label=N_("Prazo para pagamento da multa"),
    starts_from=StartBasis.NOTICE_RECEIVED,
)
"""Art. 55 I: 10 calendar days from the notification of the infraction."""

PAYMENT_AFTER_APPEAL: Final = DeadlineRule(
    code="payment_after_appeal",
    length=PAYMENT_DAYS,
    counting=Counting.CALENDAR_DAYS,
    article="Art. 55 II",
    label=N_("Prazo para pagamento da multa após o recurso"),
    starts_from=StartBasis.NOTICE_RECEIVED,
)
"""Art. 55 II: 10 calendar days from the notification of the decision that
rejected the appeal."""

REVOCATION_APPEAL: Final = DeadlineRule(
    code="revocation_appeal",
    length=REVOCATION_APPEAL_DAYS,
    counting=Counting.BUSINESS_DAYS,
    article="Art. 59 §2",
    label=N_("Prazo para recurso contra cassação"),
    starts_from=StartBasis.NOTICE_RECEIVED,
)
"""Art. 59, §2: "até 10 dias" to appeal against a revocation; counted in
business days like Art. 63 (see docs/interpretations.md)."""

SUSPENSION_ON_REQUEST: Final = DeadlineRule(
    code="suspension_on_request",
    length=None,
    counting=Counting.PERIOD_DAYS,
    article="Art. 24",
    label=N_("Fim da suspensão: a autorização volta a vigorar"),
    starts_from=StartBasis.EFFECT,
)
"""Art. 24: the authorization is suspended for the days requested (1 to 120),
from the day the suspension takes effect."""

PENALTY_SUSPENSION: Final = DeadlineRule(
    code="penalty_suspension",
    length=None,
    counting=Counting.PERIOD_DAYS,
    article="Art. 59 III",
    label=N_("Fim da suspensão (penalidade)"),
    starts_from=StartBasis.EFFECT,
)
"""Art. 59 III: the suspension a penalty imposes, for the days of its group."""

PENALTY_IMPEDIMENT: Final = DeadlineRule(
    code="penalty_impediment",
    length=None,
    counting=Counting.PERIOD_DAYS,
    article="Art. 59 IV a",
    label=N_("Fim do impedimento de circulação"),
    starts_from=StartBasis.EFFECT,
)
"""Art. 59 IV a: the vehicle kept off the streets, up to 90 days."""

SEIZURE: Final = DeadlineRule(
    code="seizure",
    length=SEIZURE_DAYS,
    counting=Counting.PERIOD_DAYS,
    article="Art. 62 I",
    label=N_("Fim da apreensão do veículo clandestino"),
    starts_from=StartBasis.SEIZURE,
)
"""Art. 62 I: 15 days of seizure."""

SEIZURE_ON_RECIDIVISM: Final = DeadlineRule(
    code="seizure_on_recidivism",
    length=None,
    counting=Counting.PERIOD_DAYS,
    article="Art. 62 I; Art. 62 §1",
    label=N_("Fim da apreensão do veículo clandestino"),
    starts_from=StartBasis.SEIZURE,
)
"""Art. 62 §1: on recidivism the seizure is twice the last one
(``law.clandestine.clandestine_penalty``)."""

REGISTRATION_TERM: Final = DeadlineRule(
    code="registration_term",
    length=MONTHS_PER_YEAR,
    counting=Counting.MONTHS,
    article="Art. 18",
    label=N_("Vencimento da IM"),
    starts_from=StartBasis.ISSUE,
)
"""Art. 18: the IM is valid for one year from its issue."""

AUXILIARY_TERM: Final = DeadlineRule(
    code="auxiliary_term",
    length=MONTHS_PER_YEAR,
    counting=Counting.MONTHS,
    article="Art. 27 §1",
    label=N_("Fim do vínculo do auxiliar"),
    starts_from=StartBasis.EFFECT,
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
    starts_from=StartBasis.JUDICIAL_SEIZURE,
)
"""Art. 24, §2: 30 calendar days from the seizure to communicate it, with the court
order, so that the vehicle may be substituted on that ground."""

ADVERTISING_PERIOD: Final = DeadlineRule(
    code="advertising_period",
    length=None,
    counting=Counting.PERIOD_DAYS,
    article="Art. 67",
    label=N_("Fim da publicidade autorizada"),
    starts_from=StartBasis.EFFECT,
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
    starts_from=StartBasis.FOUND,
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


@dataclass(frozen=True)
class Count:
    """A deadline counted, with what a person needs to check the count by hand: the day of
    the event and the day the count starts from, the days counted, each day skipped with
    its reason, and the last day. :func:`count` is the one place a length is counted;
    :func:`due_date` is its ``due_on``, so a deadline and its explanation cannot disagree.
    """

    rule: DeadlineRule
    start: dt.date
    """The day of the event (``rule.starts_from``)."""
    length: int
    due_on: dt.date
    count_from: dt.date
    """The day the count runs from, excluded: ``start``, or for a business-day count
    starting on a day without office hours the next business day (CPC art. 224 §§1, 3).
    A period served and a term in months run from ``start`` itself, included."""
    start_closure: Closure | None = None
    """Why ``start`` was not a business day, when that moved ``count_from``."""
    nominal_end: dt.date | None = None
    """A calendar-day count: ``start + length``, before CPC art. 224 §1 moved it."""
    skipped: tuple[Closure, ...] = ()
    """Business days: every day between ``start`` and ``due_on`` that was not counted.
    Calendar days: the days without office hours the last day was moved across."""

    @property
    def first_day(self) -> dt.date:
        """The first day counted."""
        if self.rule.counting in (Counting.PERIOD_DAYS, Counting.MONTHS):
            return self.count_from
        day = self.count_from + dt.timedelta(days=1)
        skipped = {closure.day for closure in self.skipped}
        while self.rule.counting is Counting.BUSINESS_DAYS and day in skipped:
            day += dt.timedelta(days=1)
        return day

    @property
    def moved(self) -> bool:
        """Whether a calendar-day count's last day was moved to a business day."""
        return self.nominal_end is not None and self.nominal_end != self.due_on


def count(
    rule: DeadlineRule,
    start: dt.date,
    calendar: Calendar | None = None,
    *,
    length: int | None = None,
    language: str = "pt_BR",
) -> Count:
    """Count ``rule`` from ``start``: its last day and how it was reached.

    ``length`` is the decision's, for a rule whose length it fixes; otherwise
    the rule's. ``Counting.BUSINESS_DAYS``: the ``length``-th business day
    strictly after ``start``, or after the first business day following it when
    ``start`` is not one (CPC arts. 219 and 224 §§1 and 3; :func:`count_start`).
    ``Counting.CALENDAR_DAYS``: ``start + length`` moved to the next business
    day (CPC art. 224, §1). ``Counting.PERIOD_DAYS``: ``start + length - 1``.
    ``Counting.MONTHS``: the eve of ``start`` plus ``length`` months.
    ``language`` names the holidays skipped (``law.calendar.NAME_LANGUAGES``).
    """
    require_date(start, "start")
    days = rule.length if length is None else length
    if rule.counting is Counting.FIXED_DATE:
        raise ValueError(f"the rule {rule.code!r} names a date fixed elsewhere; it counts none")
    if days is None:
        raise ValueError(f"the rule {rule.code!r} takes its length from the decision")
    if days < 1:
        raise ValueError(f"a deadline lasts at least 1, got {days}")
    if rule.counting is Counting.PERIOD_DAYS:
        return Count(rule, start, days, start + dt.timedelta(days=days - 1), start)
    if rule.counting is Counting.MONTHS:
        return Count(rule, start, days, add_months(start, days) - dt.timedelta(days=1), start)
    cal = default_calendar() if calendar is None else calendar
    one = dt.timedelta(days=1)
    if rule.counting is Counting.BUSINESS_DAYS:
        start_closure = cal.closure(start, language)
        skipped: list[Closure] = []
        counted = 0
        # The start day itself, moved to the next business day (CPC art. 224 §§1, 3) …
        count_from = start
        while (closure := cal.closure(count_from, language)) is not None:
            if count_from != start:
                skipped.append(closure)
            count_from += one
        # … then ``days`` business days after it.
        day = count_from
        while counted < days:
            day += one
            closure = cal.closure(day, language)
            if closure is None:
                counted += 1
            else:
                skipped.append(closure)
        return Count(
            rule, start, days, day, count_from, start_closure=start_closure,
            skipped=tuple(skipped),
        )
    nominal = start + dt.timedelta(days=days)
    moved: list[Closure] = []
    day = nominal
    while (closure := cal.closure(day, language)) is not None:
        moved.append(closure)
        day += one
    return Count(rule, start, days, day, start, nominal_end=nominal, skipped=tuple(moved))


def due_date(
    rule: DeadlineRule,
    start: dt.date,
    calendar: Calendar | None = None,
    *,
    length: int | None = None,
) -> dt.date:
    """Last day of ``rule`` for a deadline starting on ``start``: :func:`count`'s."""
    return count(rule, start, calendar, length=length).due_on


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
