"""Arts. 52, 55 II, 59, 63 §1: the appeal's decision on paper, and what it keeps of the
penalty told in full — in the decision, in its registered letter and in its e-mail."""

from __future__ import annotations

import pytest

from documents.codes import verification_code_display
from documents.models import OfficialDocument
from notifications.models import Notification
from tests.documents.helpers import pdf_text
from tests.documents.paper import appeal_denied, rendered

pytestmark = pytest.mark.django_db

Kind = OfficialDocument.Kind


@pytest.fixture
def denied_appeal():
    return appeal_denied()


def test_art_52_decision_prints_appellant_dates_number_and_code(denied_appeal):
    document = rendered(denied_appeal, Kind.APPEAL_DECISION)
    text = pdf_text(document)

    assert document.number == "DR-2026/000001"
    assert "Decisão de recurso Nº DR-2026/000001" in text
    assert f"Processo {denied_appeal.number}" in text
    assert "Recorrente José Carlos Ferreira" in text
    assert f"Auto de Infração {denied_appeal.notice.number}" in text
    assert "Decidido em 20/04/2026" in text
    assert f"Código de verificação: {verification_code_display(document.verification_code)}" in text


def test_art_59_decision_states_the_penalty_kept_in_full(denied_appeal):
    text = pdf_text(rendered(denied_appeal, Kind.APPEAL_DECISION))

    assert "Multa: 150,00 VRTE = R$ 709,97 (VRTE de 2026: R$ 4,7331; Arts. 54 e 57)." in text
    assert "Pontos: 5 pontos no cadastro do condutor (Art. 56)." in text
    assert "Suspensão da autorização por 30 dias" in text
    assert "Impedimento de circulação do veículo por até 90 dias" in text


def test_art_63_par_1_decision_lists_the_periods_now_served_with_their_dates(denied_appeal):
    text = pdf_text(rendered(denied_appeal, Kind.APPEAL_DECISION))

    assert "Penalidades em vigor a partir desta decisão (Art. 63 §1):" in text
    assert "Suspensão da autorização por 30 dias de 20/04/2026 a 19/05/2026, inclusive," in text


def test_art_63_par_1_decision_letter_gives_the_suspension_and_impediment_dates(denied_appeal):
    letter = rendered(denied_appeal, Kind.REGISTERED_LETTER)
    text = pdf_text(letter)

    # The penalty stands from the judgment (Art. 63 §1): 30 days from 20/04/2026.
    assert "José Carlos Ferreira Rua das Acácias, 45 Vila Nova — Mantenópolis" in text
    assert "Mantenópolis, 20/04/2026." in text
    assert "Suspensão da autorização por 30 dias de 20/04/2026 a 19/05/2026, inclusive," in text
    assert "Impedimento de circulação do veículo por até 90 dias de 20/04/2026 a 18/07/2026" in text
    assert "R$ 709,97" in text


def test_art_63_par_1_decision_email_states_the_penalty_in_full(denied_appeal):
    mail = Notification.objects.get(
        case=denied_appeal, channel=Notification.Channel.EMAIL, template="appeal_decided"
    )

    assert "Penalidades em vigor a partir desta decisão (Art. 63 §1):" in mail.body
    assert "- Multa: 150,00 VRTE = R$ 709,97" in mail.body
    assert "- Pontos: 5 pontos no cadastro do condutor (Art. 56)." in mail.body
    assert "- Suspensão da autorização por 30 dias de 20/04/2026 a 19/05/2026" in mail.body
