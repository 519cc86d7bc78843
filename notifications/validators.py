"""Correios registered-post tracking codes (UPU S10: AA123456785BR)."""

from __future__ import annotations

import re

from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

_S10 = re.compile(r"^([A-Z]{2})(\d{8})(\d)([A-Z]{2})$")
_WEIGHTS = (8, 6, 4, 2, 3, 5, 9, 7)


def s10_check_digit(serial: str) -> int:
    remainder = sum(int(d) * w for d, w in zip(serial, _WEIGHTS, strict=True)) % 11
    check = 11 - remainder
    if check == 10:
        return 0
    if check == 11:
        return 5
    return check


def normalize_tracking_code(value: str) -> str:
    code = re.sub(r"\s", "", value or "").upper()
    match = _S10.match(code)
    if not match or s10_check_digit(match.group(2)) != int(match.group(3)):
        raise ValidationError(
            _(
                "Código de rastreamento inválido: %(value)s. Use o formato dos Correios "
                "(ex.: JT123456785BR) com o dígito verificador correto."
            ),
            code="invalid_tracking_code",
            params={"value": value},
        )
    return code
