"""The portal's renewal form (Art. 19). Every field is optional here on purpose: the
service refuses a missing item naming its article, which a form's "required" cannot."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from core.dates import MAY_PREDATE_THE_LAW
from core.widgets import DateInput


class RenewalForm(forms.Form):
    previous_number = forms.CharField(
        label=_("Número da IM anterior (Art. 19 I)"), max_length=20, required=False
    )
    crlv = forms.FileField(
        label=_("CRLV do veículo (Art. 19 II)"),
        required=False,
        help_text=_("PDF, JPEG ou PNG, até 10 MB."),
    )
    cnh = forms.FileField(
        label=_("CNH (Art. 19 III)"),
        required=False,
        help_text=_("PDF, JPEG ou PNG, até 10 MB."),
    )
    cnh_expires_on = forms.DateField(
        validators=[MAY_PREDATE_THE_LAW],
        label=_("Validade da CNH apresentada"),
        widget=DateInput,
        required=False,
    )
