"""The portal's suspension form (Art. 24): shape only, `suspension_file` decides."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from cases.form_fields import MultipleFileField
from law.suspension import MAX_DAYS
from workflows.suspension.models import SuspensionGround


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
