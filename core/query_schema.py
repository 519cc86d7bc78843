"""Query parameters declared from the form that checks them, so the OpenAPI schema says
what the endpoint accepts (choices, lengths, ranges) from the one place that decides it."""

from __future__ import annotations

from typing import Any

from django import forms
from drf_spectacular.utils import OpenApiParameter


def _schema_of(field: forms.Field) -> dict[str, Any]:
    if isinstance(field, forms.BooleanField):
        return {"type": "boolean"}
    if isinstance(field, forms.IntegerField):
        schema: dict[str, Any] = {"type": "integer"}
        if field.min_value is not None:
            schema["minimum"] = field.min_value
        if field.max_value is not None:
            schema["maximum"] = field.max_value
        return schema
    if isinstance(field, forms.ChoiceField):
        values: list[str] = []
        for value, label in field.choices:
            # A group (optgroup) holds its own choices.
            if isinstance(label, list | tuple):
                values += [str(inner) for inner, _label in label]
            else:
                values.append(str(value))
        # An optional choice may be sent empty: the form reads it as "no filter".
        if not field.required and "" not in values:
            values.insert(0, "")
        # Kinds share state names ("filed"): each value once.
        return {"type": "string", "enum": list(dict.fromkeys(values))}
    schema = {"type": "string"}
    if getattr(field, "max_length", None):
        schema["maxLength"] = field.max_length
    return schema


def form_query_parameters(form: forms.Form) -> list[OpenApiParameter]:
    """One query parameter per field of `form` (an instance: its choices may be set in
    its __init__), typed and bounded as the form checks it."""
    return [
        OpenApiParameter(
            name,
            _schema_of(field),
            required=field.required,
            description=str(field.help_text or field.label or ""),
        )
        for name, field in form.fields.items()
    ]
