"""Which actions of the case page ask "are you sure?" (issue 10 point 6).

The question itself is asked by site.js in the browser (tests/browser/
test_decisive_action_confirmation.py); here, which forms carry it.
"""

from __future__ import annotations

import re

import pytest

from cases.services.transitions import case_claim
from tests.factories import SuspensionCaseFactory

pytestmark = pytest.mark.django_db


def _confirmed_actions(html: str) -> dict[str, bool]:
    """Action name -> whether its form carries data-confirm."""
    out = {}
    for form in re.findall(r"<form[^>]*/acao/[^>]*>", html):
        action = re.search(r"/acao/([\w-]+)/", form).group(1)  # type: ignore[union-attr]
        out[action] = "data-confirm=" in form
    return out


def test_art_24_the_mayors_decisions_ask_first(client, mayor):
    case = SuspensionCaseFactory(awaiting_decision=True)
    client.force_login(mayor)
    html = client.get(f"/processos/{case.pk}/").content.decode()
    forms = _confirmed_actions(html)
    assert forms["approve"] is True and forms["deny"] is True
    assert 'data-confirm="Confirmar: Deferir a suspensão? Esta ação é definitiva."' in html


def test_art_24_par_1_accepting_asks_first_asking_for_a_correction_does_not(client, clerk):
    case = SuspensionCaseFactory()
    case_claim(case=case, actor=clerk)
    client.force_login(clerk)
    forms = _confirmed_actions(client.get(f"/processos/{case.pk}/").content.decode())
    assert forms["accept"] is True
    assert forms["reject"] is True  # a refusal (style "danger")
    assert forms["ask_correction"] is False  # nothing decided: the driver resubmits
