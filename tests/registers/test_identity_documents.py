"""CPF, CNH and RENAVAM check digits are verified; plates are normalised (Art. 10)."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from registers.validators import (
    display_plate,
    mask_cpf,
    normalize_cnh,
    normalize_cpf,
    normalize_plate,
    normalize_renavam,
)


def test_a_cpf_with_right_check_digits_is_normalised_to_digits():
    assert normalize_cpf("529.982.247-25") == "52998224725"


@pytest.mark.parametrize("bad", ["529.982.247-24", "111.111.111-11", "1234", ""])
def test_a_cpf_with_wrong_check_digits_is_refused_with_a_clear_message(bad):
    with pytest.raises(ValidationError) as caught:
        normalize_cpf(bad)
    assert caught.value.code == "invalid_cpf"
    assert "CPF inválido" in caught.value.messages[0]


def test_cnh_and_renavam_check_digits():
    from validate_docbr import CNH, RENAVAM

    cnh, renavam = CNH().generate(), RENAVAM().generate()
    assert normalize_cnh(cnh) == cnh
    assert normalize_renavam(renavam) == renavam
    wrong_cnh = cnh[:-1] + str((int(cnh[-1]) + 1) % 10)
    wrong_renavam = renavam[:-1] + str((int(renavam[-1]) + 1) % 10)
    with pytest.raises(ValidationError):
        normalize_cnh(wrong_cnh)
    with pytest.raises(ValidationError):
        normalize_renavam(wrong_renavam)


@pytest.mark.parametrize(
    ("typed", "stored", "shown"),
    [("abc-1234", "ABC1234", "ABC-1234"), ("ABC 1D23", "ABC1D23", "ABC1D23"),
     ("rio2a18", "RIO2A18", "RIO2A18")],
)
def test_plates_in_old_and_mercosul_formats_are_normalised(typed, stored, shown):
    assert normalize_plate(typed) == stored
    assert display_plate(stored) == shown


@pytest.mark.parametrize("bad", ["AB-1234", "ABCD123", "1231234", "ABC12345", ""])
def test_malformed_plates_are_refused(bad):
    with pytest.raises(ValidationError, match="Placa inválida"):
        normalize_plate(bad)


def test_the_cpf_is_masked_for_people_who_are_not_its_owner():
    assert mask_cpf("12345678909") == "***.456.789-**"
