from __future__ import annotations

from typing import Any

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

LOCAL_INPUT = "%Y-%m-%dT%H:%M"


class LocalDateTimeInput(forms.DateTimeInput):
    input_type = "datetime-local"

    def __init__(self, **attrs: Any) -> None:
        super().__init__(format=LOCAL_INPUT, attrs=attrs)


def local_now_input() -> str:
    """Now, as a datetime-local input shows it (legal time is local, DESIGN principle 5)."""
    return timezone.localtime().strftime(LOCAL_INPUT)


class MultipleFileInput(forms.ClearableFileInput):
    allow_multiple_selected = True


class MultipleFileField(forms.FileField):
    def __init__(self, *args: object, **kwargs: object) -> None:
        kwargs.setdefault("widget", MultipleFileInput())
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]

    def clean(self, data: object, initial: object = None) -> list[object]:
        single = super().clean
        if isinstance(data, list | tuple):
            return [single(item, initial) for item in data]
        return [single(data, initial)] if data else []


class QueueFilterForm(forms.Form):
    kind = forms.ChoiceField(label=_("Tipo"), required=False)
    state = forms.CharField(label=_("Situação"), required=False)
    assignee = forms.ChoiceField(
        label=_("Responsável"),
        required=False,
        choices=[("", _("Todos")), ("me", _("Comigo")), ("none", _("Sem responsável"))],
    )
    urgency = forms.ChoiceField(
        label=_("Urgência"),
        required=False,
        choices=[("", _("Todas")), ("overdue", _("Vencidos")), ("week", _("Próximos 7 dias"))],
    )

    def __init__(self, *args: object, **kwargs: object) -> None:
        from cases.models import CaseKind

        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.fields["kind"].choices = [("", _("Todos")), *CaseKind.choices]
