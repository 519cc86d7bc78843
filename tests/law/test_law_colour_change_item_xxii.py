"""Item XXII of Art. 58 during the colour transition (Arts. 10 §2, 70) and the time to
regularize after a XXII penalty (Art. 59 §4) — issue 9, item 5."""

from __future__ import annotations

import datetime as dt

import pytest

from law.errors import NotCitable
from law.infractions import infraction_citable_against
from law.penalties import PastInfraction, assess

D = dt.date


def test_art_10_p2_art_70_item_xxii_is_not_citable_within_the_repaint_period() -> None:
    with pytest.raises(NotCitable) as refused:
        infraction_citable_against("XXII", on=D(2026, 5, 4), colour_grace_until=D(2026, 7, 28))
    assert refused.value.article == "Art. 10 §2; Art. 70"
    assert "28/07/2026" in str(refused.value)


def test_art_10_p2_item_xxii_is_citable_after_the_repaint_period() -> None:
    entry = infraction_citable_against("XXII", on=D(2026, 7, 29), colour_grace_until=D(2026, 7, 28))
    assert entry.item == "XXII"
    # and other items are citable whatever the colour period
    assert infraction_citable_against("XIII", on=D(2026, 5, 4),
                                      colour_grace_until=D(2026, 7, 28)).item == "XIII"


def test_art_59_p4_a_repeat_within_the_suspension_served_does_not_revoke() -> None:
    # A XXII penalty on 01/08/2026 became final; its 30-day suspension ran until 14/09/2026:
    # that is the time to repaint
    earlier = PastInfraction(item="XXII", on=D(2026, 8, 1), regularize_until=D(2026, 9, 14))
    within = assess(item="XXII", on=D(2026, 9, 10), history=[earlier])
    assert (within.recidivist, within.revocation) == (False, False)
    assert "Art. 59 V a" not in within.articles


def test_art_59_p4_a_repeat_after_the_time_to_regularize_revokes() -> None:
    earlier = PastInfraction(item="XXII", on=D(2026, 8, 1), regularize_until=D(2026, 9, 14))
    after = assess(item="XXII", on=D(2026, 9, 15), history=[earlier])
    assert (after.recidivist, after.revocation) == (True, True)
    assert {"Art. 59 §4", "Art. 59 V a"} <= set(after.articles)


def test_art_59_p4_a_xxii_penalty_not_yet_served_gives_no_recidivism() -> None:
    # the suspension has not been served (the penalty does not stand yet): no period ended
    earlier = PastInfraction(item="XXII", on=D(2026, 8, 1))
    later = assess(item="XXII", on=D(2026, 10, 1), history=[earlier])
    assert (later.recidivist, later.revocation) == (False, False)
