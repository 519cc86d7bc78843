"""The inputs an action asks for, as a Django form (pages) and a DRF serializer (API).

Both are built from the edge's `inputs`, so a kind declares its inputs once.
"""

from __future__ import annotations

from typing import Any

from django import forms
from rest_framework import serializers

from cases.workflow import ActionField, Edge


class _DateInput(forms.DateInput):
    input_type = "date"


class _DateTimeInput(forms.DateTimeInput):
    input_type = "datetime-local"


def _form_field(spec: ActionField) -> forms.Field:
    common: dict[str, Any] = {"label": spec.label, "required": spec.required}
    if spec.kind == "int":
        return forms.IntegerField(min_value=0, **common)
    if spec.kind == "date":
        return forms.DateField(widget=_DateInput, **common)
    if spec.kind == "datetime":
        return forms.DateTimeField(
            widget=_DateTimeInput, input_formats=["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M"], **common
        )
    if spec.kind == "choice":
        return forms.ChoiceField(choices=[("", "—"), *spec.choices], **common)
    if spec.kind == "bool":
        return forms.BooleanField(label=spec.label, required=False)
    if spec.kind == "file":
        return forms.FileField(**common)
    if spec.kind == "textarea":
        return forms.CharField(widget=forms.Textarea(attrs={"rows": 2}), **common)
    return forms.CharField(max_length=2000, **common)


def action_form(edge: Edge, data: Any = None, files: Any = None) -> forms.Form:
    fields = {spec.name: _form_field(spec) for spec in edge.inputs}
    form_class = type(f"{edge.name.title()}Form", (forms.Form,), fields)
    return form_class(data, files, prefix=None)


def _serializer_field(spec: ActionField) -> serializers.Field:
    required = spec.required
    if spec.kind == "int":
        return serializers.IntegerField(required=required, min_value=0)
    if spec.kind == "date":
        return serializers.DateField(required=required)
    if spec.kind == "datetime":
        return serializers.DateTimeField(required=required)
    if spec.kind == "choice":
        return serializers.ChoiceField(choices=list(spec.choices), required=required)
    if spec.kind == "bool":
        return serializers.BooleanField(required=False, default=False)
    if spec.kind == "file":
        return serializers.FileField(required=required)
    return serializers.CharField(required=required, allow_blank=not required, max_length=2000)


def action_serializer(edge: Edge, data: Any) -> serializers.Serializer:
    fields: dict[str, serializers.Field] = {
        "note": serializers.CharField(required=False, allow_blank=True, default="")
    }
    fields.update({spec.name: _serializer_field(spec) for spec in edge.inputs})
    serializer_class = type(f"{edge.name.title()}Input", (serializers.Serializer,), fields)
    return serializer_class(data=data)


def split_note(values: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """The note goes to the audit event; the other inputs to the service."""
    rest = {k: v for k, v in values.items() if k != "note" and v not in (None, "")}
    return str(values.get("note") or ""), rest
