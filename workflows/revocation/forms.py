"""The clerk's form that opens a revocation by hand (Art. 59 V b, c, f)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _l

from registers.models import Authorization, Driver
from workflows.revocation.services import IN_FORCE, MANUAL_GROUNDS


class RevocationOpenForm(forms.Form):
    authorization = forms.ModelChoiceField(
        label=_l("Termo de autorização"),
        queryset=Authorization.objects.filter(status__in=IN_FORCE).select_related("holder"),
    )
    auxiliary = forms.ModelChoiceField(
        label=_l("Taxista auxiliar (somente se a cassação for da autorização do auxiliar)"),
        queryset=Driver.objects.filter(bindings__ended_on__isnull=True).distinct(),
        required=False,
        help_text=_l(
            "Art. 27 §2: o vínculo do auxiliar termina e a autorização do titular continua."
        ),
    )
    ground = forms.ChoiceField(label=_l("Fundamento (Art. 59 V)"), choices=MANUAL_GROUNDS)
    reason = forms.CharField(
        label=_l("Fatos que fundamentam a abertura"), widget=forms.Textarea(attrs={"rows": 4})
    )
