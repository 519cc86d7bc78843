"""Tariffs (Arts. 29-31): tables set by act, the yearly IGP-M proposal, the January reminder."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal, InvalidOperation

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _

from accounts.models import User
from cases.errors import RuleViolation, StateConflict, from_law
from core.dates import MAY_PREDATE_THE_LAW, dates_within
from law import tariffs as law
from law.errors import LawError
from municipal.models import TariffItem, TariffReminder, TariffTable
from municipal.permissions import require_register_keeper
from municipal.selectors import tariff_adjusted_years, tariff_in_force


def tariff_items_parse(text: str) -> list[dict[str, object]]:
    """The page's item lines, ``code; label; unit; value``, as item dicts (400 if bad)."""
    items: list[dict[str, object]] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        parts = [p.strip() for p in line.split(";")]
        if len(parts) != 4:
            raise RuleViolation(
                _("Linha %(n)d: use código; descrição; unidade; valor.") % {"n": number},
                article=law.ART_30,
            )
        code, label, unit, raw = parts
        try:
            value = Decimal(raw.replace("R$", "").replace(" ", "").replace(",", "."))
        except InvalidOperation as exc:
            raise RuleViolation(
                _("Linha %(n)d: valor inválido (%(value)s).") % {"n": number, "value": raw},
                article=law.ART_30,
            ) from exc
        items.append(
            {
                "code": slugify(code) or f"item-{number}",
                "label": label,
                "unit": unit,
                "value": value,
            }
        )
    return items


def _check(call, **kwargs):  # type: ignore[no-untyped-def]
    try:
        return call(**kwargs)
    except LawError as exc:
        raise from_law(exc) from exc


def _values(items: list[dict[str, object]]) -> dict[str, Decimal]:
    values: dict[str, Decimal] = {}
    for item in items:
        code = str(item["code"])
        if code in values:
            raise RuleViolation(
                _("O código %(code)s aparece duas vezes na tabela.") % {"code": code},
                article=law.ART_30,
            )
        values[code] = Decimal(str(item["value"]))
    return values


def _create_items(table: TariffTable, items: list[dict[str, object]]) -> None:
    TariffItem.objects.bulk_create(
        TariffItem(
            table=table,
            code=str(i["code"]),
            label=str(i["label"]),
            unit=str(i.get("unit", "")),
            value=Decimal(str(i["value"])),
            position=n,
        )
        for n, i in enumerate(items)
    )


def tariff_table_enact(
    *,
    actor: User,
    act_number: str,
    act_date: dt.date,
    valid_from: dt.date,
    items: list[dict[str, object]],
    joint_study: str = "",
    notes: str = "",
) -> TariffTable:
    """Record a table the Executive's act set (Art. 29), with the joint study with the class
    body it rests on; it is in force from ``valid_from``."""
    dates_within(MAY_PREDATE_THE_LAW, act_date=act_date, valid_from=valid_from)
    require_register_keeper(actor)
    _check(law.check_act, act_number=act_number, act_date=act_date, valid_from=valid_from)
    _check(law.check_joint_study, joint_study=joint_study)
    _check(law.check_values, values=_values(items))
    with transaction.atomic(durable=True):
        table = TariffTable.objects.create(
            status=TariffTable.Status.PUBLISHED,
            act_number=act_number,
            act_date=act_date,
            valid_from=valid_from,
            joint_study=joint_study.strip(),
            notes=notes,
            created_by=actor,
            published_at=timezone.now(),
            published_by=actor,
        )
        _create_items(table, items)
    return table


def tariff_adjustment_propose(
    *, actor: User, year: int, igpm_percent: Decimal, today: dt.date
) -> TariffTable:
    """Art. 31: the clerk enters the 12-month IGP-M; the system proposes the adjusted table.

    The proposal is a draft: it is in force only when the act is recorded
    (:func:`tariff_table_publish`).
    """
    require_register_keeper(actor)
    _check(law.check_one_adjustment_per_year, adjusted_years=tariff_adjusted_years(), year=year)
    base = tariff_in_force(dt.date(year, 1, 1) - dt.timedelta(days=1)) or tariff_in_force(today)
    if base is None:
        raise StateConflict(
            _("Não há tabela em vigor para reajustar; registre primeiro a tabela fixada por ato."),
            article=law.ART_29,
        )
    old = list(base.items.all())
    new_values = _check(
        law.adjust,
        values={i.code: i.value for i in old},
        index_percent=igpm_percent,
        negative=law.NegativeIndex(settings.TARIFF_NEGATIVE_IGPM),
    )
    with transaction.atomic(durable=True):
        table = TariffTable.objects.create(
            status=TariffTable.Status.DRAFT,
            adjustment_year=year,
            igpm_percent=igpm_percent,
            based_on=base,
            created_by=actor,
            notes=_("Reajuste de %(year)d pelo IGP-M de %(index)s %%.")
            % {"year": year, "index": igpm_percent},
        )
        _create_items(
            table,
            [
                {"code": i.code, "label": i.label, "unit": i.unit, "value": new_values[i.code]}
                for i in old
            ],
        )
    return table


def tariff_table_publish(
    *, actor: User, table: TariffTable, act_number: str, act_date: dt.date, valid_from: dt.date
) -> TariffTable:
    """Record the act that puts a proposed table in force (Arts. 29, 31); closes the reminder."""
    dates_within(MAY_PREDATE_THE_LAW, act_date=act_date, valid_from=valid_from)
    require_register_keeper(actor)
    _check(law.check_act, act_number=act_number, act_date=act_date, valid_from=valid_from)
    if table.adjustment_year is not None:
        _check(law.check_adjustment_date, valid_from=valid_from, year=table.adjustment_year)
    try:
        with transaction.atomic(durable=True):
            row = TariffTable.objects.select_for_update().get(pk=table.pk)
            if row.status != TariffTable.Status.DRAFT:
                raise StateConflict(_("Esta tabela não é uma proposta em aberto."))
            row.status = TariffTable.Status.PUBLISHED
            row.act_number = act_number
            row.act_date = act_date
            row.valid_from = valid_from
            row.published_at = timezone.now()
            row.published_by = actor
            row.save(
                update_fields=[
                    "status",
                    "act_number",
                    "act_date",
                    "valid_from",
                    "published_at",
                    "published_by",
                ]
            )
            if row.adjustment_year is not None:
                TariffReminder.objects.filter(
                    year=row.adjustment_year, closed_at__isnull=True
                ).update(closed_at=row.published_at, table=row)
    except IntegrityError as exc:
        raise StateConflict(
            _("A tabela deste ano já foi reajustada pelo IGP-M."), article=law.ART_31
        ) from exc
    return row


def tariff_table_discard(*, actor: User, table: TariffTable) -> TariffTable:
    """Drop a proposal that will not be published (a wrong index typed, e.g.)."""
    require_register_keeper(actor)
    with transaction.atomic(durable=True):
        row = TariffTable.objects.select_for_update().get(pk=table.pk)
        if row.status != TariffTable.Status.DRAFT:
            raise StateConflict(_("Esta tabela não é uma proposta em aberto."))
        row.status = TariffTable.Status.DISCARDED
        row.save(update_fields=["status"])
    return row


def tariff_reminder_open(*, today: dt.date) -> TariffReminder | None:
    """Art. 31: open the year's reminder in January, once, unless the year is already done.

    Run daily by the beat during January; safe to run any number of times.
    """
    year = law.adjustment_due(today=today, adjusted_years=tariff_adjusted_years())
    if year is None:
        return None
    reminder, _created = TariffReminder.objects.get_or_create(year=year)
    return reminder
