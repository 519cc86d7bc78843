from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from core.dates import UNDER_THE_LAW
from core.widgets import DateInput
from notifications.models import ReturnReason


class PostingForm(forms.Form):
    tracking_code = forms.CharField(
        label=_("Código de rastreamento (ex.: JT123456785BR)"), max_length=20
    )
    posted_on = forms.DateField(validators=[UNDER_THE_LAW], label=_("Postada em"), widget=DateInput)


class AttemptForm(forms.Form):
    attempted_on = forms.DateField(
        validators=[UNDER_THE_LAW], label=_("Data da tentativa"), widget=DateInput
    )
    note = forms.CharField(label=_("Observação"), required=False, max_length=200)


class ReceiptForm(forms.Form):
    delivered_on = forms.DateField(
        validators=[UNDER_THE_LAW], label=_("Entregue em"), required=False, widget=DateInput
    )
    receiver_name = forms.CharField(label=_("Recebedor"), required=False, max_length=200)
    receiver_document = forms.CharField(
        label=_("Documento do recebedor"), required=False, max_length=40
    )
    return_reason = forms.ChoiceField(
        label=_("Ou: motivo da devolução"),
        required=False,
        choices=[("", "—"), *ReturnReason.choices],
    )
    visit_on = forms.DateField(
        validators=[UNDER_THE_LAW], label=_("Data da visita (AR)"), required=False, widget=DateInput
    )
    ar_attached_on = forms.DateField(
        validators=[UNDER_THE_LAW], label=_("AR juntado aos autos em"), widget=DateInput
    )
    scan = forms.FileField(label=_("Digitalização do AR (PDF, JPEG ou PNG)"), required=False)
    confirm_closed_windows = forms.BooleanField(
        label=_("Confirmo a data mesmo que prazos já tenham terminado"), required=False
    )
