"""The project's copy of the law's text is there and is the shared original, byte for byte."""

from __future__ import annotations

import pytest

from tests.law.law_text import LAW_TEXT, SHARED_LAW_TEXT


def test_law_text_is_kept_in_the_project() -> None:
    # given a clean clone / when / then the verbatim Art. 58 tests have their text
    assert LAW_TEXT.is_file(), LAW_TEXT
    assert "Art. 58 " in LAW_TEXT.read_text(encoding="utf-8")


@pytest.mark.skipif(
    not SHARED_LAW_TEXT.exists(), reason="no ../shared/law beside the repository"
)
def test_law_text_copy_matches_the_shared_original() -> None:
    # given the shared original beside the repository / when / then the copy is identical
    assert LAW_TEXT.read_bytes() == SHARED_LAW_TEXT.read_bytes()
