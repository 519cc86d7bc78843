"""API fields of the registers, stated in the schema as they are checked."""

from __future__ import annotations

from typing import Any

from django.core.validators import RegexValidator
from rest_framework import serializers
from rest_framework.fields import empty

from registers.validators import PLATE_MESSAGE, PLATE_WRITTEN, normalize_plate


class PlateField(serializers.CharField):
    """A vehicle's plate, old (ABC-1234) or Mercosul (ABC1D23): the schema's `pattern` is
    `PLATE_WRITTEN` (drf-spectacular reads it off the validator), checked on the value as
    sent (spaces around it are not trimmed away, so the value the schema refuses is
    refused), and read normalised (ABC1234), as the registers keep it."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("max_length", 8)
        kwargs["trim_whitespace"] = False
        super().__init__(**kwargs)
        self.validators.append(
            RegexValidator(
                PLATE_WRITTEN,
                # normalize_plate's own message, so the page and the API say the same.
                message=PLATE_MESSAGE,
                code="invalid_plate",
            )
        )

    def run_validation(self, data: Any = empty) -> Any:
        value = super().run_validation(data)
        return normalize_plate(value) if value else value
