"""The portal's filing form for the transfer of an authorization (Art. 25)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from core.dates import MAY_PREDATE_THE_LAW
from core.widgets import DateInput
from workflows.inputs import driver_form_fields, files_form_fields
from workflows.transfer.models import Relationship, SuccessionClass, TransferCause
from workflows.transfer.services import CHECKLIST

BENEFICIARY_PREFIX = "beneficiary_"


class _Base(forms.Form):
    authorization_number = forms.CharField(
        label=_("Número do Termo de Autorização"), max_length=20
    )
    cause = forms.ChoiceField(label=_("Hipótese (Art. 25)"), choices=TransferCause.choices)
    event_on = forms.DateField(
        validators=[MAY_PREDATE_THE_LAW],
        label=_("Data do falecimento ou da invalidez"), widget=DateInput
    )
    relationship = forms.ChoiceField(
        label=_("Parentesco do beneficiário com o titular"), choices=Relationship.choices
    )
    succession_class = forms.ChoiceField(
        label=_("Classe de sucessores (Código Civil, Art. 1.829)"),
        choices=[("", "—"), *SuccessionClass.choices],
        required=False,
        help_text=_("Somente no caso de falecimento (Art. 25 I)."),
    )
    reason = forms.CharField(
        label=_("Relato"), widget=forms.Textarea(attrs={"rows": 3}), required=False
    )


TransferForm = type(
    "TransferForm",
    (_Base,),
    {**driver_form_fields(BENEFICIARY_PREFIX), **files_form_fields(CHECKLIST)},
)
