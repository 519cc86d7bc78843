"""Every deadline explains its count (issue 24 §3): the day and the event it counts from,
the rule and its article, the days counted, each day skipped with its reason, the last day.

The count is `law.deadlines.count`, the same function that gave the row its last day, run
again from what the row records (`rule`, `starts_on`, `start_basis`) with today's municipal
calendar; this module only puts it into words, in the reader's language. The case page, the
portal and the API show these same sentences; the registered letter, written before the
receipt starts any count, says how each count will run (`rule_terms`).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass, field

from django.utils import translation
from django.utils.dates import WEEKDAYS
from django.utils.translation import gettext as _

from cases.models import Deadline
from law import deadlines as law_deadlines
from law.calendar import Calendar, Closure, DayOff
from law.i18n import format_date
from registers.calendar import municipal_calendar


@dataclass(frozen=True)
class SkippedDay:
    day: dt.date
    reason: str  # law.calendar.DayOff
    label: str  # the reason in words, with the holiday's name or the act
    name: str  # the holiday's name or the act, alone ("" for a weekend)


@dataclass(frozen=True)
class Explanation:
    """What `deadline_explanation` says of one row; `lines` is the whole of it in words."""

    due_on: dt.date
    starts_on: dt.date | None = None
    start_basis: str = ""
    start_basis_label: str = ""
    rule: str = ""
    length: int | None = None
    count_from: dt.date | None = None
    first_counted_day: dt.date | None = None
    skipped: list[SkippedDay] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)


def holiday_language() -> str:
    """The `holidays` package's language for the reader's (its own default is English)."""
    return "en_US" if (translation.get_language() or "").lower().startswith("en") else "pt_BR"


def _weekday(day: dt.date) -> str:
    # Portuguese writes a weekday in lower case inside a sentence; English capitalizes it.
    name = str(WEEKDAYS[day.weekday()])
    return name if holiday_language() == "en_US" else name.lower()


def _day(day: dt.date) -> str:
    return f"{format_date(day)} ({_weekday(day)})"


def _closure_label(closure: Closure) -> str:
    if closure.why in (DayOff.SATURDAY, DayOff.SUNDAY):
        return _("fim de semana")
    if closure.why is DayOff.PUBLIC_HOLIDAY:
        return _("feriado: %(name)s") % {"name": closure.name}
    if closure.why is DayOff.MUNICIPAL_HOLIDAY:
        return (
            _("feriado municipal: %(act)s") % {"act": closure.name}
            if closure.name
            else _("feriado municipal")
        )
    return (
        _("sem expediente: %(act)s") % {"act": closure.name}
        if closure.name
        else _("sem expediente")
    )


def _skipped(closure: Closure) -> SkippedDay:
    return SkippedDay(closure.day, closure.why.value, _closure_label(closure), closure.name)


def _listed(closures: Iterable[Closure]) -> str:
    return "; ".join(f"{_day(c.day)}, {_closure_label(c)}" for c in closures)


def _basis(row: Deadline, rule: law_deadlines.DeadlineRule) -> law_deadlines.StartBasis:
    try:
        return law_deadlines.StartBasis(row.start_basis)
    except ValueError:
        return rule.starts_from


def _length(row: Deadline, rule: law_deadlines.DeadlineRule) -> int | None:
    """The rule's length, or the decision's (a period served: recorded by its last day)."""
    if rule.length is not None:
        return rule.length
    if rule.counting is law_deadlines.Counting.PERIOD_DAYS and row.starts_on is not None:
        return (row.due_on - row.starts_on).days + 1
    return None


def _rule_line(rule: law_deadlines.DeadlineRule, label: str, length: int, article: str) -> str:
    values = {"label": label, "n": length, "article": article}
    if rule.counting is law_deadlines.Counting.BUSINESS_DAYS:
        return (
            _(
                "%(label)s: %(n)d dias úteis (%(article)s), contados como manda o Código de "
                "Processo Civil: exclui-se o dia do início e contam-se só os dias úteis (arts. 219 "
                "e 224)."
            )
            % values
        )
    if rule.counting is law_deadlines.Counting.CALENDAR_DAYS:
        return (
            _(
                "%(label)s: %(n)d dias corridos (%(article)s), excluído o dia do início; se o "
                "último cair em dia sem expediente, passa ao primeiro dia útil seguinte (CPC Art. "
                "224 §1)."
            )
            % values
        )
    if rule.counting is law_deadlines.Counting.PERIOD_DAYS:
        return _("%(label)s: %(n)d dias corridos (%(article)s), incluído o primeiro.") % values
    return (
        _(
            "%(label)s: %(n)d meses (%(article)s); termina na véspera do mesmo dia do mês "
            "(Código Civil Art. 132 §3)."
        )
        % values
    )


def deadline_explanation(row: Deadline, calendar: Calendar | None = None) -> Explanation:
    """How `row`'s last day was counted, in the reader's language (see module docstring).

    A fixed-date row (a reminder, a vehicle's last day) says it is not counted. A row whose
    recount today differs from its stored day (a day declared open after it began, which
    never shortens it) says which day holds."""
    rule = law_deadlines.RULES.get(row.rule)
    length = _length(row, rule) if rule is not None else None
    if rule is None or row.starts_on is None or length is None:
        return Explanation(
            due_on=row.due_on,
            lines=[
                _("Data fixada (%(article)s): não é contada em dias a partir de um fato.")
                % {"article": row.article},
                _("Último dia: %(day)s, até o fim do dia.") % {"day": _day(row.due_on)},
            ],
        )
    result = law_deadlines.count(
        rule, row.starts_on, calendar, length=length, language=holiday_language()
    )
    basis = _basis(row, rule)
    lines = [
        _("Conta-se a partir de %(day)s: %(basis)s.")
        % {"day": _day(row.starts_on), "basis": _(basis.label)},
    ]
    if result.start_closure is not None:
        lines.append(
            _(
                "%(day)s não é dia útil (%(reason)s): o início passa ao primeiro dia útil "
                "seguinte, %(next)s, que não se conta (CPC Art. 224 §1; CPC Art. 224 §3)."
            )
            % {
                "day": _day(row.starts_on),
                "reason": _closure_label(result.start_closure),
                "next": _day(result.count_from),
            }
        )
    # The row's label is stored in Portuguese: translated when it is a catalogue text.
    lines.append(_rule_line(rule, _(row.label or rule.label), length, row.article))
    counting = rule.counting
    if counting is law_deadlines.Counting.BUSINESS_DAYS:
        lines.append(
            _("Dias contados: %(n)d dias úteis, de %(first)s a %(last)s.")
            % {"n": length, "first": _day(result.first_day), "last": _day(result.due_on)}
        )
        if result.skipped:
            lines.append(_("Dias não contados: %(days)s.") % {"days": _listed(result.skipped)})
        else:
            lines.append(_("Nenhum dia deixou de ser contado."))
    elif counting is law_deadlines.Counting.CALENDAR_DAYS:
        assert result.nominal_end is not None
        lines.append(
            _("Dias contados: %(n)d dias, de %(first)s a %(last)s.")
            % {"n": length, "first": _day(result.first_day), "last": _day(result.nominal_end)}
        )
        if result.moved:
            lines.append(
                _(
                    "O último desses dias não é dia útil (%(days)s): o prazo termina no "
                    "primeiro dia útil seguinte (CPC Art. 224 §1)."
                )
                % {"days": _listed(result.skipped)}
            )
    lines.append(_("Último dia: %(day)s, até o fim do dia.") % {"day": _day(result.due_on)})
    if result.due_on != row.due_on:
        lines.append(
            _(
                "Vale o último dia registrado, %(day)s: o calendário mudou depois que o prazo "
                "começou, e um prazo em curso nunca fica mais curto."
            )
            % {"day": _day(row.due_on)}
        )
    return Explanation(
        due_on=row.due_on,
        starts_on=row.starts_on,
        start_basis=basis.value,
        start_basis_label=_(basis.label),
        rule=rule.code,
        length=length,
        count_from=result.count_from,
        first_counted_day=result.first_day,
        skipped=[_skipped(c) for c in result.skipped],
        lines=lines,
    )


def deadline_explanations(
    rows: Iterable[Deadline], *, calendar: Calendar | None = None
) -> dict[int, Explanation]:
    """`deadline_explanation` of many rows with one read of the municipal calendar (none
    when the caller has read it: `calendar`)."""
    listed = list(rows)
    if not listed:
        return {}
    if calendar is None:
        calendar = municipal_calendar()
    return {row.pk: deadline_explanation(row, calendar) for row in listed}


def rule_terms(rule: law_deadlines.DeadlineRule) -> str:
    """How a count the letter's receipt starts will run, for the letter itself (written
    before the AR comes back, so it names no date): Arts. 46 §2 and 63, CPC Art. 224."""
    values = {"n": rule.length or 0}
    if rule.counting is law_deadlines.Counting.BUSINESS_DAYS:
        return (
            _(
                "%(n)d dias úteis contados do recebimento desta carta (a data do AR). Não se "
                "contam o dia do recebimento, sábados, domingos, feriados nem dias sem expediente "
                "declarados pela Prefeitura; recebida em dia sem expediente, a contagem começa do "
                "primeiro dia útil seguinte (CPC arts. 219 e 224)."
            )
            % values
        )
    return (
        _(
            "%(n)d dias corridos contados do recebimento desta carta (a data do AR), excluído o "
            "dia do recebimento; se o último dia cair em dia sem expediente, o prazo termina no "
            "primeiro dia útil seguinte (CPC Art. 224 §1)."
        )
        % values
    )
