"""Each action the clerk may take is a form of its own on the case page, its inputs written
once per action and language (cases.action_inputs.action_fields_html): in the reader's
language, and with ids no other form on the page uses."""

from __future__ import annotations

import collections
import re

import pytest

from tests.factories import SuspensionCaseFactory

pytestmark = pytest.mark.django_db


def test_every_action_form_has_its_own_inputs_in_the_readers_language(client, clerk):
    case = SuspensionCaseFactory()
    client.force_login(clerk)
    page = client.get(f"/processos/{case.pk}/").content.decode()
    ids = collections.Counter(re.findall(r' id="([^"]+)"', page))
    assert [i for i, n in ids.items() if n > 1] == []
    # "Pedir correção" and "Indeferir" (Art. 24 §1) both ask for a reason.
    assert '<label>Motivo<br><input type="text" name="note" maxlength="5000" required ' in page
    assert 'id="id_ask_correction_note"' in page and 'id="id_reject_note"' in page
    english = client.get(f"/processos/{case.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "<label>Reason<br>" in english and "<label>Motivo<br>" not in english
