"""The secretariat's figures: each a `Table` (headers and rows) that a page draws as a
chart and a table, and that exports to CSV and XLSX.

Every aggregate is bounded: cases by month within a date range of at most
`MAX_RANGE_MONTHS` (read through the `opened_at` / `closed_at` indexes), deadlines and
IMs within a fixed window ahead, points within the 36 months that can count. A million
cases is a design input; nothing here reads the whole case table.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from decimal import Decimal
from typing import IO, Any

from django.conf import settings
from django.core.cache import cache
from django.core.cache.utils import make_template_fragment_key
from django.db.models import Count, Q, QuerySet, Sum
from django.db.models.functions import TruncMonth
from django.template.loader import render_to_string
from django.utils import timezone, translation
from django.utils.functional import Promise
from django.utils.safestring import SafeString
from django.utils.text import format_lazy
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from accounts.models import User
from accounts.roles import ALL_CASES_ROLES
from cases.models import CaseKind, Deadline
from cases.selectors import cases_visible_to, sees_every_case, within_visible_cases
from law import points as law_points
from law._dates import add_months, months_before
from registers.models import MunicipalRegistration, PointRecord
from workflows.appeal.models import AppealCase, Outcome, Seat, Vote
from workflows.application.selectors import fleet_status, waiting_list
from workflows.violation.models import ViolationNotice
from workspace import charts
from workspace.models import MonthTotal

DEFAULT_RANGE_MONTHS = 12
MAX_RANGE_MONTHS = 36
DEADLINES_AHEAD_DAYS = 30
IMS_AHEAD_DAYS = 60
# "Nearing" a points limit of Art. 59 V d-e: at or above this share of it (a choice of the
# secretariat's, not of the law: it only decides who is listed).
NEARING_SHARE = Decimal("0.75")
TABLE_ROWS = 200


@dataclass
class Table:
    """A titled table; `rows` may be a generator for a long export (`count` says how many)."""

    name: str
    title: str | Promise
    headers: list[str | Promise]
    rows: Iterable[list[Any]]
    count: int | None = None
    chart: dict[str, Any] = field(default_factory=dict)
    # The drivers the table names, by id, for the LGPD read log of its export (None: it
    # names no driver, or they are found otherwise: workspace.reads).
    drivers: list[int] | None = None
    # Writes the table as CSV itself, faster than its rows through Python (PostgreSQL's
    # COPY: workspace.exports); takes the file and the progress callback, returns the rows.
    csv_writer: Callable[[IO[bytes], Callable[[int], None] | None], int] | None = None

    def materialized(self) -> Table:
        if not isinstance(self.rows, list):
            self.rows = list(self.rows)
        return self

    def settled(self) -> Table:
        """The table with its lazy translations made text in the active language, to be
        kept in the cache (under a key that names the language): a lazy string unpickles
        as a class built anew, sixty of them for each page that read the figures, and the
        garbage they left made the collector pause a page in eight for 0.1–0.2 s
        (issue 25: the dashboard's p95 at a million cases)."""
        self.title = _settled(self.title)
        self.headers = _settled(self.headers)
        self.rows = _settled(self.materialized().rows)
        self.chart = _settled(self.chart)
        return self


def _settled(value: Any) -> Any:
    if isinstance(value, Promise):
        return str(value)
    if isinstance(value, list):
        return [_settled(item) for item in value]
    if type(value) is tuple:
        return tuple(_settled(item) for item in value)
    if isinstance(value, dict):
        return {key: _settled(item) for key, item in value.items()}
    return value


@dataclass(frozen=True)
class Period:
    start: dt.date  # first day of the first month
    end: dt.date  # last day shown

    @classmethod
    def last_months(cls, today: dt.date, months: int = DEFAULT_RANGE_MONTHS) -> Period:
        first = months_before(today.replace(day=1), months - 1)
        return cls(start=first, end=today)

    def months(self) -> list[dt.date]:
        out, month = [], self.start.replace(day=1)
        while month <= self.end:
            out.append(month)
            month = add_months(month, 1)
        return out

    def bounds(self) -> tuple[dt.datetime, dt.datetime]:
        zone = timezone.get_current_timezone()
        start = dt.datetime.combine(self.start, dt.time.min, tzinfo=zone)
        end = dt.datetime.combine(self.end + dt.timedelta(days=1), dt.time.min, tzinfo=zone)
        return start, end


def fleet_table(user: User, today: dt.date, period: Period) -> Table:
    status = fleet_status(today)
    waiting = waiting_list().count()
    rows: list[list[Any]] = []
    if status is not None:
        rows = [
            [_("Autorizações em vigor"), status.in_force],
            [_("Vagas reservadas"), status.reserved],
            [_("Limite da frota (Art. 22 §2)"), status.cap],
            [_("Vagas livres"), status.free],
        ]
    rows.append([_("Fila de espera"), waiting])
    return Table(
        name="fleet",
        title=_("Frota e limite (Art. 22 §2)"),
        headers=[_("Indicador"), _("Quantidade")],
        rows=rows,
        chart={"type": "bars", "items": [(str(r[0]), r[1]) for r in rows]},
    )


def waiting_table(user: User, today: dt.date, period: Period) -> Table:
    rows = waiting_list().select_related("applicant")[:TABLE_ROWS]
    return Table(
        name="waiting",
        title=_("Fila de espera por vaga"),
        headers=[_("Posição"), _("Processo"), _("Requerente"), _("Aberto em")],
        rows=[
            [i, c.number, c.applicant.name if c.applicant else "", timezone.localdate(c.opened_at)]
            for i, c in enumerate(rows, start=1)
        ],
        # Its export names the applicants: a reading of each (LGPD Art. 37).
        drivers=[c.applicant_id for c in rows if c.applicant_id],
    )


Figures = dict[str, Any]
"""One month's figures of a series, as JSON keeps them (numbers, Decimals as strings)."""


def _monthly(
    user: User,
    today: dt.date,
    period: Period,
    series: str,
    count: Callable[[Period], dict[dt.date, Figures]],
) -> dict[dt.date, Figures]:
    """`count`'s figures per month of `period` (months with nothing are absent or empty).

    For the staff who see every case, a month that has ended and lies wholly inside the
    period is read from `MonthTotal` — counted once, the first time it is asked for — and
    only the rest is counted now; for a narrower scope, everything is counted now."""
    months = period.months()
    this_month = today.replace(day=1)
    whole = [m for m in months if m < this_month and add_months(m, 1) <= period.end + _DAY]
    if not whole or not sees_every_case(user):
        return count(period)
    kept = {
        t.month: t.figures for t in MonthTotal.objects.filter(series=series, month__in=whole)
    }
    missing = [m for m in whole if m not in kept]
    if missing:
        counted = count(Period(start=missing[0], end=add_months(missing[-1], 1) - _DAY))
        fresh = {m: counted.get(m, {}) for m in missing}
        MonthTotal.objects.bulk_create(
            [MonthTotal(series=series, month=m, figures=f) for m, f in fresh.items()],
            ignore_conflicts=True,  # a second page counting the same month at once
        )
        kept.update(fresh)
    rest = [m for m in months if m not in kept]
    if rest:
        kept.update(count(Period(start=rest[0], end=period.end)))
    return kept


_DAY = dt.timedelta(days=1)


def _cases_per_month(user: User) -> Callable[[Period], dict[dt.date, Figures]]:
    def count(period: Period) -> dict[dt.date, Figures]:
        start, end = period.bounds()
        visible = cases_visible_to(user)
        out: dict[dt.date, Figures] = defaultdict(dict)
        for column, field_name in ((0, "opened_at"), (1, "closed_at")):
            rows = (
                visible.filter(**{f"{field_name}__gte": start, f"{field_name}__lt": end})
                .annotate(month=TruncMonth(field_name))
                .values("month", "kind")
                .annotate(n=Count("id"))
                .order_by()
            )
            for row in rows:
                pair = out[_as_date(row["month"])].setdefault(row["kind"], [0, 0])
                pair[column] += row["n"]
        return out

    return count


def cases_monthly_table(user: User, today: dt.date, period: Period) -> Table:
    per_month = _monthly(user, today, period, "cases_monthly", _cases_per_month(user))
    counts: dict[tuple[dt.date, str], list[int]] = defaultdict(lambda: [0, 0])
    for month, figures in per_month.items():
        for kind, (opened, closed) in figures.items():
            counts[(month, kind)] = [opened, closed]
    labels = dict(CaseKind.choices)
    months = period.months()
    kinds = sorted({kind for _m, kind in counts}, key=lambda k: str(labels.get(k, k)))
    rows = [
        [month.strftime("%m/%Y"), labels.get(kind, kind), *counts[(month, kind)]]
        for month in months
        for kind in kinds
        if (month, kind) in counts
    ]
    return Table(
        name="cases_monthly",
        title=_("Processos abertos e encerrados por mês"),
        headers=[_("Mês"), _("Tipo"), _("Abertos"), _("Encerrados")],
        rows=rows,
        chart={
            "type": "stacked",
            "categories": [m.strftime("%m/%y") for m in months],
            "series": {
                str(labels.get(kind, kind)): [counts[(m, kind)][0] for m in months]
                for kind in kinds
            },
        },
    )


def _as_date(value: dt.date | dt.datetime) -> dt.date:
    if isinstance(value, dt.datetime):
        return timezone.localtime(value).date() if timezone.is_aware(value) else value.date()
    return value


def deadlines_table(user: User, today: dt.date, period: Period) -> Table:
    until = today + dt.timedelta(days=DEADLINES_AHEAD_DAYS)
    window = Deadline.objects.filter(
        state=Deadline.State.PENDING, due_on__gte=today, due_on__lte=until
    )
    rows = (
        _deadlines_visible(user, window)
        .select_related("case", "authorization")
        .order_by("due_on", "id")
    )
    per_day = dict(
        rows.values("due_on").annotate(n=Count("id")).order_by().values_list("due_on", "n")
    )
    days = [today + dt.timedelta(days=i) for i in range(DEADLINES_AHEAD_DAYS + 1)]
    return Table(
        name="deadlines",
        title=format_lazy(_("Prazos nos próximos {days} dias"), days=DEADLINES_AHEAD_DAYS),
        headers=[_("Último dia"), _("Processo"), _("Prazo"), _("Artigo")],
        rows=[
            [
                d.due_on,
                d.case.number if d.case else (d.authorization.number if d.authorization else ""),
                d.label,
                d.article,
            ]
            for d in rows[:TABLE_ROWS]
        ],
        chart={"type": "bars", "items": [(d.strftime("%d/%m"), per_day.get(d, 0)) for d in days]},
    )


def _deadlines_visible(user: User, window: QuerySet[Deadline]) -> QuerySet[Deadline]:
    """The deadlines of `window` the user may see: those of his visible cases and those of
    no case (an authorization's). For a role that sees every case, the whole window: the
    scope "of a visible case or of none" is always true for it, and past about 200,000
    cases PostgreSQL rescans every case id for each deadline to find that out (issue 25).
    Otherwise the two indexed lookups are united, never ORed."""
    if sees_every_case(user):
        return window
    of_cases = window.filter(case__in=cases_visible_to(user).values("pk")).values("pk")
    of_none = window.filter(case__isnull=True).values("pk")
    return Deadline.objects.filter(pk__in=of_cases.order_by().union(of_none.order_by()))


def ims_table(user: User, today: dt.date, period: Period) -> Table:
    rows = (
        MunicipalRegistration.objects.filter(
            status=MunicipalRegistration.Status.VALID,
            valid_until__gte=today,
            valid_until__lte=today + dt.timedelta(days=IMS_AHEAD_DAYS),
        )
        .select_related("authorization", "authorization__holder", "vehicle")
        .order_by("valid_until", "id")[:TABLE_ROWS]
    )
    return Table(
        name="ims",
        title=format_lazy(_("IMs que vencem nos próximos {days} dias"), days=IMS_AHEAD_DAYS),
        headers=[_("IM"), _("Termo"), _("Titular"), _("Placa"), _("Válida até")],
        rows=[
            [
                im.number,
                im.authorization.number,
                im.authorization.holder.name,
                im.vehicle.display_plate,
                im.valid_until,
            ]
            for im in rows
        ],
        # Its export names the holders: a reading of each (LGPD Art. 37).
        drivers=[im.authorization.holder_id for im in rows],
    )


def points_table(user: User, today: dt.date, period: Period) -> Table:
    short_start = law_points.window_start(today, law_points.SHORT_WINDOW_MONTHS)
    long_start = law_points.window_start(today, law_points.LONG_WINDOW_MONTHS)
    short_near = law_points.SHORT_WINDOW_MAX_POINTS * NEARING_SHARE
    long_near = law_points.LONG_WINDOW_MAX_POINTS * NEARING_SHARE
    rows = (
        PointRecord.objects.filter(on__gt=long_start, on__lte=today)
        .values("driver_id", "driver__name")
        .annotate(
            short=Sum("points", filter=Q(on__gt=short_start), default=Decimal(0)),
            long=Sum("points"),
        )
        .filter(Q(short__gte=short_near) | Q(long__gte=long_near))
        .order_by("-short", "-long", "driver__name")[:TABLE_ROWS]
    )
    named = list(rows)
    data = [
        [
            r["driver__name"],
            r["short"],
            law_points.SHORT_WINDOW_MAX_POINTS,
            r["long"],
            law_points.LONG_WINDOW_MAX_POINTS,
        ]
        for r in named
    ]
    return Table(
        name="points",
        title=_("Taxistas perto do limite de pontos (Art. 59 V d-e)"),
        headers=[
            _("Taxista"),
            _("Pontos em 12 meses"),
            _("Limite (Art. 59 V d)"),
            _("Pontos em 36 meses"),
            _("Limite (Art. 59 V e)"),
        ],
        rows=data,
        chart={"type": "bars", "items": [(r[0], float(r[1])) for r in data[:15]]},
        # Its export logs the drivers it lists, not every driver the rule would list
        # (which took the request a count of 36 months of points: issue 25).
        drivers=[r["driver_id"] for r in named],
    )


def _fines_per_month(user: User) -> Callable[[Period], dict[dt.date, Figures]]:
    def count(period: Period) -> dict[dt.date, Figures]:
        notices = within_visible_cases(ViolationNotice.objects.all(), user, case="pk")
        out: dict[dt.date, Figures] = defaultdict(dict)
        assessed = (
            notices.filter(issued_on__gte=period.start, issued_on__lte=period.end)
            .annotate(month=TruncMonth("issued_on"))
            .values("month")
            .annotate(n=Count("id"), vrte=Sum("fine_vrte"), reais=Sum("fine_reais"))
            .order_by()
        )
        for r in assessed:
            out[_as_date(r["month"])].update(
                n=r["n"], vrte=str(r["vrte"] or 0), reais=str(r["reais"] or 0)
            )
        paid = (
            notices.filter(paid_on__gte=period.start, paid_on__lte=period.end)
            .annotate(month=TruncMonth("paid_on"))
            .values("month")
            .annotate(n=Count("id"), reais=Sum("fine_reais"))
            .order_by()
        )
        for r in paid:
            out[_as_date(r["month"])].update(paid_n=r["n"], paid_reais=str(r["reais"] or 0))
        return out

    return count


def fines_table(user: User, today: dt.date, period: Period) -> Table:
    per_month = _monthly(user, today, period, "fines", _fines_per_month(user))
    assessed = {
        m: (f["n"], Decimal(f["vrte"]), Decimal(f["reais"]))
        for m, f in per_month.items()
        if "n" in f
    }
    paid = {
        m: (f["paid_n"], Decimal(f["paid_reais"])) for m, f in per_month.items() if "paid_n" in f
    }
    months = period.months()
    rows = [
        [
            m.strftime("%m/%Y"),
            *assessed.get(m, (0, Decimal(0), Decimal(0))),
            *paid.get(m, (0, Decimal(0))),
        ]
        for m in months
    ]
    return Table(
        name="fines",
        title=_("Multas lançadas e pagas por mês"),
        headers=[
            _("Mês"),
            _("Autos lavrados"),
            _("Multas (VRTE)"),
            _("Multas (R$)"),
            _("Multas pagas"),
            _("Pago (R$)"),
        ],
        rows=rows,
        chart={
            "type": "grouped",
            "categories": [m.strftime("%m/%y") for m in months],
            "series": {
                str(_("Lançadas (R$)")): [float(r[3]) for r in rows],
                str(_("Pagas (R$)")): [float(r[5]) for r in rows],
            },
        },
    )


def appeals_table(user: User, today: dt.date, period: Period) -> Table:
    decided = within_visible_cases(AppealCase.objects.all(), user, case="pk").filter(
        decided_on__gte=period.start,
        decided_on__lte=period.end,
    ).exclude(outcome="")
    outcomes = dict(decided.values("outcome").annotate(n=Count("id")).values_list("outcome", "n"))
    votes = (
        Vote.objects.filter(appeal__in=decided.values("pk"))
        .values("seat", "vote")
        .annotate(n=Count("id"))
        .order_by()
    )
    by_seat: dict[tuple[str, str], int] = {(v["seat"], v["vote"]): v["n"] for v in votes}
    rows = [
        [
            label,
            outcomes.get(value, 0),
            *[by_seat.get((seat, value), 0) for seat in Seat.values],
        ]
        for value, label in Outcome.choices
    ]
    return Table(
        name="appeals",
        title=_("Resultado dos recursos e votos por cadeira"),
        headers=[
            _("Resultado"),
            _("Decisões"),
            _("Votos cadeira I"),
            _("Votos cadeira II"),
            _("Votos cadeira III"),
        ],
        rows=rows,
        chart={"type": "bars", "items": [(str(r[0]), r[1]) for r in rows]},
    )


BUILDERS: dict[str, Callable[[User, dt.date, Period], Table]] = {
    "fleet": fleet_table,
    "waiting": waiting_table,
    "cases_monthly": cases_monthly_table,
    "deadlines": deadlines_table,
    "ims": ims_table,
    "points": points_table,
    "fines": fines_table,
    "appeals": appeals_table,
}


@dataclass
class DashboardFigures:
    """The dashboard's tables as counted at `as_of`."""

    as_of: dt.datetime
    tables: dict[str, Table]
    key: str = ""  # these figures' own key: the page keeps its drawing of them under it


def dashboard_figures(user: User, today: dt.date, period: Period) -> DashboardFigures:
    """Every table of the dashboard, counted at most once every `DASHBOARD_CACHE_SECONDS`
    for the same scope, period and language, and kept in the cache meanwhile.

    Ended months are kept for good (`MonthTotal`); what is left to count — this month's
    cases and fines, the points of 36 months, the deadlines and IMs ahead — reads rows in
    proportion to the register (at a million cases, 0.4 s a page: issue 25). A page a
    few minutes old says so ("as of"); the exports of its tables come from the same
    figures, so a file matches the page it was asked from. The figures the page opens
    with are counted again by the worker before they expire (`dashboard_figures_refresh`);
    any other, or all when the worker is away, are counted here."""
    seconds = settings.DASHBOARD_CACHE_SECONDS
    key = _figures_key(user, today, period)
    kept = cache.get(key) if seconds else None
    if isinstance(kept, DashboardFigures):
        return kept
    figures = _figures_count(user, today, period, key)
    if seconds:
        cache.set(key, figures, seconds)
    return figures


def dashboard_figures_refresh(*, today: dt.date) -> int:
    """Count again, and keep for another `DASHBOARD_CACHE_SECONDS`, the figures the
    dashboard opens with — every case's, over the default period, in each language — so
    that no page opened by the secretariat counts them: counted by the page, the one
    request in five minutes that found them expired took 0.2 s at a million cases (issue
    25). The beat runs it more often than they expire (config/schedule.py). Every reader
    who sees every case gets the same figures, so they are counted as the first such
    active account. Returns how many sets were counted (none without the cache)."""
    seconds = settings.DASHBOARD_CACHE_SECONDS
    reader = (
        User.objects.filter(is_active=True)
        .filter(Q(is_superuser=True) | Q(groups__name__in=ALL_CASES_ROLES))
        .order_by("pk")
        .first()
    )
    if not seconds or reader is None:
        return 0
    period = Period.last_months(today)
    for language, _name in settings.LANGUAGES:
        with translation.override(language):
            key = _figures_key(reader, today, period)
            figures = _figures_count(reader, today, period, key)
            cache.set(key, figures, seconds)
            # And their drawing, where the page's `{% cache %}` looks for it (the page
            # without parameters): else the first page after each count draws it.
            drawn = render_to_string(
                "workspace/_dashboard_panels.html", {"panels": panels(figures), "query": ""}
            )
            fragment = make_template_fragment_key("dashboard_panels", [figures.key, ""])
            cache.set(fragment, drawn, seconds)
    return len(settings.LANGUAGES)


def panels(figures: DashboardFigures) -> Iterator[tuple[Table, SafeString | None]]:
    """Each table of `figures` with its chart drawn, as the dashboard shows them."""
    for table in figures.tables.values():
        yield table, charts.draw(str(table.title), table.chart)


def _figures_key(user: User, today: dt.date, period: Period) -> str:
    """The cache key of `user`'s figures: his scope, the day, the period, the language."""
    return ":".join(
        [
            # "-2": tables that carry the drivers they name; figures kept before lack them.
            "dashboard-2",
            "every-case" if sees_every_case(user) else f"user-{user.pk}",
            today.isoformat(),
            period.start.isoformat(),
            period.end.isoformat(),
            get_language() or "",
        ]
    )


def _figures_count(user: User, today: dt.date, period: Period, key: str) -> DashboardFigures:
    as_of = timezone.now()
    return DashboardFigures(
        key=f"{key}:{as_of.timestamp()}",
        as_of=as_of,
        tables={
            name: build(user, today, period).settled() for name, build in BUILDERS.items()
        },
    )


def iter_rows(table: Table) -> Iterator[list[Any]]:
    yield from table.rows
