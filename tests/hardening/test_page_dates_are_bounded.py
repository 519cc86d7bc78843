"""Issue 19, "One bound for every date with legal meaning", on the pages; issue 20 §6 for
the municipal registers (stands, calendar, lost property, roster, associations, tariffs).

Every date field of every page form carries a `core.dates.DateBound` (found by walking the
forms, so a form added tomorrow is covered), and the registers' pages answer 400 with the
message to 01/01/0001 and 31/12/9999, writing nothing.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import importlib
import pkgutil

import pytest
from django import forms
from django.apps import apps

from accounts.roles import Role
from core.dates import DateBound
from municipal.models import Association, LostItem, RosterEntry, Stand, TariffTable
from registers.models import CalendarDay
from tests.factories import UserFactory

# Filters of a search or a dashboard, not dates with legal meaning: a far date finds nothing.
# The API's query forms (core.query_schema) read which days to show, the same way.
FILTERS = {
    "workspace.forms.PeriodForm",
    "workspace.forms.CaseSearchForm",
    "municipal.api.roster.RosterQuery",
    "municipal.api.tariffs.TariffDayQuery",
}


def _form_classes() -> set[type[forms.BaseForm]]:
    for config in apps.get_app_configs():
        if config.name.split(".")[0] not in {
            "accounts",
            "registers",
            "cases",
            "workflows",
            "notifications",
            "documents",
            "inspections",
            "municipal",
            "register_import",
            "workspace",
            "web",
        }:
            continue
        for name in ("forms",):
            try:
                importlib.import_module(f"{config.name}.{name}")
            except ModuleNotFoundError:
                continue
    importlib.import_module("workflows.inputs")
    for module in pkgutil.iter_modules(importlib.import_module("workflows").__path__):
        with contextlib.suppress(ModuleNotFoundError):
            importlib.import_module(f"workflows.{module.name}.forms")
    found: set[type[forms.BaseForm]] = set()
    todo = [forms.BaseForm]
    while todo:
        for sub in todo.pop().__subclasses__():
            todo.append(sub)
            if not sub.__module__.startswith(("django.", "tests.")):
                found.add(sub)
    return found


def test_every_date_field_of_every_page_form_is_bounded():
    classes = _form_classes()
    assert len(classes) > 20
    unbounded = []
    for form in classes:
        if f"{form.__module__}.{form.__qualname__}" in FILTERS:
            continue
        for name, field in form.base_fields.items():
            if isinstance(field, forms.DateField | forms.DateTimeField) and not any(
                isinstance(v, DateBound) for v in field.validators
            ):
                unbounded.append(f"{form.__module__}.{form.__qualname__}.{name}")
    assert unbounded == [], "bound these dates with core.dates:\n" + "\n".join(sorted(unbounded))


# Each register's page, the date it asks for and the rows it would write. The other
# fields are left out: the date's own message must be there whatever else is missing.
PAGES = [
    ("/pontos/novo/", "act_date", Stand),
    ("/calendario/", "day", CalendarDay),
    ("/achados/", "found_on", LostItem),
    ("/escala/", "start", RosterEntry),
    ("/associacoes/", "registered_on", Association),
    ("/tarifas/nova/", "act_date", TariffTable),
]


@pytest.mark.django_db
@pytest.mark.parametrize("day", ["0001-01-01", "9999-12-31"])
@pytest.mark.parametrize(("url", "field", "model"), PAGES)
def test_a_register_page_refuses_an_impossible_date_with_400(client, url, field, model, day):
    client.force_login(UserFactory(role=Role.ADMINISTRATOR))
    before = model.objects.count()
    page = client.post(url, {field: day})
    assert page.status_code == 400, (url, page.status_code)
    text = page.content.decode()
    assert "Data fora do intervalo aceito" in text, url
    assert f"{day[8:10]}/{day[5:7]}/{day[0:4]}" in text
    assert model.objects.count() == before


@pytest.mark.django_db
def test_the_service_holds_the_bound_for_callers_without_a_form():
    """Issue 20 §6: a declared closed day of 31/12/9999 is refused by the service itself
    (a task or script skips the page's form), with the same message; nothing written."""
    from cases.errors import RuleViolation
    from municipal.services.calendar import calendar_day_declare

    admin = UserFactory(role=Role.ADMINISTRATOR)
    with pytest.raises(RuleViolation) as refused:
        calendar_day_declare(
            actor=admin,
            day=dt.date(9999, 12, 31),
            kind=CalendarDay.Kind.CLOSED,
            act="Decreto 1",
            today=dt.date(2026, 3, 2),
        )
    assert refused.value.code == "implausible_date"
    assert "31/12/9999" in refused.value.fields["day"][0]
    assert not CalendarDay.objects.exists()
