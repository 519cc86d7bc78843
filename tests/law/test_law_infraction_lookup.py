"""Looking up a citable infraction of Art. 58 (item XXI is not citable)."""

from __future__ import annotations

import pytest

from law.errors import LawError, NotCitable, UnknownInfraction
from law.infractions import INFRACTIONS, citable_infractions, infraction


def test_infraction_returns_the_item_art58() -> None:
    # given / when
    found = infraction("XIII")
    # then
    assert found is INFRACTIONS["XIII"]
    assert found.group == 3


def test_infraction_accepts_lower_case_and_spaces_art58() -> None:
    assert infraction(" xxix ") is INFRACTIONS["XXIX"]


def test_infraction_xxi_is_not_citable_art58_xxi() -> None:
    # given item XXI, which refers to Arts. 13-16 revoked by Lei nº 1.868/2025
    # when
    with pytest.raises(NotCitable) as caught:
        infraction("XXI")
    # then
    assert caught.value.article == "Art. 58 XXI"
    assert "revogados pela Lei nº 1.868, de 29 de dezembro de 2025" in str(caught.value)
    assert isinstance(caught.value, LawError)
    assert isinstance(caught.value, ValueError)


@pytest.mark.parametrize("item", ["XXX", "", "0", "IIII", "Art. 58"])
def test_unknown_item_is_rejected_art58(item: str) -> None:
    # when
    with pytest.raises(UnknownInfraction) as caught:
        infraction(item)
    # then
    assert caught.value.article == "Art. 58"
    assert "não existe no Art. 58" in str(caught.value)
    assert isinstance(caught.value, LawError)


def test_citable_infractions_are_all_but_xxi_art58() -> None:
    # given / when
    items = [entry.item for entry in citable_infractions()]
    # then
    assert len(items) == 28
    assert "XXI" not in items
    assert items[0] == "I"
    assert items[-1] == "XXIX"
