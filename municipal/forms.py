"""Page forms of the municipal registers; they only parse input, the services decide."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from core.dates import MAY_PREDATE_THE_LAW, UNDER_THE_LAW
from core.widgets import DateInput
from municipal.models import LostItem, RosterEntry, Stand


class StandForm(forms.Form):
    name = forms.CharField(label=_("Nome"), max_length=120)
    address = forms.CharField(label=_("Localização"), max_length=250)
    district = forms.CharField(label=_("Bairro"), max_length=120, required=False)
    kind = forms.ChoiceField(label=_("Tipo (Art. 32 §2)"), choices=Stand.Kind.choices)
    places = forms.IntegerField(label=_("Vagas (Art. 32)"), min_value=0, max_value=500)
    act_number = forms.CharField(label=_("Ato do Executivo"), max_length=60, required=False)
    act_date = forms.DateField(
        validators=[MAY_PREDATE_THE_LAW], label=_("Data do ato"), widget=DateInput
    )
    starts_on = forms.DateField(
        validators=[MAY_PREDATE_THE_LAW], label=_("Em uso desde"), widget=DateInput
    )
    ends_on = forms.DateField(
        validators=[MAY_PREDATE_THE_LAW],
        label=_("Último dia (provisório)"),
        widget=DateInput,
        required=False,
    )
    shelter = forms.BooleanField(label=_("Tem abrigo (Arts. 33-34)"), required=False)
    shelter_roof = forms.ChoiceField(
        label=_("Cobertura do abrigo"), choices=[("", "—"), *Stand.Roof.choices], required=False
    )
    shelter_installed_on = forms.DateField(
        validators=[MAY_PREDATE_THE_LAW],
        label=_("Abrigo instalado em"),
        widget=DateInput,
        required=False,
    )


class AssignForm(forms.Form):
    authorization = forms.CharField(label=_("Termo de autorização ou placa"), max_length=20)


class ArrivalForm(forms.Form):
    plate = forms.CharField(label=_("Placa"), max_length=8)


class TariffItemsField(forms.CharField):
    """One item a line: ``code; label; unit; value`` (value with a comma or a dot)."""


class TariffTableForm(forms.Form):
    act_number = forms.CharField(label=_("Número do ato"), max_length=60, required=False)
    act_date = forms.DateField(
        validators=[MAY_PREDATE_THE_LAW], label=_("Data do ato"), widget=DateInput
    )
    valid_from = forms.DateField(
        validators=[MAY_PREDATE_THE_LAW], label=_("Vigora a partir de"), widget=DateInput
    )
    joint_study = forms.CharField(
        label=_("Estudo conjunto com o órgão representativo da classe (Art. 29)"),
        max_length=250,
        required=False,
    )
    items = forms.CharField(
        label=_("Itens (um por linha: código; descrição; unidade; valor)"),
        max_length=5000,
        widget=forms.Textarea(attrs={"rows": 6}),
    )


class AdjustmentForm(forms.Form):
    year = forms.IntegerField(label=_("Ano do reajuste"), min_value=2023, max_value=2100)
    igpm_percent = forms.DecimalField(
        label=_("IGP-M acumulado em 12 meses (%)"), max_digits=7, decimal_places=4
    )


class PublishForm(forms.Form):
    act_number = forms.CharField(label=_("Número do ato"), max_length=60, required=False)
    act_date = forms.DateField(
        validators=[MAY_PREDATE_THE_LAW], label=_("Data do ato"), widget=DateInput
    )
    valid_from = forms.DateField(
        validators=[MAY_PREDATE_THE_LAW], label=_("Vigora a partir de"), widget=DateInput
    )


class LostItemForm(forms.Form):
    description = forms.CharField(label=_("Descrição do objeto"), max_length=250)
    found_on = forms.DateField(
        validators=[UNDER_THE_LAW], label=_("Encontrado em"), widget=DateInput
    )
    plate = forms.CharField(label=_("Placa do táxi"), max_length=8, required=False)


class HandInForm(forms.Form):
    handed_in_on = forms.DateField(
        validators=[UNDER_THE_LAW], label=_("Entregue em"), widget=DateInput
    )
    storage = forms.CharField(label=_("Local de guarda"), max_length=120, required=False)


class CounterForm(HandInForm, LostItemForm):
    """An object received at the counter: what was found, then its hand-in (its fields in
    that order: the base named last comes first)."""


class LostItemCloseForm(forms.Form):
    destination = forms.ChoiceField(label=_("Destinação"), choices=LostItem.Destination.choices)
    owner_name = forms.CharField(label=_("Nome de quem recebeu"), max_length=200, required=False)
    owner_document = forms.CharField(
        label=_("Documento de quem recebeu"), max_length=40, required=False
    )
    closed_on = forms.DateField(validators=[UNDER_THE_LAW], label=_("Data"), widget=DateInput)


class RosterForm(forms.Form):
    authorization = forms.CharField(label=_("Termo de autorização ou placa"), max_length=20)
    shift = forms.ChoiceField(label=_("Turno"), choices=RosterEntry.Shift.choices)
    start = forms.DateField(validators=[UNDER_THE_LAW], label=_("De"), widget=DateInput)
    end = forms.DateField(validators=[UNDER_THE_LAW], label=_("Até"), widget=DateInput)


class AssociationForm(forms.Form):
    name = forms.CharField(label=_("Nome"), max_length=200)
    kind = forms.ChoiceField(
        label=_("Tipo"),
        choices=[
            ("cooperative", _("cooperativa")),
            ("association", _("associação")),
        ],
    )
    cnpj = forms.RegexField(label=_("CNPJ (14 dígitos)"), regex=r"^\d{14}$")
    registered_on = forms.DateField(
        validators=[MAY_PREDATE_THE_LAW], label=_("Cadastrada em"), widget=DateInput
    )
    colour = forms.CharField(
        label=_("Cor própria dos táxis executivos"),
        max_length=40,
        required=False,
        help_text=_("Somente se a associação mantiver táxis executivos (Art. 3 §1)."),
    )


class MemberForm(forms.Form):
    authorization = forms.CharField(label=_("Termo de autorização ou placa"), max_length=20)
    since = forms.DateField(
        validators=[MAY_PREDATE_THE_LAW], label=_("Associado desde"), widget=DateInput
    )


class ParkingForm(forms.Form):
    address = forms.CharField(label=_("Local de estacionamento"), max_length=250)
    places = forms.IntegerField(label=_("Vagas"), min_value=0)
    act = forms.CharField(label=_("Ato de aprovação"), max_length=60, required=False)
    approved_on = forms.DateField(
        validators=[MAY_PREDATE_THE_LAW], label=_("Aprovado em"), widget=DateInput
    )


class ExecutiveVehicleForm(forms.Form):
    plate = forms.CharField(label=_("Placa"), max_length=8)
    renavam = forms.CharField(label=_("RENAVAM"), max_length=11)
    make = forms.CharField(label=_("Marca"), max_length=60)
    model = forms.CharField(label=_("Modelo"), max_length=80)
    manufacture_year = forms.IntegerField(label=_("Ano de fabricação"), min_value=1990)
    doors = forms.IntegerField(label=_("Portas"), min_value=0, max_value=9)
    capacity = forms.IntegerField(label=_("Lotação"), min_value=1, max_value=20)
    air_conditioning = forms.BooleanField(label=_("Ar-condicionado"), required=False)
    airbag = forms.BooleanField(label=_("Airbag"), required=False)
    colour = forms.CharField(label=_("Cor"), max_length=40)
    seal = forms.CharField(label=_("Selo de identificação"), max_length=40, required=False)
    registered_on = forms.DateField(
        validators=[MAY_PREDATE_THE_LAW], label=_("Cadastrado em"), widget=DateInput
    )


class UseForm(forms.Form):
    membership = forms.IntegerField(label=_("Associado"))
    contract = forms.CharField(
        label=_("Contrato (contratante e número)"), max_length=200, required=False
    )


class CalendarDayForm(forms.Form):
    day = forms.DateField(validators=[UNDER_THE_LAW], label=_("Dia"), widget=DateInput)
    kind = forms.ChoiceField(
        label=_("Declaração"),
        choices=[
            ("closed", _("sem expediente")),
            ("open", _("com expediente")),
        ],
    )
    act = forms.CharField(label=_("Ato (decreto ou portaria)"), max_length=200, required=False)
