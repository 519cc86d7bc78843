"""The selects, inputs and text areas the pages show are written by web.form_renderer
exactly as Django's own templates would write them (the renderer only makes them cheaper,
issue 13)."""

from __future__ import annotations

import re

import pytest
from django import forms
from django.forms.renderers import DjangoTemplates

from web.form_renderer import FormRenderer
from web.forms import QueueFilterForm


class _Choices(forms.Form):
    plain = forms.ChoiceField(choices=[("", "Todos"), ("a", "Ação <b>"), ("b", 'Aspas "x"')])
    grouped = forms.ChoiceField(
        choices=[("Grupo & um", [("1", "Um"), ("2", "Dois")]), ("3", "Três")],
        widget=forms.Select(attrs={"data-x": "y", "disabled": True, "hidden": False}),
    )
    many = forms.MultipleChoiceField(choices=[(1, "Um"), (2, "Dois"), (3, "Três")])
    optional = forms.TypedChoiceField(choices=[(None, "—"), (7, "Sete")], required=False)
    text = forms.CharField(max_length=20, widget=forms.TextInput(attrs={"placeholder": 'a"b'}))
    number = forms.DecimalField(min_value=0, required=False)
    day = forms.DateField(widget=forms.DateInput(attrs={"type": "date"}))
    when = forms.DateTimeField(widget=forms.DateTimeInput(attrs={"type": "datetime-local"}))
    upload = forms.FileField(required=False)
    agree = forms.BooleanField(required=False)
    secret = forms.CharField(widget=forms.HiddenInput, initial="<x>")
    note = forms.CharField(widget=forms.Textarea(attrs={"rows": 2}), required=False)


def _normalized(html: str) -> str:
    return re.sub(r">\s+<", "><", html.strip())


@pytest.mark.parametrize(
    "data",
    [
        None,
        {
            "plain": "a", "grouped": "2", "many": ["1", "3"], "optional": "7",
            "text": "<b>&amp;", "number": "1e999", "day": "2026-02-30",
            "when": "2026-12-01T10:00", "agree": "on", "secret": "'quoted'",
            "note": "linha 1\n<script>",
        },
    ],
    ids=["unbound", "bound with values, some invalid"],
)
def test_every_widget_is_written_as_djangos_templates_write_it(data):
    for name in _Choices.base_fields:
        ours = _Choices(data, renderer=FormRenderer())[name]
        django = _Choices(data, renderer=DjangoTemplates())[name]
        assert _normalized(str(ours)) == _normalized(str(django))


@pytest.mark.django_db
def test_the_queue_filter_renders_as_before_with_a_state_chosen():
    data = {"kind": "suspension", "state": "suspension:in_effect", "urgency": "week"}
    ours = str(QueueFilterForm(data, renderer=FormRenderer()))
    django = str(QueueFilterForm(data, renderer=DjangoTemplates()))
    assert _normalized(ours) == _normalized(django)
    assert "selected" in ours


@pytest.mark.django_db
@pytest.mark.parametrize(
    "data",
    [
        None,
        {},
        {"state": ""},
        {"kind": "suspension", "state": "in_effect"},
        {"kind": "nope", "state": "<script>"},
        {"state": "filed", "assignee": "me"},
    ],
    ids=["unbound", "empty", "blank state", "chosen", "unknown values", "a state many kinds share"],
)
def test_the_long_lists_written_once_mark_the_option_django_would(data):
    from django.utils import translation

    for language in ("pt-br", "en"):
        with translation.override(language):
            for _ in range(2):  # written, then read from what was written
                ours = QueueFilterForm(data, renderer=FormRenderer())
                django = QueueFilterForm(data, renderer=DjangoTemplates())
                for name in ("kind", "state"):
                    # Django's own select in its place, every option written afresh.
                    field = django.fields[name]
                    field.widget = forms.Select(choices=field.choices, attrs=field.widget.attrs)
                    assert _normalized(str(ours[name])) == _normalized(str(django[name]))
