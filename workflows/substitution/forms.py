"""The portal's filing form: the new vehicle's data as on its CRLV (Art. 10 II)."""

from __future__ import annotations

from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from core.dates import UNDER_THE_LAW
from law import deadlines as law_deadlines
from registers.services.vehicles import OLDEST_YEAR, VehicleData
from registers.validators import normalize_plate, normalize_renavam


class SubstitutionForm(forms.Form):
    plate = forms.CharField(
        label=_("Placa"), max_length=8, help_text=_("ABC-1234 ou Mercosul ABC1D23.")
    )
    renavam = forms.CharField(label=_("RENAVAM"), max_length=14)
    make = forms.CharField(label=_("Marca"), max_length=60)
    model = forms.CharField(label=_("Modelo"), max_length=80)
    manufacture_year = forms.IntegerField(
        label=_("Ano de fabricação"),
        min_value=OLDEST_YEAR,
        help_text=_("Até 8 anos de fabricação (Art. 10 II b; Art. 11 II)."),
    )
    doors = forms.IntegerField(
        label=_("Portas"), min_value=1, help_text=_("4 ou 5 portas (Art. 10 II c).")
    )
    capacity = forms.IntegerField(
        label=_("Lotação (ocupantes)"),
        min_value=1,
        help_text=_("Até 7 ocupantes (Art. 10 II c)."),
    )
    air_conditioning = forms.BooleanField(
        label=_("Ar-condicionado (Art. 10 II d)"), required=False, initial=True
    )
    airbag = forms.BooleanField(label=_("Airbag"), required=False, initial=True)
    colour = forms.CharField(
        label=_("Cor"),
        max_length=40,
        initial="branca",
        help_text=_("Branca (Art. 10 II e)."),
    )
    crlv = forms.FileField(
        label=_("CRLV do novo veículo (PDF, JPEG ou PNG, até 10 MB)"),
        help_text=_("Art. 10 II a."),
    )
    note = forms.CharField(
        label=_("Observações"), widget=forms.Textarea(attrs={"rows": 2}), required=False
    )

    def clean_plate(self) -> str:
        return normalize_plate(self.cleaned_data["plate"])

    def clean_renavam(self) -> str:
        return normalize_renavam(self.cleaned_data["renavam"])

    def vehicle(self) -> VehicleData:
        return VehicleData.from_mapping(self.cleaned_data)


class SeizureCommunicationForm(forms.Form):
    """Art. 24 §2: the seizure's date and the court order."""

    seized_on = forms.DateField(
        validators=[UNDER_THE_LAW],
        label=_("Data da apreensão do veículo"),
        widget=forms.DateInput(attrs={"type": "date"}),
        help_text=format_lazy(
            _("A comunicação deve ser feita em até {days} dias da apreensão (Art. 24 §2)."),
            days=law_deadlines.JUDICIAL_SEIZURE_COMMUNICATION_DAYS,
        ),
    )
    order = forms.FileField(
        label=_("Mandado judicial (PDF, JPEG ou PNG, até 10 MB)"),
        help_text=_("Art. 24 §2: reserva de domínio, alienação fiduciária ou outra decisão "
                    "judicial."),
    )
    note = forms.CharField(
        label=_("Observações"), widget=forms.Textarea(attrs={"rows": 2}), required=False
    )
