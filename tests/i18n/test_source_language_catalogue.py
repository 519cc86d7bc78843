"""The source language's catalogue (core/source_catalogue.py): Portuguese pages read each
msgid from a catalogue of their own, and read the same words as without it — each msgid
is its own translation, and a count takes the plural form it took before (zero too)."""

from __future__ import annotations

import gettext
from pathlib import Path

import pytest
from django.utils import translation

from core.source_catalogue import ENGLISH, SOURCE, source_catalogue

ROOT = Path(__file__).resolve().parents[2]


def _english() -> gettext.GNUTranslations:
    with (ROOT / ENGLISH).with_suffix(".mo").open("rb") as handle:
        return gettext.GNUTranslations(handle)


def test_the_catalogue_is_written_from_the_english_one() -> None:
    written = (ROOT / SOURCE).read_text(encoding="utf-8")
    assert written == source_catalogue((ROOT / ENGLISH).read_text(encoding="utf-8")), (
        "run the makemessages command of locale/README.md"
    )


def test_every_english_msgid_is_in_the_compiled_catalogue_as_itself() -> None:
    english = _english()
    with (ROOT / SOURCE).with_suffix(".mo").open("rb") as handle:
        source = gettext.GNUTranslations(handle)
    singular = [key for key in english._catalog if isinstance(key, str) and key]
    plural = {key[0] for key in english._catalog if isinstance(key, tuple)}
    assert len(singular) > 3000 and len(plural) > 10
    assert [m for m in singular if source._catalog.get(m) != m] == [], (
        "run compilemessages (see locale/README.md)"
    )
    assert [m for m in plural if source._catalog.get((m, 0)) != m] == []


@pytest.mark.parametrize("count, form", [(0, 1), (1, 0), (2, 1), (5, 1)])
def test_a_portuguese_count_takes_the_form_it_took_without_the_catalogue(
    count: int, form: int
) -> None:
    # Without a Portuguese catalogue a msgid was given back as written: the singular for
    # one, the plural otherwise (zero included). The catalogue's rule is the same.
    english = _english()
    with (ROOT / SOURCE).with_suffix(".mo").open("rb") as handle:
        source = gettext.GNUTranslations(handle)
    plurals = [key[0] for key in english._catalog if isinstance(key, tuple) and key[1] == 0]
    assert plurals
    with translation.override("pt-br"):
        for msgid in plurals:
            written = (msgid, source._catalog[(msgid, 1)])
            assert translation.ngettext(*written, count) == written[form]


def test_portuguese_reads_each_msgid_as_written() -> None:
    english = _english()
    msgids = [key for key in english._catalog if isinstance(key, str) and key]
    with translation.override("pt-br"):
        changed = [m for m in msgids if translation.gettext(m) != m]
    assert changed == []
    with translation.override("en"):
        assert translation.gettext("Servidor") == "Staff member"
