"""Suspension of the authorization at the taxista's request (Art. 24)."""

from __future__ import annotations

import datetime as dt

import pytest

from law.errors import ExtensionNotAllowed, InvalidSuspensionPeriod, LawError, MissingProof
from law.suspension import MAX_DAYS, Ground, check_extension, check_request, end_date

D = dt.date
START = D(2026, 4, 1)


def test_grounds_labels_and_proof_art24_par1() -> None:
    assert [ground.value for ground in Ground] == ["I", "II", "III", "IV"]
    assert Ground.I.label == "Furto ou roubo do veículo"
    assert Ground.II.label == "Acidente grave ou destruição total do veículo"
    assert Ground.III.label == "Sentença judicial da perda da posse ou propriedade do veículo"
    assert Ground.IV.label == "Substituição do veículo"
    assert [ground.requires_proof for ground in Ground] == [True, True, True, False]
    assert Ground.III.article == "Art. 24 III"


@pytest.mark.parametrize("days", [1, 60, 120])
def test_request_of_1_to_120_days_is_accepted_art24(days: int) -> None:
    assert MAX_DAYS == 120
    check_request(Ground.IV, START, days)


@pytest.mark.parametrize("days", [0, -5, 121])
def test_request_outside_1_to_120_days_is_rejected_art24(days: int) -> None:
    with pytest.raises(InvalidSuspensionPeriod) as caught:
        check_request(Ground.I, START, days)
    assert caught.value.article == "Art. 24"
    assert isinstance(caught.value, LawError)


def test_grounds_i_to_iii_need_documentary_proof_art24_par1() -> None:
    # given a theft without proof
    # when / then
    with pytest.raises(MissingProof) as caught:
        check_request(Ground.I, START, 30, has_proof=False)
    assert caught.value.article == "Art. 24 §1"
    check_request(Ground.IV, START, 30, has_proof=False)
    check_request(Ground.I, START, 30, has_proof=True)


def test_extension_up_to_the_original_period_art24() -> None:
    check_extension(60, 60, 0)
    check_extension(120, 1, 0)


def test_extension_longer_than_original_is_rejected_art24() -> None:
    with pytest.raises(InvalidSuspensionPeriod) as caught:
        check_extension(60, 61, 0)
    assert caught.value.article == "Art. 24"
    with pytest.raises(InvalidSuspensionPeriod):
        check_extension(60, 0, 0)


def test_only_one_extension_art24() -> None:
    with pytest.raises(ExtensionNotAllowed) as caught:
        check_extension(60, 30, 1)
    assert caught.value.article == "Art. 24"


def test_extension_of_invalid_original_is_rejected_art24() -> None:
    with pytest.raises(InvalidSuspensionPeriod):
        check_extension(121, 10, 0)


def test_end_date_counts_the_start_day_art24() -> None:
    assert end_date(START, 1) == D(2026, 4, 1)
    assert end_date(START, 30) == D(2026, 4, 30)
    # 1 Jan + 120 days: Jan 31 is day 31, Feb 28 day 59, Mar 31 day 90, Apr 30 day 120
    assert end_date(D(2026, 1, 1), 120) == D(2026, 4, 30)
    # original and extension back to back: 120 + 120 days
    assert end_date(D(2026, 1, 1), 240) == D(2026, 8, 28)
    with pytest.raises(ValueError):
        end_date(START, 0)
