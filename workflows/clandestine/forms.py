"""The agent's recording form, laid out for a phone at the roadside."""

from __future__ import annotations

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from core.dates import UNDER_THE_LAW
from workflows.clandestine.models import Classification


def _now_local() -> str:
    return timezone.localtime().strftime("%Y-%m-%dT%H:%M")


class ClandestineRecordForm(forms.Form):
    person_name = forms.CharField(
        label=_("Nome do responsável"), max_length=200,
        widget=forms.TextInput(attrs={"autocomplete": "off", "autocapitalize": "words"}),
    )
    person_cpf = forms.CharField(
        label=_("CPF"), max_length=14, required=False,
        help_text=_("Deixe em branco se o responsável não apresentou o CPF."),
        widget=forms.TextInput(attrs={"inputmode": "numeric", "autocomplete": "off"}),
    )
    person_document = forms.CharField(
        label=_("Documento de identidade (RG, CNH)"), max_length=30, required=False,
        help_text=_("Sem CPF, a reincidência (Art. 62 §1) se verifica pelo nome e por este "
                    "documento."),
        widget=forms.TextInput(attrs={"autocomplete": "off"}),
    )
    plate = forms.CharField(
        label=_("Placa"), max_length=8,
        widget=forms.TextInput(attrs={"autocapitalize": "characters", "autocomplete": "off"}),
    )
    make = forms.CharField(label=_("Marca"), max_length=60)
    model = forms.CharField(label=_("Modelo"), max_length=80)
    colour = forms.CharField(label=_("Cor"), max_length=40, required=False)
    classification = forms.ChoiceField(
        label=_("Enquadramento (Art. 60)"), choices=Classification.choices,
        widget=forms.RadioSelect,
    )
    reasoning = forms.CharField(
        label=_("Fundamentação do enquadramento (Art. 61 §2)"),
        widget=forms.Textarea(attrs={"rows": 4}),
        help_text=_("O que foi visto: passageiros, cobrança, ausência ou inadequação da "
                    "autorização."),
    )
    place = forms.CharField(label=_("Local"), max_length=250)
    occurred_at = forms.DateTimeField(
        validators=[UNDER_THE_LAW],
        label=_("Data e hora"),
        input_formats=["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M"],
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
    )
    police_station = forms.CharField(
        label=_("Delegacia para onde o condutor foi encaminhado (Art. 62 IV)"), max_length=200,
        required=False,
    )
    police_report = forms.CharField(
        label=_("Número do boletim de ocorrência"), max_length=60, required=False
    )

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.fields["occurred_at"].initial = _now_local
