"""The portal's filing form for the auxiliary driver (Arts. 27, 28)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from workflows.auxiliary.models import AuxiliaryPurpose, DepartureReason
from workflows.auxiliary.services import CHECKLIST
from workflows.inputs import driver_form_fields, files_form_fields

AUXILIARY_PREFIX = "auxiliary_"


class _Base(forms.Form):
    purpose = forms.ChoiceField(label=_("Pedido"), choices=AuxiliaryPurpose.choices)
    departure_reason = forms.ChoiceField(
        label=_("Motivo da saída do auxiliar atual"),
        choices=[("", "—"), *DepartureReason.choices],
        required=False,
        help_text=_(
            "Ao substituir ou desligar o auxiliar. Até 2 trocas por ano; demissão, "
            "falecimento ou força maior, comprovados por documento, não contam "
            "(Art. 27 §2)."
        ),
    )
    reason = forms.CharField(
        label=_("Relato"), widget=forms.Textarea(attrs={"rows": 3}), required=False
    )


AuxiliaryForm = type(
    "AuxiliaryForm",
    (_Base,),
    {**driver_form_fields(AUXILIARY_PREFIX), **files_form_fields(CHECKLIST)},
)
