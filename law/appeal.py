"""Art. 52: how the three votes of the appeal commission make one decision.

Pure Python, like the rest of the statute package.

Each vote is a position on a scale — grant (no penalty), grant in part (the penalty stands
with a lower fine), deny (the penalty stands as issued) — and a grant in part names the
fine it keeps. Two identical votes decide: the third cannot change the result. When all
three seats have voted and no two agree, the middle vote decides ("voto médio"): it is the
one result a majority accepts from each side — a majority wants at least that much of the
penalty, and a majority wants no more.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum
from typing import Final

SEATS: Final = 3
"""Art. 52 I-III: the executive, the drivers' association and civil society."""

MAJORITY: Final = 2
"""Votes that decide whatever the third seat says."""


class Position(StrEnum):
    GRANTED = "granted"
    PARTIALLY_GRANTED = "partially_granted"
    DENIED = "denied"


_RANK: Final = {Position.GRANTED: 0, Position.PARTIALLY_GRANTED: 1, Position.DENIED: 2}


class Mode(StrEnum):
    UNANIMOUS = "unanimous"
    MAJORITY = "majority"
    MIDDLE_VOTE = "middle_vote"


@dataclass(frozen=True)
class Ballot:
    """A vote and the fine it keeps: none when granted, all of it when denied."""

    position: Position
    fine_vrte: Decimal

    @property
    def key(self) -> tuple[int, Decimal]:
        return (_RANK[self.position], self.fine_vrte)


@dataclass(frozen=True)
class Decision:
    position: Position
    fine_vrte: Decimal
    mode: Mode
    votes_for: int


def ballot(position: str, full_fine: Decimal, fine_vrte: Decimal | None = None) -> Ballot:
    """A member's vote as a ballot; `fine_vrte` counts for a grant in part only."""
    pos = Position(position)
    if pos is Position.GRANTED:
        return Ballot(pos, Decimal("0"))
    if pos is Position.DENIED:
        return Ballot(pos, full_fine)
    if fine_vrte is None:
        raise ValueError("a grant in part names the fine it keeps")
    return Ballot(pos, fine_vrte)


def partial_fine_allowed(fine_vrte: Decimal, full_fine: Decimal) -> bool:
    """A grant in part keeps the penalty with a lower fine, zero included."""
    return Decimal("0") <= fine_vrte < full_fine


def decide(ballots: Sequence[Ballot]) -> Decision | None:
    """The commission's decision, or None while the votes cast leave it open."""
    if len(ballots) > SEATS:
        raise ValueError("more votes than seats")
    for candidate in ballots:
        same = sum(1 for other in ballots if other.key == candidate.key)
        if same >= MAJORITY:
            mode = Mode.UNANIMOUS if same == SEATS else Mode.MAJORITY
            return Decision(candidate.position, candidate.fine_vrte, mode, same)
    if len(ballots) == SEATS:
        middle = sorted(ballots, key=lambda b: b.key)[1]
        return Decision(middle.position, middle.fine_vrte, Mode.MIDDLE_VOTE, 1)
    return None
