"""The portal's advertising form (Art. 67): shape only, `advertising_file` decides."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from cases.form_fields import MultipleFileField
from core.dates import UNDER_THE_LAW
from law.advertising import MAX_MONTHS
from workflows.advertising.models import AdvertisingPlacement

# The rear window needs no authorization (Art. 67); the page says so instead of offering it.
PLACEMENTS = [c for c in AdvertisingPlacement.choices if c[0] != AdvertisingPlacement.REAR_WINDOW]


class AdvertisingForm(forms.Form):
    placement = forms.ChoiceField(label=_("Local no veículo"), choices=PLACEMENTS)
    text = forms.CharField(
        label=_("Texto ou descrição da publicidade"),
        widget=forms.Textarea(attrs={"rows": 3}),
    )
    advertiser = forms.CharField(label=_("Anunciante"), required=False, max_length=200)
    start_on = forms.DateField(
        validators=[UNDER_THE_LAW],
        label=_("Primeiro dia"),
        widget=forms.DateInput(attrs={"type": "date"}),
    )
    end_on = forms.DateField(
        validators=[UNDER_THE_LAW],
        label=_("Último dia"),
        widget=forms.DateInput(attrs={"type": "date"}),
        help_text=_("No máximo %(months)d meses (Art. 67).") % {"months": MAX_MONTHS},
    )
    layout = MultipleFileField(
        label=_("Arte ou leiaute da publicidade (PDF, JPEG ou PNG, até 10 MB)"),
        required=False,
    )
