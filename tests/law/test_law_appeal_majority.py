"""Art. 52: how three votes make one decision (pure rule, no database)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from law.appeal import Mode, Position, ballot, decide, partial_fine_allowed

FINE = Decimal("100")
G, P, D = Position.GRANTED, Position.PARTIALLY_GRANTED, Position.DENIED


def _b(position, fine=None):
    return ballot(position, FINE, None if fine is None else Decimal(fine))


@pytest.mark.parametrize(
    ("votes", "expected"),
    [
        ([], None),
        ([_b(D)], None),
        ([_b(G), _b(D)], None),
        ([_b(P, "30"), _b(P, "60")], None),
        ([_b(D), _b(D)], (D, Decimal("100"), Mode.MAJORITY, 2)),
        ([_b(G), _b(D), _b(D)], (D, Decimal("100"), Mode.MAJORITY, 2)),
        ([_b(G), _b(G)], (G, Decimal("0"), Mode.MAJORITY, 2)),
        ([_b(P, "40"), _b(D), _b(P, "40")], (P, Decimal("40"), Mode.MAJORITY, 2)),
        ([_b(G), _b(P, "50"), _b(D)], (P, Decimal("50"), Mode.MIDDLE_VOTE, 1)),
        ([_b(P, "30"), _b(P, "60"), _b(D)], (P, Decimal("60"), Mode.MIDDLE_VOTE, 1)),
        ([_b(P, "30"), _b(P, "60"), _b(G)], (P, Decimal("30"), Mode.MIDDLE_VOTE, 1)),
    ],
)
def test_two_equal_votes_decide_else_the_middle_of_three_art52(votes, expected):
    result = decide(votes)
    got = (
        None
        if result is None
        else (result.position, result.fine_vrte, result.mode, result.votes_for)
    )
    assert got == expected


def test_three_equal_votes_are_unanimous_art52():
    # (reached only when the decision waits for all three, e.g. through the tally alone)
    assert decide([_b(D), _b(D), _b(D)]).mode is Mode.UNANIMOUS


def test_a_partial_grant_keeps_less_than_the_fine_art52():
    assert partial_fine_allowed(Decimal("0"), FINE)
    assert partial_fine_allowed(Decimal("99.99"), FINE)
    assert not partial_fine_allowed(FINE, FINE)
    assert not partial_fine_allowed(Decimal("-1"), FINE)
    with pytest.raises(ValueError):
        ballot(P, FINE)
    with pytest.raises(ValueError):
        decide([_b(D)] * 4)
