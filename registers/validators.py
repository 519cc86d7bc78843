"""Identity documents and plates: normalised on the way in, check digits verified."""

from __future__ import annotations

import re

from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _
from validate_docbr import CNH, CPF, RENAVAM

_NON_DIGITS = re.compile(r"\D")
_PLATE = re.compile(r"^[A-Z]{3}[0-9][A-Z0-9][0-9]{2}$")
_OLD_PLATE = re.compile(r"^[A-Z]{3}[0-9]{4}$")
# A plate as a client writes it (the API's schema states it, registers.fields.PlateField):
# an old plate (ABC-1234) or a Mercosul one (ABC1D23), either case, with or without the
# dash or a space after the letters. `normalize_plate` reads it as ABC1234 / ABC1D23.
PLATE_WRITTEN = r"\A[A-Za-z]{3}[- ]?[0-9][A-Za-z0-9][0-9]{2}\Z"
PLATE_MESSAGE = _("Placa inválida: %(value)s. Use o formato ABC-1234 ou o Mercosul ABC1D23.")


def digits(value: str) -> str:
    return _NON_DIGITS.sub("", value or "")


def normalize_cpf(value: str) -> str:
    number = digits(value)
    if len(number) != 11 or not CPF().validate(number):
        raise ValidationError(
            _("CPF inválido: %(value)s. Confira os 11 dígitos e os dígitos verificadores."),
            code="invalid_cpf",
            params={"value": value},
        )
    return number


def normalize_cnh(value: str) -> str:
    number = digits(value)
    if len(number) != 11 or not CNH().validate(number):
        raise ValidationError(
            _("Número de CNH inválido: %(value)s (dígitos verificadores não conferem)."),
            code="invalid_cnh",
            params={"value": value},
        )
    return number


def normalize_renavam(value: str) -> str:
    number = digits(value)
    if len(number) != 11 or not RENAVAM().validate(number):
        raise ValidationError(
            _("RENAVAM inválido: %(value)s (dígito verificador não confere)."),
            code="invalid_renavam",
            params={"value": value},
        )
    return number


def normalize_plate(value: str) -> str:
    """Old Brazilian plates (ABC-1234) and Mercosul ones (ABC1D23), upper case, no dash."""
    plate = re.sub(r"[^A-Za-z0-9]", "", value or "").upper()
    if not _PLATE.match(plate):
        raise ValidationError(
            PLATE_MESSAGE,
            code="invalid_plate",
            params={"value": value},
        )
    return plate


def display_plate(plate: str) -> str:
    return f"{plate[:3]}-{plate[3:]}" if _OLD_PLATE.match(plate) else plate


def format_cpf(cpf: str) -> str:
    return f"{cpf[:3]}.{cpf[3:6]}.{cpf[6:9]}-{cpf[9:]}"


def mask_cpf(cpf: str) -> str:
    """The masked form shown to anyone but the owner and staff: ***.456.789-**."""
    return f"***.{cpf[3:6]}.{cpf[6:9]}-**"


def validate_cpf(value: str) -> None:
    normalize_cpf(value)


def validate_cnh(value: str) -> None:
    normalize_cnh(value)


def validate_renavam(value: str) -> None:
    normalize_renavam(value)


def validate_plate(value: str) -> None:
    normalize_plate(value)
