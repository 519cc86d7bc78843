from __future__ import annotations

import datetime as dt
import functools
from typing import Any
from urllib.parse import urlencode

from django import forms
from django.forms import BoundField
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from cases.models import CaseKind
from cases.workflow import all_workflows, workflow_for
from law._dates import add_months
from workspace.search import CaseFilter

STATUS_CHOICES = [
    ("open", _("Em andamento")),
    ("closed", _("Encerrados")),
    ("all", _("Todos")),
]


def state_choices() -> list[tuple[Any, Any]]:
    """Each kind's states, grouped under the kind (a select, not a box for internal codes),
    translated once per language."""
    return _state_choices(get_language())


def kind_filter_choices() -> list[tuple[Any, Any]]:
    """Every kind, after "all", translated once per language."""
    return _kind_filter_choices(get_language())


@functools.cache
def _state_choices(language: str) -> list[tuple[Any, Any]]:
    groups: list[tuple[Any, Any]] = [("", str(_("Todas")))]
    labels = dict(_kind_choices(language))
    for workflow in sorted(all_workflows(), key=lambda w: labels.get(w.kind, w.kind)):
        states = [(str(value), str(label)) for value, label in workflow.states.choices]
        groups.append((labels.get(workflow.kind, workflow.kind), states))
    return groups


@functools.cache
def _kind_filter_choices(language: str) -> list[tuple[Any, Any]]:
    return [("", str(_("Todos"))), *_kind_choices(language)]


@functools.cache
def _kind_choices(language: str) -> tuple[tuple[str, str], ...]:
    return tuple((value, str(label)) for value, label in CaseKind.choices)


class CaseSearchForm(forms.Form):
    q = forms.CharField(
        label=_("Buscar"),
        required=False,
        max_length=100,
        help_text=_("Número do processo, nome, CPF, placa, IM ou Termo."),
    )
    status = forms.ChoiceField(label=_("Processos"), required=False, choices=STATUS_CHOICES)
    # Callables: Django reads them when a value is checked or the field drawn, in the
    # language of that moment. Set on each form, the ~300 states were copied and
    # normalized at every request, whether a state was asked for or not (issue 25).
    kind = forms.ChoiceField(label=_("Tipo"), required=False, choices=kind_filter_choices)
    state = forms.ChoiceField(label=_("Situação"), required=False, choices=state_choices)
    assignee = forms.ChoiceField(
        label=_("Responsável"),
        required=False,
        choices=[("", _("Todos")), ("me", _("Comigo")), ("none", _("Sem responsável"))],
    )
    failed = forms.BooleanField(label=_("Com prazo em falha"), required=False)
    page = forms.IntegerField(required=False, min_value=1, widget=forms.HiddenInput)

    # The fields drawn from fixed lists (the states of every kind: ~300 options). Their HTML
    # depends on their own values alone, never on the words searched, which differ at
    # nearly every request: the page caches it by `listed_key` (Django's fragment cache).
    LISTED = ("status", "kind", "state", "assignee", "failed")

    def listed_fields(self) -> list[BoundField]:
        return [self[name] for name in self.LISTED]

    def listed_key(self) -> str:
        """What the listed fields' HTML is made of: the values given to them (absent and
        empty told apart) or, unbound, none; their errors follow from those values."""
        if not self.is_bound:
            return "unbound"
        return urlencode(
            [(name, self.data[name]) for name in self.LISTED if name in self.data]
        )

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        kind, state = data.get("kind"), data.get("state")
        if kind and state and state not in workflow_for(kind).states.values:
            self.add_error(
                "state", _("Esta situação não existe para o tipo de processo escolhido.")
            )
        return data

    def filters(self) -> CaseFilter:
        data = self.cleaned_data
        return CaseFilter(
            q=(data.get("q") or "").strip(),
            status=data.get("status") or "open",
            kind=data.get("kind") or "",
            state=data.get("state") or "",
            assignee=data.get("assignee") or "",
            failed=bool(data.get("failed")),
        )

    def page_number(self) -> int:
        return self.cleaned_data.get("page") or 1


class SavedFilterForm(forms.Form):
    name = forms.CharField(label=_("Nome do filtro"), max_length=80)
    query = forms.CharField(max_length=500, required=False, widget=forms.HiddenInput)


class MonthInput(forms.DateInput):
    input_type = "month"

    def __init__(self) -> None:
        super().__init__(format="%Y-%m")


class PeriodForm(forms.Form):
    """A month range for the dashboard (bounded: a million cases is a design input)."""

    start = forms.DateField(label=_("De"), required=False, widget=MonthInput())
    end = forms.DateField(label=_("Até"), required=False, widget=MonthInput())

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name in ("start", "end"):
            self.fields[name].input_formats = ["%Y-%m", "%Y-%m-%d"]

    def clean(self) -> dict[str, Any]:
        from workspace.dashboard import MAX_RANGE_MONTHS

        data = super().clean()
        start, end = data.get("start"), data.get("end")
        if start and end:
            if end < start:
                raise forms.ValidationError(_("O fim do período vem antes do início."))
            months = (end.year - start.year) * 12 + end.month - start.month + 1
            if months > MAX_RANGE_MONTHS:
                raise forms.ValidationError(
                    _("O período pode ter no máximo %(n)s meses.") % {"n": MAX_RANGE_MONTHS}
                )
        return data

    def period(self, today: dt.date) -> Any:
        from workspace.dashboard import Period

        data = self.cleaned_data
        start, end = data.get("start"), data.get("end")
        default = Period.last_months(today)
        if not start and not end:
            return default
        start = (start or default.start).replace(day=1)
        end = end or today
        if data.get("end"):
            # A month picked as the end means through its last day.
            end = add_months(end.replace(day=1), 1) - dt.timedelta(days=1)
        return Period(start=start, end=min(end, today))
