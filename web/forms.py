from __future__ import annotations

from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from cases.selectors import URGENT_DAYS
from core.widgets import Select


class QueueFilterForm(forms.Form):
    kind = forms.ChoiceField(label=_("Tipo"), required=False, widget=Select)
    # A choice of the kinds' states (issue 10: a free-text box took only internal codes).
    state = forms.ChoiceField(label=_("Situação"), required=False, widget=Select)
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

    def __init__(self, *args: object, **kwargs: object) -> None:
        from workspace.forms import kind_filter_choices, state_choices

        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.fields["kind"].choices = kind_filter_choices()

        self.fields["state"].choices = state_choices()
