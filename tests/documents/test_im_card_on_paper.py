"""Arts. 17, 18: the IM card issued at homologation prints its IM's number in the form the
register and the verification page know, the holder's address, the validity and its code."""

from __future__ import annotations

import datetime as dt

import pytest
import time_machine

from documents.codes import verification_code_display
from documents.models import OfficialDocument
from tests.documents.helpers import pdf_text
from tests.documents.paper import SP, application_homologated, rendered

pytestmark = pytest.mark.django_db

Kind = OfficialDocument.Kind
TODAY = dt.date(2026, 6, 15)


@pytest.fixture
def granted():
    with time_machine.travel(dt.datetime(2026, 6, 15, 11, tzinfo=SP), tick=False):
        yield application_homologated(today=TODAY)


def test_art_17_i_card_number_is_the_im_number_of_the_register(granted):
    document = rendered(granted.case, Kind.IM_CARD)
    text = pdf_text(document)

    assert document.number == granted.registration.number == "IM-2026/00001"
    assert "Cartão da Inscrição Municipal (IM) Nº IM-2026/00001" in text
    assert "INSCRIÇÃO MUNICIPAL Nº IM-2026/00001" in text  # the card's big number
    assert "IM-2026/000001" not in text


def test_art_17_ii_to_v_card_prints_holder_address_vehicle_validity_and_code(granted):
    document = rendered(granted.case, Kind.IM_CARD)
    text = pdf_text(document)
    vehicle = granted.registration.vehicle

    assert "Taxista Maria das Graças Souza" in text
    assert "Endereço Rua Espírito Santo, 45 — Centro, Mantenópolis" in text
    assert vehicle.display_plate in text
    assert "Válida de 15/06/2026 a 14/06/2027" in text
    assert "Termo de Autorização TA-0001/2026" in text
    assert f"Código de verificação: {verification_code_display(document.verification_code)}" in text
