"""The Pix "copia e cola" code (Banco Central's BR Code manual, EMV QRCPS-MPM)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from payments.pix import br_code, crc16, parse, txid_for


def test_crc16_ccitt_false_has_its_standard_check_value():
    assert crc16("123456789") == "29B1"


def test_the_manuals_example_is_reproduced_to_the_last_digit():
    code = br_code(
        key="123e4567-e12b-12d1-a456-426655440000", merchant_name="Fulano de Tal",
        merchant_city="BRASILIA", amount=None, txid="***",
    )

    assert code == (
        "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802"
        "BR5913Fulano de Tal6008BRASILIA62070503***63041D3D"
    )


def test_amount_names_and_txid_are_written_as_the_banks_read_them():
    code = br_code(
        key="financas@mantenopolis.es.gov.br", merchant_name="Município de Mantenópolis",
        merchant_city="Mantenópolis", amount=Decimal("187.5"), txid=txid_for("2026/000005"),
    )

    fields = parse(code)
    assert fields["54"] == "187.50"
    assert fields["59"] == "Municipio de Mantenopolis"  # no accents, at most 25 characters
    assert fields["60"] == "Mantenopolis"
    assert parse(fields["62"]) == {"05": "2026000005"}
    assert code[-4:] == crc16(code[:-4])


@pytest.mark.parametrize("amount", [Decimal("0"), Decimal("-1"), Decimal("1e12")])
def test_an_amount_no_bank_accepts_is_refused(amount):
    with pytest.raises(ValueError, match="amount"):
        br_code(key="k", merchant_name="n", merchant_city="c", amount=amount, txid="***")
