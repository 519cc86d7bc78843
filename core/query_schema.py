"""Query parameters declared from the form that checks them, so the OpenAPI schema says
what the endpoint accepts (choices, lengths, ranges, days, patterns) from the one place
that decides it.

`form_query_parameters` states a form's fields as query parameters; `query_form` reads a
query with that form and refuses (400, by parameter) what the statement refuses before
the form sees it: a form is lenient where a page needs it to be (it trims spaces, reads
"1.0" as an integer and any word as a ticked box), the schema is not, and a client that
reads the schema must be told the truth (issue 20 point 5).
"""

from __future__ import annotations

import re
from typing import Any, TypeVar

from django import forms
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter
from rest_framework import serializers

from core.dates import iso_day

F = TypeVar("F", bound=forms.Form)

# The spellings of a boolean a client may send (and OpenAPI tools read as one).
TRUE = frozenset({"true", "t", "yes", "y", "on", "1"})
FALSE = frozenset({"false", "f", "no", "n", "off", "0"})
INTEGER = re.compile(r"[+-]?[0-9]+")


def _pattern_of(field: forms.RegexField) -> str:
    """The field's regular expression as ECMA-262 writes it (anchors `^` and `$`)."""
    return field.regex.pattern.replace(r"\A", "^").replace(r"\Z", "$")


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
    if isinstance(field, forms.DateField):
        return {"type": "string", "format": "date"}
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
    if isinstance(field, forms.RegexField):
        schema["pattern"] = _pattern_of(field)
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


def _as_stated(field: forms.Field, raw: str) -> tuple[str, str]:
    """`raw` as the form should read it, and why the schema refuses it ("" if it does
    not). What the schema states and the form checks too (choices, bounds) is left to
    the form's own message."""
    if isinstance(field, forms.BooleanField):
        if raw.lower() in TRUE:
            return "true", ""
        if raw.lower() in FALSE:
            return "false", ""
        return raw, _("Use true ou false.")
    if isinstance(field, forms.IntegerField):
        return raw, "" if INTEGER.fullmatch(raw) else _("Número inteiro inválido.")
    if isinstance(field, forms.DateField):
        try:
            iso_day(raw)
        except ValueError:
            return raw, _("Data inválida: use AAAA-MM-DD.")
        return raw, ""
    if isinstance(field, forms.RegexField) and not field.regex.search(raw):
        return raw, str(field.error_messages["invalid"])
    limit = getattr(field, "max_length", None)
    if limit and len(raw) > limit:
        # Counted before the form trims the spaces around it.
        return raw, _("Texto longo demais: no máximo %(limit)d caracteres.") % {"limit": limit}
    return raw, ""


def query_form(form_class: type[F], query: Any, **kwargs: Any) -> F:
    """`form_class` bound to the query and valid, or a 400 naming each parameter the
    schema `form_query_parameters` states refuses (sent twice, not of its type, day or
    pattern, too long) or the form refuses.

    `query` is a QueryDict (DRF's `request.query_params`); parameters the form does not
    declare are not read, so they are not checked."""
    errors: dict[str, list[str]] = {}
    data: dict[str, str] = {}
    for name, field in form_class(**kwargs).fields.items():
        values = query.getlist(name)
        if not values:
            continue
        if len(values) > 1:
            errors[name] = [_("Informe este parâmetro uma vez só.")]
            continue
        data[name], problem = _as_stated(field, values[0])
        if problem:
            errors[name] = [problem]
    if not errors:
        form = form_class(data, **kwargs)
        if form.is_valid():
            return form
        errors = {name: list(messages) for name, messages in form.errors.items()}
    # The API's one error body (README, "What the API promises"), with `fields`.
    raise serializers.ValidationError(errors)
