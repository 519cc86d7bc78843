"""The clerk's form that opens a revocation by hand (Art. 59 V b, c, f).

The Termo and the auxiliary are typed (Termo number or plate; the auxiliary's CPF), not
chosen from lists: a `<select>` of every Termo in force and every bound auxiliary grew with
the fleet (11 s per page at 100,000 cases in the bench)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _l

from registers.models import Authorization, Driver
from registers.selectors import authorization_typed
from registers.validators import normalize_cpf
from workflows.revocation.services import IN_FORCE, MANUAL_GROUNDS


class AuthorizationTypedField(forms.CharField):
    """A Termo in force, by its number or its vehicle's plate."""

    def clean(self, value: Any) -> Authorization | None:
        text = super().clean(value)
        if not text:
            return None
        among = Authorization.objects.filter(status__in=IN_FORCE).select_related("holder")
        found = authorization_typed(text, among=among)
        if found is None:
            raise ValidationError(
                _l("Nenhum Termo em vigor com o número ou a placa %(value)s."),
                code="not_found",
                params={"value": text},
            )
        return found


class AuxiliaryTypedField(forms.CharField):
    """A driver bound today as an auxiliary, by his CPF."""

    def clean(self, value: Any) -> Driver | None:
        text = super().clean(value)
        if not text:
            return None
        cpf = normalize_cpf(text)
        found = Driver.objects.filter(cpf=cpf, bindings__ended_on__isnull=True).first()
        if found is None:
            raise ValidationError(
                _l("Nenhum taxista auxiliar com vínculo vigente tem o CPF %(value)s."),
                code="not_found",
                params={"value": text},
            )
        return found


class RevocationOpenForm(forms.Form):
    authorization = AuthorizationTypedField(
        label=_l("Termo de autorização"),
        max_length=20,
        help_text=_l("Número do Termo ou placa do veículo."),
    )
    auxiliary = AuxiliaryTypedField(
        label=_l("Taxista auxiliar (somente se a cassação for da autorização do auxiliar)"),
        max_length=20,
        required=False,
        help_text=_l(
            "CPF do auxiliar. Art. 27 §2: o vínculo do auxiliar termina e a autorização do "
            "titular continua."
        ),
    )
    ground = forms.ChoiceField(label=_l("Fundamento (Art. 59 V)"), choices=MANUAL_GROUNDS)
    reason = forms.CharField(
        label=_l("Fatos que fundamentam a abertura"), widget=forms.Textarea(attrs={"rows": 4})
    )
