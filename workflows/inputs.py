"""Form and serializer fields shared by the filing pages and endpoints that name a person
(Arts. 25, 27) and attach files per checklist item. Declared once, used by every kind
that asks for them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import forms
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from rest_framework import serializers
from rest_framework.generics import get_object_or_404

from accounts.models import User
from cases.form_fields import MultipleFileField
from core.dates import MAY_PREDATE_THE_LAW, LegalDateField
from core.errors import RuleViolation
from core.widgets import DateInput
from registers.models import Driver
from registers.selectors import driver_of, drivers_visible_to
from registers.services.drivers import DRIVER_FIELDS

_DRIVER_LABELS: dict[str, Promise] = {
    "name": _("Nome completo"),
    "cpf": _("CPF"),
    "cnh_number": _("Número da CNH"),
    "cnh_category": _("Categoria da CNH"),
    "cnh_expires_on": _("Validade da CNH"),
    "address": _("Endereço"),
    "district": _("Bairro"),
    "city": _("Município de residência"),
    "postal_code": _("CEP"),
    "email": _("E-mail"),
    "phone": _("Telefone"),
}


def driver_form_fields(prefix: str) -> dict[str, forms.Field]:
    """Optional fields for a person; the service says which ones a new register needs."""
    fields: dict[str, forms.Field] = {}
    for name in DRIVER_FIELDS:
        label = _DRIVER_LABELS[name]
        if name == "cnh_expires_on":
            fields[f"{prefix}{name}"] = forms.DateField(
                validators=[MAY_PREDATE_THE_LAW],
                label=label, required=False, widget=DateInput
            )
        elif name == "email":
            fields[f"{prefix}{name}"] = forms.EmailField(label=label, required=False)
        else:
            fields[f"{prefix}{name}"] = forms.CharField(label=label, required=False,
                                                        max_length=250)
    return fields


def driver_serializer_fields(prefix: str) -> dict[str, serializers.Field]:
    fields: dict[str, serializers.Field] = {}
    for name in DRIVER_FIELDS:
        if name == "cnh_expires_on":
            fields[f"{prefix}{name}"] = LegalDateField(bound=MAY_PREDATE_THE_LAW, required=False)
        elif name == "email":
            fields[f"{prefix}{name}"] = serializers.EmailField(required=False, allow_blank=True)
        else:
            fields[f"{prefix}{name}"] = serializers.CharField(
                required=False, allow_blank=True, max_length=250
            )
    return fields


def driver_data(values: Mapping[str, Any], prefix: str) -> dict[str, Any]:
    """The person's data from cleaned form or serializer values, without the prefix."""
    return {
        name: values.get(f"{prefix}{name}")
        for name in DRIVER_FIELDS
        if values.get(f"{prefix}{name}") not in (None, "")
    }


def files_form_fields(checklist: Mapping[str, str | Promise]) -> dict[str, forms.Field]:
    return {
        f"file_{item}": MultipleFileField(label=label, required=False)
        for item, label in checklist.items()
    }


def files_serializer_fields(
    checklist: Mapping[str, str | Promise],
) -> dict[str, serializers.Field]:
    return {
        item: serializers.ListField(
            child=serializers.FileField(), required=False, default=list, help_text=str(label)
        )
        for item, label in checklist.items()
    }


def files_from_form(values: Mapping[str, Any], checklist: Mapping[str, Any]) -> dict[str, list]:
    return {item: values[f"file_{item}"] for item in checklist if values.get(f"file_{item}")}


def files_from_serializer(values: Mapping[str, Any], checklist: Mapping[str, Any]) -> dict:
    return {item: values[item] for item in checklist if values.get(item)}


_NAME_THE_DRIVER = {
    "holder": _("Informe o titular (campo holder)."),
    "driver": _("Informe o taxista (campo driver)."),
    "beneficiary": _("Informe o beneficiário (campo beneficiary)."),
}


def filing_driver(user: User, driver_id: int | None, *, field: str = "holder") -> Driver:
    """The driver a filing endpoint acts for: the one named in `field` (a clerk at the
    counter; a driver only sees himself, so another driver is a 404), else the user's own
    record."""
    if driver_id:
        return get_object_or_404(drivers_visible_to(user), pk=driver_id)
    driver = driver_of(user)
    if driver is None:
        raise RuleViolation(str(_NAME_THE_DRIVER[field]))
    return driver
