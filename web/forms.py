from __future__ import annotations

from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from cases.selectors import URGENT_DAYS
from core.widgets import Select


def _kinds() -> list[tuple[object, object]]:
    from workspace.forms import kind_filter_choices

    return kind_filter_choices()


def _states() -> list[tuple[object, object]]:
    from workspace.forms import state_choices

    return state_choices()


class QueueFilterForm(forms.Form):
    # Callables, as the search form's (workspace.forms.CaseSearchForm): Django reads them
    # when a value is checked or the list drawn, in that moment's language, rather than
    # copying and normalizing the ~300 states onto every queue page's form (issue 25).
    kind = forms.ChoiceField(label=_("Tipo"), required=False, widget=Select, choices=_kinds)
    # A choice of the kinds' states (issue 10: a free-text box took only internal codes).
    state = forms.ChoiceField(
        label=_("Situação"), required=False, widget=Select, choices=_states
    )
    assignee = forms.ChoiceField(
        label=_("Responsável"),
        required=False,
        widget=Select,
        choices=[("", _("Todos")), ("me", _("Comigo")), ("none", _("Sem responsável"))],
    )
    urgency = forms.ChoiceField(
        label=_("Urgência"),
        required=False,
        widget=Select,
        choices=[
            ("", _("Todas")),
            ("overdue", _("Vencidos")),
            ("week", format_lazy(_("Próximos {days} dias"), days=URGENT_DAYS)),
        ],
    )
