"""Forms of the fiscal agent's phone page (Arts. 47, 50, 51) and of the early release of
an impeded vehicle (Art. 59 IV a).

They check shape only (required, lengths, formats); the services decide the rules.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from cases.form_fields import LOCAL_INPUT, LocalDateTimeInput, local_now_input
from core.dates import UNDER_THE_LAW
from documents.signing.keys import SIGNING_PASSWORD
from law.infractions import citable_infractions
from registers.models import Authorization
from workflows.complaint.selectors import complaints_forwarded
from workflows.violation.models import Conductor


class TaxiSearchForm(forms.Form):
    q = forms.CharField(
        label=_("Placa, número do Termo ou da IM"),
        max_length=40,
        required=False,
        widget=forms.TextInput(
            attrs={
                "autocapitalize": "characters",
                "autocomplete": "off",
                "spellcheck": "false",
                "inputmode": "text",
                "placeholder": "ABC1D23",
            }
        ),
    )


class ItemsField(forms.MultipleChoiceField):
    """The citable items of Art. 58, as checkboxes.

    Any value posted goes on to the statute package, which refuses unknown items and item
    XXI with the law's own message and article (not a form's "invalid choice").
    """

    widget = forms.CheckboxSelectMultiple

    def valid_value(self, value: str) -> bool:
        return True


class IssueForm(forms.Form):
    """Art. 47: what an agent fills in at the roadside; one notice per item (Art. 51)."""

    authorization = forms.ModelChoiceField(
        queryset=Authorization.objects.all(), widget=forms.HiddenInput
    )
    complaint = forms.ModelChoiceField(
        queryset=complaints_forwarded(), widget=forms.HiddenInput, required=False
    )
    items = ItemsField(
        label=_("Dispositivos infringidos (Art. 58)"),
        choices=[(entry.item, entry.item) for entry in citable_infractions()],
        error_messages={"required": _("Marque ao menos um dispositivo infringido.")},
    )
    conductor = forms.ChoiceField(
        label=_("Quem conduzia (Art. 50)"),
        choices=Conductor.choices,
        widget=forms.RadioSelect,
        error_messages={"required": _("Informe quem conduzia o táxi.")},
    )
    place = forms.CharField(label=_("Local"), max_length=250)
    occurred_at = forms.DateTimeField(
        validators=[UNDER_THE_LAW],
        label=_("Data e hora"),
        input_formats=[LOCAL_INPUT, "%Y-%m-%d %H:%M"],
        widget=LocalDateTimeInput(),
    )
    description = forms.CharField(
        label=_("Descrição"),
        required=False,
        max_length=4000,
        widget=forms.Textarea(attrs={"rows": 3}),
    )
    confirm_duplicate = forms.BooleanField(
        label=_("Confirmo: é outra infração, lavrar mais um auto"),
        required=False,
        widget=forms.HiddenInput,  # shown as a checkbox only after the page asked
    )
    offender_signed = forms.BooleanField(
        label=_("O infrator assinou o auto"),
        required=False,
        help_text=_(
            "Art. 47 §1: a assinatura não significa reconhecimento da falta, e a falta dela "
            "não invalida o auto."
        ),
    )

    password = forms.CharField(
        label=SIGNING_PASSWORD.label,
        strip=False,
        max_length=256,
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
        help_text=_("Com ela você assina cada auto; errada, nenhum auto é lavrado."),
        error_messages={"required": SIGNING_PASSWORD.required_message},
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("label_suffix", "")  # labels stand above their fields on a phone
        super().__init__(*args, **kwargs)
        self.fields["occurred_at"].widget.attrs["max"] = local_now_input()

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        complaint, taxi = data.get("complaint"), data.get("authorization")
        if complaint is not None and taxi is not None and complaint.taxi_id != taxi.pk:
            raise ValidationError(_("O táxi informado não é o da reclamação."))
        return data


class LiftForm(forms.Form):
    note = forms.CharField(
        label=_("Como o problema foi sanado"),
        max_length=2000,
        widget=forms.Textarea(attrs={"rows": 2}),
    )


class SettlementForm(forms.Form):
    file = forms.FileField(
        label=_("Arquivo de retorno do banco (CSV: txid;valor;data)"),
        help_text=_("Uma linha por Pix recebido; a primeira linha é o cabeçalho."),
    )
