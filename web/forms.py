from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from law.suspension import MAX_DAYS
from workflows.models import SuspensionGround


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


class SuspensionForm(forms.Form):
    ground = forms.ChoiceField(label=_("Motivo (Art. 24)"), choices=SuspensionGround.choices)
    days = forms.IntegerField(
        label=_("Dias de suspensão"),
        min_value=1,
        help_text=_("No máximo %(max)d dias (Art. 24).") % {"max": MAX_DAYS},
    )
    reason = forms.CharField(
        label=_("Relato"), widget=forms.Textarea(attrs={"rows": 3}), required=False
    )
    proofs = MultipleFileField(
        label=_("Documentos comprobatórios (PDF, JPEG ou PNG, até 10 MB)"),
        required=False,
        help_text=_("Obrigatório para os motivos I, II e III (Art. 24 §1)."),
    )


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
