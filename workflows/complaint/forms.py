"""Forms of the public complaint page.

They check shape only (required, lengths, formats); the services decide the rules.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from cases.form_fields import LOCAL_INPUT, LocalDateTimeInput, local_now_input
from core.dates import UNDER_THE_LAW
from registers.validators import normalize_plate
from workflows.complaint.services import MAX_LENGTHS

# The hidden field bots fill in; named so that browsers' autofill leaves it alone.
HONEYPOT = "campo_extra"


class ComplaintForm(forms.Form):
    """Art. 39 IV, VI: what a passenger tells the Secretaria."""

    plate = forms.CharField(
        label=_("Placa do táxi"),
        max_length=10,
        help_text=_("Como ABC-1234 ou ABC1D23."),
        widget=forms.TextInput(
            attrs={"autocapitalize": "characters", "autocomplete": "off", "spellcheck": "false"}
        ),
    )
    occurred_at = forms.DateTimeField(
        validators=[UNDER_THE_LAW],
        label=_("Quando aconteceu"),
        input_formats=[LOCAL_INPUT, "%Y-%m-%d %H:%M"],
        widget=LocalDateTimeInput(),
    )
    place = forms.CharField(
        label=_("Onde"),
        max_length=MAX_LENGTHS["place"],
        help_text=_("Endereço, ponto de táxi ou trajeto da corrida."),
    )
    account = forms.CharField(
        label=_("O que aconteceu"),
        max_length=MAX_LENGTHS["account"],
        widget=forms.Textarea(attrs={"rows": 6}),
    )
    passenger_name = forms.CharField(
        label=_("Seu nome (opcional)"),
        required=False,
        max_length=MAX_LENGTHS["passenger_name"],
        widget=forms.TextInput(attrs={"autocomplete": "name"}),
    )
    passenger_contact = forms.CharField(
        label=_("Telefone ou e-mail para contato (opcional)"),
        required=False,
        max_length=MAX_LENGTHS["passenger_contact"],
        widget=forms.TextInput(attrs={"autocomplete": "email"}),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("label_suffix", "")  # labels stand above their fields on a phone
        super().__init__(*args, **kwargs)
        self.fields["occurred_at"].widget.attrs["max"] = local_now_input()
        self.fields[HONEYPOT] = forms.CharField(
            required=False,
            label=_("Não preencha este campo"),
            widget=forms.TextInput(attrs={"autocomplete": "off", "tabindex": "-1"}),
        )

    def clean_plate(self) -> str:
        try:
            return normalize_plate(self.cleaned_data["plate"])
        except ValidationError as exc:
            raise ValidationError(exc.messages) from None

    @property
    def is_bot(self) -> bool:
        return bool(self.cleaned_data.get(HONEYPOT))

    def complaint_fields(self) -> dict[str, Any]:
        return {k: v for k, v in self.cleaned_data.items() if k != HONEYPOT}
