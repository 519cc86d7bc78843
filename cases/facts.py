"""What a case itself says: the fields of its kind, each under its label.

The engine's pages and API know every kind's state and timeline, not what the request
asked (Art. 24's ground and days, which auxiliary, a transfer's cause). A kind's own
fields are read here, the same way for every kind, for the case page (when the kind has
no panel of its own) and for the case API.
"""

from __future__ import annotations

import datetime as dt
import functools
from dataclasses import dataclass
from decimal import Decimal

from django.db.models import Field, FileField, JSONField
from django.utils.dateformat import format as date_format
from django.utils.formats import number_format
from django.utils.text import capfirst
from django.utils.timezone import localtime
from django.utils.translation import gettext

from cases.models import Case
from cases.workflow import workflow_for


@dataclass(frozen=True, slots=True)
class Fact:
    field: str
    label: str
    value: str  # as a person reads it: a choice's label, a related row's name, dd/mm/aaaa
    raw: object  # as a program reads it: ISO dates, the related row's id, a decimal's text
    help: str


@functools.cache
def _fact_fields(model: type[Case]) -> tuple[Field, ...]:  # type: ignore[type-arg]
    return tuple(
        f
        for f in model._meta.concrete_fields
        if f.model is model and not f.primary_key and not isinstance(f, JSONField | FileField)
    )


def fact_relations(model: type[Case]) -> tuple[str, ...]:
    """The kind's own relations its facts name: read along with the case (case_visible),
    or each would cost a statement of its own when the facts are drawn."""
    return tuple(f.name for f in _fact_fields(model) if f.is_relation)


def case_facts(case: Case, *, staff: bool) -> list[Fact]:
    """The fields of the case's kind that hold a value; a kind's staff-only fields
    (Workflow.staff_only_facts: a complainant's contact, LGPD) only when `staff`."""
    hidden = frozenset() if staff else workflow_for(case.kind).staff_only_facts
    facts = []
    for field in _fact_fields(type(case)):
        raw = getattr(case, field.attname)
        if raw is None or raw == "" or field.name in hidden:
            continue
        facts.append(
            Fact(field.name, capfirst(str(field.verbose_name)), _shown(case, field, raw),
                 _plain(raw), str(field.help_text))
        )
    return facts


def _shown(case: Case, field: Field, raw: object) -> str:  # type: ignore[type-arg]
    if field.choices:
        return str(getattr(case, f"get_{field.name}_display")())
    if field.is_relation:
        return str(getattr(case, field.name))
    if isinstance(raw, bool):
        return gettext("sim") if raw else gettext("não")
    if isinstance(raw, dt.datetime):
        return date_format(localtime(raw), "d/m/Y H:i")
    if isinstance(raw, dt.date):
        return date_format(raw, "d/m/Y")
    if isinstance(raw, Decimal):
        return number_format(raw, use_l10n=True)
    return str(raw)


def _plain(raw: object) -> object:
    if isinstance(raw, dt.date):  # a datetime too
        return raw.isoformat()
    if isinstance(raw, Decimal):
        return str(raw)
    return raw
