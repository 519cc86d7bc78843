"""Demo rows of the municipal registers, loaded by web.demo after the holders exist.

Each register is filled once, through its services, when it is still empty, so loading
again creates nothing and never undoes what someone changed while trying the system.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from django.utils import timezone

from accounts.models import User
from law.municipal_calendar import optional_days
from municipal.models import (
    Association,
    LostItem,
    Membership,
    RosterEntry,
    Stand,
    StandArrival,
    TariffTable,
)
from municipal.services import calendar, cooperatives, lost_property, roster, stands, tariffs
from registers.models import Authorization, CalendarDay

# The demo holders' Termos (web.demo.DEMO_HOLDERS), first the driver who logs in.
TAXIS = [
    "TA-0001/2023",
    "TA-0002/2023",
    "TA-0003/2023",
    "TA-0004/2023",
    "TA-0005/2024",
    "TA-0006/2024",
]

TARIFF_ITEMS = [
    {"code": "bandeirada", "label": "Bandeirada", "unit": "por corrida", "value": Decimal("6.00")},
    {"code": "km", "label": "Quilômetro rodado", "unit": "por km", "value": Decimal("3.50")},
    {"code": "hora-parada", "label": "Hora parada", "unit": "por hora", "value": Decimal("40.00")},
    {
        "code": "bagagem",
        "label": "Bagagem volumosa",
        "unit": "por volume",
        "value": Decimal("2.50"),
    },
]
DEMO_IGPM = Decimal("4.2583")


def _taxis() -> list[Authorization]:
    found = {
        a.number: a
        for a in Authorization.objects.filter(
            number__in=TAXIS, status=Authorization.Status.ACTIVE
        ).select_related("vehicle", "holder")
    }
    return [found[n] for n in TAXIS if n in found]


def _stands(
    clerk: User, taxis: list[Authorization], today: dt.date, counts: dict[str, int]
) -> None:
    if Stand.objects.exists():
        return
    centre = stands.stand_save(
        actor=clerk,
        name="Ponto da Praça Central",
        address="Praça Cel. Gerson Castro",
        district="Centro",
        kind=Stand.Kind.FIXED,
        places=2,
        act_number="Decreto nº 1.210/2024",
        act_date=dt.date(2024, 2, 5),
        starts_on=dt.date(2024, 2, 6),
        shelter=True,
        shelter_roof=Stand.Roof.ACRYLIC,
        shelter_installed_on=dt.date(2024, 3, 1),
    )
    stands.stand_save(
        actor=clerk,
        name="Ponto da Rodoviária",
        address="Rua Espírito Santo, 300",
        district="São Francisco",
        kind=Stand.Kind.ROTATING,
        places=6,
        act_number="Decreto nº 1.210/2024",
        act_date=dt.date(2024, 2, 5),
        starts_on=dt.date(2024, 2, 6),
        shelter=True,
        shelter_roof=Stand.Roof.COLONIAL_TILE,
    )
    stands.stand_save(
        actor=clerk,
        name="Ponto da Festa do Padroeiro",
        address="Parque de Exposições",
        kind=Stand.Kind.PROVISIONAL,
        places=8,
        act_number="Portaria nº 45/2026",
        act_date=dt.date(today.year, 1, 10),
        starts_on=dt.date(today.year, 1, 10),
        ends_on=dt.date(today.year, 12, 31),
    )
    counts["stands"] += 3
    # Two places, three taxis asking: the third waits for a vacancy (Art. 32 §2 I).
    for taxi in taxis[:3]:
        stands.stand_assign(actor=clerk, stand=centre, authorization=taxi, today=today)
    now = timezone.now()
    for minutes, taxi in zip((25, 10), taxis[:2], strict=False):
        if not StandArrival.objects.filter(authorization=taxi, departed_at__isnull=True).exists():
            stands.stand_arrive(
                actor=clerk,
                stand=centre,
                authorization=taxi,
                now=now - dt.timedelta(minutes=minutes),
            )


def _tariffs(clerk: User, today: dt.date, counts: dict[str, int]) -> None:
    if TariffTable.objects.exists():
        return
    last_year = today.year - 1
    tariffs.tariff_table_enact(
        actor=clerk,
        act_number=f"Decreto nº 1.180/{last_year}",
        act_date=dt.date(last_year, 1, 2),
        valid_from=dt.date(last_year, 1, 2),
        items=TARIFF_ITEMS,
        joint_study=f"Estudo tarifário {last_year} com o Sindicato dos Taxistas",
    )
    proposal = tariffs.tariff_adjustment_propose(
        actor=clerk, year=today.year, igpm_percent=DEMO_IGPM, today=today
    )
    tariffs.tariff_table_publish(
        actor=clerk,
        table=proposal,
        act_number=f"Decreto nº 1.251/{today.year}",
        act_date=dt.date(today.year, 1, 2),
        valid_from=dt.date(today.year, 1, 2),
    )
    counts["tariff_tables"] += 2


def _lost_property(
    clerk: User, taxis: list[Authorization], today: dt.date, counts: dict[str, int]
) -> None:
    if LostItem.objects.exists() or not taxis:
        return
    first = taxis[0]
    found = today - dt.timedelta(days=3)
    lost_property.lost_item_receive(
        actor=clerk,
        authorization=first,
        driver=first.holder,
        description="Celular preto com capa azul",
        found_on=found,
        handed_in_on=today,
        today=today,
        storage="Armário 1 da Secretaria de Finanças",
    )
    reporter = first.holder.user or clerk
    lost_property.lost_item_report(
        actor=reporter,
        driver=first.holder,
        authorization=first,
        description="Guarda-chuva xadrez",
        found_on=today,
        today=today,
    )
    counts["lost_items"] += 2


def _roster(
    clerk: User, taxis: list[Authorization], today: dt.date, counts: dict[str, int]
) -> None:
    start = today.replace(day=1)
    end = (start + dt.timedelta(days=32)).replace(day=1) - dt.timedelta(days=1)
    if RosterEntry.objects.filter(day__gte=start, day__lte=end).exists():
        return
    # Nights by three taxis (half the fleet of six); weekend days by two only, so the
    # calendar shows the shortfalls Art. 37 VII asks the secretariat to see.
    for taxi in taxis[:3]:
        counts["roster_entries"] += len(
            roster.roster_add(
                actor=clerk, authorization=taxi, shift=RosterEntry.Shift.NIGHT, start=start, end=end
            )
        )
    for taxi in taxis[3:5]:
        counts["roster_entries"] += len(
            roster.roster_add(
                actor=clerk,
                authorization=taxi,
                shift=RosterEntry.Shift.DAY,
                start=start,
                end=end,
                weekdays=frozenset({5, 6}),
            )
        )
    for taxi in taxis[:4]:
        counts["roster_entries"] += len(
            roster.roster_add(
                actor=clerk,
                authorization=taxi,
                shift=RosterEntry.Shift.DAY,
                start=start,
                end=end,
                weekdays=frozenset({0, 1, 2, 3, 4}),
            )
        )


def _associations(clerk: User, taxis: list[Authorization], counts: dict[str, int]) -> None:
    if Association.objects.exists():
        return
    association = cooperatives.association_register(
        actor=clerk,
        name="Cooperativa dos Taxistas de Mantenópolis",
        kind="cooperative",
        cnpj="12345678000195",
        registered_on=dt.date(2025, 4, 1),
        colour="prata",
    )
    cooperatives.association_approve_parking(
        actor=clerk,
        association=association,
        address="Rua do Comércio, 50",
        places=2,
        act="Portaria nº 12/2025",
        approved_on=dt.date(2025, 4, 15),
    )
    for taxi in taxis[2:5]:
        if not Membership.objects.filter(driver=taxi.holder, ended_on__isnull=True).exists():
            cooperatives.membership_add(
                actor=clerk, association=association, driver=taxi.holder, since=dt.date(2025, 4, 1)
            )
    counts["associations"] += 1


def _calendar(clerk: User, today: dt.date, counts: dict[str, int]) -> None:
    """The next optional day declared closed, as the secretariat does each year."""
    if CalendarDay.objects.exists():
        return
    upcoming = [
        d for d, _label in optional_days(today.year) + optional_days(today.year + 1) if d >= today
    ]
    calendar.calendar_day_declare(
        actor=clerk,
        day=upcoming[0],
        kind=CalendarDay.Kind.CLOSED,
        act=f"Decreto nº 1.290/{today.year} (demonstração)",
        today=today,
    )
    counts["calendar_days"] += 1


def municipal_demo_load(*, clerk: User, today: dt.date) -> dict[str, int]:
    """Stands, tariffs, lost property, this month's roster and a cooperative; once."""
    counts = dict.fromkeys(
        [
            "stands",
            "tariff_tables",
            "lost_items",
            "roster_entries",
            "associations",
            "calendar_days",
        ],
        0,
    )
    taxis = _taxis()
    _stands(clerk, taxis, today, counts)
    _tariffs(clerk, today, counts)
    _lost_property(clerk, taxis, today, counts)
    _roster(clerk, taxis, today, counts)
    _associations(clerk, taxis, counts)
    _calendar(clerk, today, counts)
    return counts
