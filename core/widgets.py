"""Widgets every form uses: the browser's own date pickers, and a cheaper choice list.

The date pickers are given values in the one format they read.

`<input type="date">` takes only ISO dates (2026-12-02) whatever the page's language;
Django's DateInput writes the active locale's format (02/12/2026 in pt-BR), which the
browser discards, so a pre-filled date showed empty. Every date input is one of these.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe

ISO_DATE = "%Y-%m-%d"
ISO_LOCAL_DATETIME = "%Y-%m-%dT%H:%M"


class DateInput(forms.DateInput):
    input_type = "date"

    def __init__(self, attrs: dict[str, Any] | None = None) -> None:
        super().__init__(attrs=attrs, format=ISO_DATE)


class DateTimeInput(forms.DateTimeInput):
    input_type = "datetime-local"

    def __init__(self, attrs: dict[str, Any] | None = None) -> None:
        super().__init__(attrs=attrs, format=ISO_LOCAL_DATETIME)


class Select(forms.Select):
    """A choice list drawn in Python, as Django's template draws it.

    Django draws each <option> by including its template: the 132 options of the case
    filters (every kind's states) took 5 ms of the queue's 17 on every page (issue 25).
    The markup is the same: the widget's own context (attributes, selection, groups),
    escaped by `format_html`."""

    def render(
        self,
        name: str,
        value: Any,
        attrs: dict[str, Any] | None = None,
        renderer: Any = None,
    ) -> SafeString:
        widget = self.get_context(name, value, attrs)["widget"]
        parts = [format_html('<select name="{}"{}>', widget["name"], _attributes(widget["attrs"]))]
        for group, options, _index in widget["optgroups"]:
            if group:
                parts.append(format_html('\n  <optgroup label="{}">', group))
            parts += [
                format_html(
                    # The option's template ends with a line break: so does the markup.
                    '\n  <option value="{}"{}>{}</option>\n',
                    option["value"],
                    _attributes(option["attrs"]),
                    option["label"],
                )
                for option in options
            ]
            if group:
                parts.append("\n  </optgroup>")
        parts.append("\n</select>")
        return mark_safe("".join(parts))  # noqa: S308 — every part escaped by format_html


def _attributes(attrs: dict[str, Any]) -> SafeString:
    """Attributes in their order, as Django's attrs.html writes them: True bare, False left
    out, anything else as its text, escaped."""
    parts = [
        format_html(" {}", name) if value is True else format_html(' {}="{}"', name, str(value))
        for name, value in attrs.items()
        if value is not False
    ]
    return mark_safe("".join(parts))  # noqa: S308 — every part escaped by format_html
