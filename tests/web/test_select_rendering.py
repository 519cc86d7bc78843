"""The selects the pages show are written by web.form_renderer exactly as Django's own
templates would write them (the renderer only makes them cheaper, issue 13)."""

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


def _normalized(html: str) -> str:
    return re.sub(r">\s+<", "><", html.strip())


@pytest.mark.parametrize(
    "data",
    [None, {"plain": "a", "grouped": "2", "many": ["1", "3"], "optional": "7"}],
    ids=["unbound", "bound with choices made"],
)
def test_every_select_is_written_as_djangos_templates_write_it(data):
    for name in ("plain", "grouped", "many", "optional"):
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
