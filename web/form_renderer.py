"""The forms' renderer: Django's own, except that selects, inputs and text areas are
written in Python.

Django renders each widget through two or three templates (the widget, its input and its
attributes; a select, each option too). The queue's and the search's filters offer every
state of every kind, and the case page an input per action: rendering them cost more than
the rest of those pages together (bench/, issue 13). The HTML is the same as Django's
templates write (tests/web/test_widget_rendering.py); every other widget keeps its
template.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.forms.renderers import DjangoTemplates
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString, mark_safe

SELECT_TEMPLATES = frozenset(
    {"django/forms/widgets/select.html", "django/forms/widgets/select_multiple.html"}
)
# The widgets whose template is only `{% include "django/forms/widgets/input.html" %}`.
INPUT_TEMPLATES = frozenset(
    f"django/forms/widgets/{name}.html"
    for name in (
        "input", "text", "number", "email", "url", "password", "hidden", "date", "datetime",
        "time", "file", "checkbox", "search", "tel", "color",
    )
)
TEXTAREA_TEMPLATE = "django/forms/widgets/textarea.html"


def _attrs(attrs: Mapping[str, Any]) -> str:
    """As django/forms/widgets/attrs.html: False left out, True as a bare name."""
    parts = []
    for name, value in attrs.items():
        if value is False:
            continue
        if value is True:
            parts.append(format_html(" {}", name))
        else:
            parts.append(format_html(' {}="{}"', name, str(value)))
    return "".join(parts)


def select_html(widget: Mapping[str, Any]) -> SafeString:
    out = [format_html('<select name="{}"', widget["name"]), _attrs(widget["attrs"]), ">"]
    for group_name, options, _index in widget["optgroups"]:
        if group_name:
            out.append(format_html('\n  <optgroup label="{}">', group_name))
        for option in options:
            out.append(
                format_html('\n  <option value="{}"', str(option["value"]))
                + _attrs(option["attrs"])
                + ">"
                + conditional_escape(option["label"])
                + "</option>"
            )
        if group_name:
            out.append("\n  </optgroup>")
    out.append("\n</select>")
    return mark_safe("".join(out))  # noqa: S308 — every piece above is escaped


def input_html(widget: Mapping[str, Any]) -> SafeString:
    value = widget["value"]
    shown = "" if value is None else format_html(' value="{}"', str(value))
    return mark_safe(  # noqa: S308 — every piece is escaped
        format_html('<input type="{}" name="{}"', widget["type"], widget["name"])
        + shown
        + _attrs(widget["attrs"])
        + ">"
    )


def textarea_html(widget: Mapping[str, Any]) -> SafeString:
    value = widget["value"]
    return mark_safe(  # noqa: S308 — every piece is escaped
        format_html('<textarea name="{}"', widget["name"])
        + _attrs(widget["attrs"])
        + ">\n"
        + (conditional_escape(value) if value else "")
        + "</textarea>"
    )


class FormRenderer(DjangoTemplates):
    def render(self, template_name: str, context: dict[str, Any], request: Any = None) -> str:
        if template_name in SELECT_TEMPLATES:
            return select_html(context["widget"])
        if template_name in INPUT_TEMPLATES:
            return input_html(context["widget"])
        if template_name == TEXTAREA_TEMPLATE:
            return textarea_html(context["widget"])
        return super().render(template_name, context, request=request)
