"""The portal's filing and correction forms; the rules are checked by the services."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _l

from core.dates import MAY_PREDATE_THE_LAW
from core.widgets import DateInput
from workflows.application.checklist import ITEMS, ChecklistItem

_FILE_HELP = _l("PDF, JPEG ou PNG, até 10 MB.")
_PHOTO_HELP = _l("JPEG ou PNG, até 10 MB.")


def _file_field(item: ChecklistItem, *, required: bool = False) -> forms.FileField:
    return forms.FileField(
        label=f"{item.label} ({item.article})",
        required=required,
        help_text=_PHOTO_HELP if item.image_only else _FILE_HELP,
    )


class ApplicationForm(forms.Form):
    """Driver data (Art. 10 I), the proposed vehicle (Art. 10 II) and the documents."""

    # The driver (Arts. 9, 10 I, 17 III)
    name = forms.CharField(label=_l("Nome completo"), max_length=200)
    cpf = forms.CharField(label=_l("CPF"), max_length=14)
    cnh_number = forms.CharField(label=_l("Número da CNH"), max_length=14)
    cnh_category = forms.CharField(
        label=_l("Categoria da CNH"), max_length=5, help_text=_l("Art. 10 I b: B, C, D ou E.")
    )
    cnh_expires_on = forms.DateField(
        validators=[MAY_PREDATE_THE_LAW], label=_l("Validade da CNH"), widget=DateInput
    )
    address = forms.CharField(label=_l("Endereço"), max_length=250)
    district = forms.CharField(label=_l("Bairro"), max_length=120, required=False)
    city = forms.CharField(
        label=_l("Município de residência"),
        max_length=120,
        initial="Mantenópolis",
        help_text=_l("Art. 3: o taxista deve residir no Município."),
    )
    postal_code = forms.CharField(label=_l("CEP"), max_length=9, required=False)
    email = forms.EmailField(label=_l("E-mail"), required=False)
    phone = forms.CharField(label=_l("Telefone"), max_length=20, required=False)
    # The vehicle (Arts. 10 II, 11)
    plate = forms.CharField(label=_l("Placa"), max_length=8)
    renavam = forms.CharField(label=_l("RENAVAM"), max_length=11)
    make = forms.CharField(label=_l("Marca"), max_length=60)
    model = forms.CharField(label=_l("Modelo"), max_length=80)
    manufacture_year = forms.IntegerField(label=_l("Ano de fabricação"), min_value=1950)
    doors = forms.IntegerField(label=_l("Portas"), min_value=1, max_value=9)
    capacity = forms.IntegerField(label=_l("Lotação (ocupantes)"), min_value=1, max_value=20)
    air_conditioning = forms.BooleanField(label=_l("Ar-condicionado"), required=False)
    airbag = forms.BooleanField(label=_l("Airbag"), required=False)
    colour = forms.CharField(label=_l("Cor"), max_length=40, initial="branca")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for item in ITEMS:
            self.fields[item.field] = _file_field(item)

    def document_fields(self) -> list[forms.BoundField]:
        return [self[item.field] for item in ITEMS]

    def data_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.fields if not name.startswith("doc_")]


class CorrectionForm(forms.Form):
    """One upload per item still missing or refused (Art. 10)."""

    note = forms.CharField(
        label=_l("Observação"), required=False, widget=forms.Textarea(attrs={"rows": 2})
    )

    def __init__(self, *args: Any, items: Iterable[ChecklistItem] = (), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for item in items:
            self.fields[item.field] = _file_field(item, required=True)
