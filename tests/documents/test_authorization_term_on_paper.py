"""Art. 22: the Termo de Autorização issued at homologation prints its authorization's
number (one number, not two), the holder's address, the grant date and its code."""

from __future__ import annotations

import datetime as dt

import pytest
import time_machine

from documents.codes import verification_code_display
from documents.models import OfficialDocument
from registers.validators import format_cpf
from tests.documents.helpers import pdf_text
from tests.documents.paper import SP, application_homologated, rendered

pytestmark = pytest.mark.django_db

Kind = OfficialDocument.Kind
TODAY = dt.date(2026, 6, 15)


@pytest.fixture
def granted():
    with time_machine.travel(dt.datetime(2026, 6, 15, 11, tzinfo=SP), tick=False):
        yield application_homologated(today=TODAY)


def test_art_22_termo_number_is_the_authorization_number_only(granted):
    document = rendered(granted.case, Kind.AUTHORIZATION_TERM)
    text = pdf_text(document)

    assert document.number == granted.authorization.number == "TA-0001/2026"
    assert "Termo de Autorização Nº TA-0001/2026" in text
    assert "Número do termo TA-0001/2026" in text
    # The document series' number of the past (TA-2026/000001) is printed nowhere.
    assert "TA-2026/" not in text


def test_art_22_termo_prints_holder_address_cpf_grant_date_and_code(granted):
    document = rendered(granted.case, Kind.AUTHORIZATION_TERM)
    text = pdf_text(document)
    holder = granted.authorization.holder

    assert "Nome Maria das Graças Souza" in text
    assert f"CPF {format_cpf(holder.cpf)}" in text
    assert "Endereço Rua Espírito Santo, 45 — Centro, Mantenópolis — CEP 29770-000" in text
    assert "Outorgada em 15/06/2026" in text
    assert "emitido em 15/06/2026" in text
    assert f"Código de verificação: {verification_code_display(document.verification_code)}" in text
