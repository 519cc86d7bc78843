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
from typing import Any, ClassVar

from django.forms import Select
from django.forms.renderers import DjangoTemplates
from django.utils.choices import BaseChoiceIterator
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

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


class FixedChoices(BaseChoiceIterator):
    """A list of choices built once (per language) and given as it is to every form that
    offers it. Django normalizes a plain list at each assignment to a field, walking every
    option: for the queue's filter, a millisecond per request."""

    def __init__(self, choices: Any) -> None:
        self._choices = tuple(choices)

    def __iter__(self) -> Any:
        return iter(self._choices)

    def __len__(self) -> int:
        return len(self._choices)

    # One list built once is the same list: a key for the lists FixedListSelect wrote.
    __eq__ = object.__eq__
    __hash__ = object.__hash__


_NOTHING_CHOSEN = "\x00"  # no option has it: the list as written, with nothing marked


class FixedListSelect(Select):
    """A select over a long list that does not change while the process runs (every
    state of every kind): written once per language, list and attributes, and at each
    render only the chosen option is marked. Django builds every option afresh (a dict, a
    copy of its attributes and an escape each), which for the queue's filter was most of
    the form's cost. The HTML is Django's (tests/web/test_widget_rendering.py)."""

    _written: ClassVar[dict[tuple[Any, ...], str]] = {}

    def render(
        self,
        name: str,
        value: Any,
        attrs: dict[str, Any] | None = None,
        renderer: Any = None,
    ) -> SafeString:
        final_attrs = self.build_attrs(self.attrs, attrs)
        choices: Any = self.choices
        if not isinstance(choices, FixedChoices):  # built once: it is its own key
            choices = tuple(
                (str(group), tuple((str(v), str(label)) for v, label in options))
                if isinstance(options, (list, tuple))
                else (str(group), str(options))
                for group, options in choices
            )
        key = (get_language(), name, tuple(sorted(final_attrs.items())), choices)
        html = self._written.get(key)
        if html is None:
            html = str(super().render(name, _NOTHING_CHOSEN, attrs, renderer))
            if len(self._written) < 64:
                self._written[key] = html
        chosen = [v for v in self.format_value(value) if v != ""]
        for wanted in chosen[:1]:
            plain = format_html('<option value="{}">', wanted)
            html = html.replace(plain, plain[:-1] + " selected>", 1)
        if not chosen:
            # Django marks the empty choice when nothing else is chosen.
            html = html.replace('<option value="">', '<option value="" selected>', 1)
        return mark_safe(html)  # noqa: S308 — written by Django's widget, escaped
