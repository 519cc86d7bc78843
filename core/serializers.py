"""Serializer helpers."""

from __future__ import annotations

import copy
from typing import Any


class FieldsBuiltOnce:
    """Mixed into a ModelSerializer (before it): its fields are built from the model once
    per class and copied for each instance.

    DRF introspects the model's fields for every serializer instance: every request, and
    every nested serializer within it (about a millisecond each, a tenth of the case API's
    time; issue 13). What it builds depends only on the class (its Meta and declared
    fields), and a copy is what DRF itself gives each instance of the declared ones.
    """

    def get_fields(self) -> dict[str, Any]:
        cls = type(self)
        built = cls.__dict__.get("_fields_built")
        if built is None:
            built = super().get_fields()  # type: ignore[misc]
            cls._fields_built = built  # type: ignore[attr-defined]
        return copy.deepcopy(built)
