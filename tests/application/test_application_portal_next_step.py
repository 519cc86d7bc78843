"""Issue 24 §1: the portal names who acts next on an application (Art. 10)."""

from __future__ import annotations

import pytest

from cases.services.transitions import case_act
from tests.application.journey import filed
from tests.web.portal_helpers import portal_text

pytestmark = pytest.mark.django_db


def test_art_10_a_correction_asked_is_the_applicants_turn_not_the_secretarias(
    client, applicant_user, clerk, today
):
    """Issue 24 §1: "Aguardando correção de documentos" said "Aguardando a Secretaria"."""
    case = filed(applicant_user, today=today)
    assert "Aguardando a Secretaria" in portal_text(client, applicant_user, "open-cases")
    case_act(
        case=case,
        action="review_document",
        actor=clerk,
        item="cnh",
        decision="reject",
        note="Ilegível",
    )
    case_act(case=case, action="ask_correction", actor=clerk, note="Envie a CNH legível")

    text = portal_text(client, applicant_user, "open-cases")
    assert "Sua vez: Reenviar corrigido" in text
    assert "Aguardando a Secretaria" not in text
