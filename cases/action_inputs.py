"""The inputs an action asks for, as a Django form (pages) and a DRF serializer (API).

Both are built from the edge's `inputs`, so a kind declares its inputs once, and every
input is bounded here once: numbers within what the database column holds (NaN, Infinity,
`1e999` and twenty-digit amounts answer 400, never a 500 nor a stored value the
application cannot read back), text within a length a person could have typed.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django import forms
from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language
from rest_framework import serializers

from cases.errors import RuleViolation
from cases.workflow import ActionField, Edge
from core.dates import ACTED_ON, MAY_PREDATE_THE_LAW, LegalDateField, LegalDateTimeField
from core.widgets import DateInput, DateTimeInput

# A one-line input (a name, a number, a reference) and a free text (a reason, a note).
TEXT_MAX = 2000
TEXTAREA_MAX = 5000
# Counts (days, items): well inside a 32-bit column on every database we run on.
INT_MAX = 1_000_000
DECIMAL_PLACES = 2
# Inputs that carry a reason, whatever box the page draws for them.
REASON_NAMES = frozenset({"note", "reason", "reasons"})


def _text_max(spec: ActionField) -> int:
    return TEXTAREA_MAX if spec.kind == "textarea" or spec.name in REASON_NAMES else TEXT_MAX


# A date anyone types for a case: the one bound of core.dates (a typo like 01/01/0001 or
# 31/12/9999 is refused at the door; each service has its own rules).
plausible_date = MAY_PREDATE_THE_LAW


def _money_text(value: Any) -> Any:
    """An amount as typed at the counter ("1.234,56" or "1234.56") in the dot notation."""
    if isinstance(value, str) and "," in value:
        return value.strip().replace(".", "").replace(",", ".")
    return value


class MoneyFormField(forms.DecimalField):
    def to_python(self, value: Any) -> Decimal | None:
        return super().to_python(_money_text(value))


class MoneySerializerField(serializers.DecimalField):
    def to_internal_value(self, data: Any) -> Decimal:
        return super().to_internal_value(_money_text(data))


def _form_field(spec: ActionField) -> forms.Field:
    common: dict[str, Any] = {"label": spec.label, "required": spec.required}
    if spec.kind == "int":
        return forms.IntegerField(min_value=0, max_value=INT_MAX, **common)
    if spec.kind == "decimal":
        # A text box: clerks type amounts as on paper ("1.125,50"), which a number box refuses.
        return MoneyFormField(
            min_value=0,
            max_digits=spec.max_digits,
            decimal_places=DECIMAL_PLACES,
            widget=forms.TextInput(attrs={"inputmode": "decimal"}),
            **common,
        )
    if spec.kind == "date":
        return forms.DateField(widget=DateInput, validators=[plausible_date], **common)
    if spec.kind == "datetime":
        return forms.DateTimeField(
            widget=DateTimeInput,
            input_formats=["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M"],
            validators=[plausible_date],
            **common,
        )
    if spec.kind == "choice":
        return forms.ChoiceField(choices=[("", "—"), *spec.choices], **common)
    if spec.kind == "bool":
        return forms.BooleanField(label=spec.label, required=False)
    if spec.kind == "file":
        return forms.FileField(**common)
    if spec.kind == "password":
        # The actor's password, confirming and signing the act (documents.signing.keys);
        # never written back into the page.
        return forms.CharField(
            widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
            max_length=TEXT_MAX,
            strip=False,
            error_messages=_required_message(spec),
            **common,
        )
    if spec.kind == "textarea":
        return forms.CharField(
            widget=forms.Textarea(attrs={"rows": 2}), max_length=TEXTAREA_MAX, **common
        )
    return forms.CharField(max_length=_text_max(spec), **common)


def _required_message(spec: ActionField) -> dict[str, Any]:
    return {"required": spec.required_message} if spec.required_message else {}


def action_form(edge: Edge, data: Any = None, files: Any = None) -> forms.Form:
    fields = {spec.name: _form_field(spec) for spec in edge.inputs}
    form_class = type(f"{edge.name.title()}Form", (forms.Form,), fields)
    # Each action's inputs get ids of their own: a page shows several actions' forms, and
    # two "note" inputs must not share one id.
    return form_class(data, files, prefix=None, auto_id=f"id_{edge.name}_%s")


_fields_written: dict[tuple[int, str | None], tuple[Edge, SafeString]] = {}


def action_fields_html(edge: Edge) -> SafeString:
    """The inputs of an action's form as a page writes them (cases/action_fields.html).

    An action's empty form is the same on every case: it is built (a form class made at
    run time, then its fields written through their widgets) and written once per action
    and language, not on every page showing it (bench/, issue 13)."""
    key = (id(edge), get_language())
    written = _fields_written.get(key)
    if written is None or written[0] is not edge:
        html = render_to_string("cases/action_fields.html", {"form": action_form(edge)})
        written = (edge, mark_safe(html))  # noqa: S308 -- rendered by the template engine
        _fields_written[key] = written
    return written[1]


def _serializer_field(spec: ActionField) -> serializers.Field:
    required = spec.required
    if spec.kind == "int":
        return serializers.IntegerField(required=required, min_value=0, max_value=INT_MAX)
    if spec.kind == "decimal":
        return MoneySerializerField(
            required=required,
            allow_null=not required,
            min_value=Decimal(0),
            max_digits=spec.max_digits,
            decimal_places=DECIMAL_PLACES,
        )
    # A date bound to a fact of the case is refused before it, naming the field (issue 19).
    bound = plausible_date.after(spec.after, spec.after_label) if spec.after else plausible_date
    if spec.kind == "date":
        return LegalDateField(bound=bound, required=required)
    if spec.kind == "datetime":
        return LegalDateTimeField(bound=bound, required=required)
    if spec.kind == "choice":
        return serializers.ChoiceField(choices=list(spec.choices), required=required)
    if spec.kind == "bool":
        return serializers.BooleanField(required=False, default=False)
    if spec.kind == "file":
        return serializers.FileField(required=required)
    if spec.kind == "password":
        return serializers.CharField(
            required=required,
            allow_blank=not required,
            max_length=TEXT_MAX,
            trim_whitespace=False,
            write_only=True,
            style={"input_type": "password"},
            error_messages={
                **_required_message(spec),
                **({"blank": spec.required_message} if spec.required_message else {}),
            },
        )
    if spec.kind == "textarea":
        return serializers.CharField(
            required=required, allow_blank=not required, max_length=TEXTAREA_MAX
        )
    return serializers.CharField(
        required=required, allow_blank=not required, max_length=_text_max(spec)
    )


def action_serializer(edge: Edge, data: Any, *, case: Any = None) -> serializers.Serializer:
    fields: dict[str, serializers.Field] = {
        "note": serializers.CharField(
            required=False, allow_blank=True, default="", max_length=TEXTAREA_MAX
        )
    }
    fields.update({spec.name: _serializer_field(spec) for spec in edge.inputs})
    serializer_class = type(f"{edge.name.title()}Input", (serializers.Serializer,), fields)
    # The case acted on: the facts its dates are bound to are read on it.
    return serializer_class(data=data, context={ACTED_ON: case})


def split_note(values: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """The note goes to the audit event; the other inputs to the service."""
    rest = {k: v for k, v in values.items() if k != "note" and v not in (None, "")}
    return str(values.get("note") or ""), rest


def input_valid(serializer: serializers.Serializer, articles: dict[str, str]) -> dict[str, Any]:
    """The validated data, or a RuleViolation naming the first bad field and its article."""
    if serializer.is_valid():
        return dict(serializer.validated_data)

    def text(errors: Any) -> str:
        return " ".join(str(e) for e in errors) if isinstance(errors, list) else str(errors)

    field, errors = next(iter(serializer.errors.items()))
    raise RuleViolation(
        f"{field}: {text(errors)}",
        article=articles.get(field, ""),
        code="invalid_input",
        fields={name: [text(errs)] for name, errs in serializer.errors.items()},
    )
