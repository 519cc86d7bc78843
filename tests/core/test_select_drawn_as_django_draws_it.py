"""The choice list drawn in Python (core.widgets.Select, issue 25: the case filters' 132
options cost 5 ms a page through Django's templates) is the markup Django draws: the same
bytes for plain and grouped choices, any selection, attributes and hostile labels."""

from __future__ import annotations

import pytest
from django import forms

from core.widgets import Select
from workspace.forms import kind_filter_choices, state_choices

HOSTILE = '<script>alert("x")</script> & \'aspas\''

CHOICES = {
    "plain": [("", "Todos"), ("me", "Comigo"), ("none", "Sem responsável")],
    "grouped": [
        ("", "Todas"),
        ("Suspensão", [("filed", "Protocolado"), ("granted", "Deferido")]),
        (HOSTILE, [(HOSTILE, HOSTILE), ("1", 1)]),
    ],
    "kinds": kind_filter_choices(),
    "states": state_choices(),
}


@pytest.mark.parametrize("choices", CHOICES.values(), ids=CHOICES.keys())
@pytest.mark.parametrize("value", ["", "me", "granted", HOSTILE, None, ["x"]])
@pytest.mark.parametrize(
    "attrs", [None, {"id": "id_state"}, {"required": True, "disabled": False, "data-x": HOSTILE}]
)
def test_the_same_markup_as_djangos(choices, value, attrs):
    ours = Select(choices=choices).render("state", value, attrs=attrs)
    djangos = forms.Select(choices=choices).render("state", value, attrs=attrs)
    assert ours == djangos


def test_a_form_field_with_it_renders_the_selection(settings):
    class Filter(forms.Form):
        state = forms.ChoiceField(choices=CHOICES["grouped"], required=False, widget=Select)

    html = str(Filter({"state": "granted"})["state"])
    assert '<option value="granted" selected>Deferido</option>' in html
    assert "<script>" not in html
