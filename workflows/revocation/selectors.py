"""Reads of the revocation kind: whether a driver is the auxiliary bound to the taxi
(Art. 27), and the last day of a window of Art. 59 §2 as its row stands."""

from __future__ import annotations

import datetime as dt

from cases.models import Deadline
from registers.models import Authorization, AuxiliaryBinding, Driver
from workflows.revocation.models import RevocationCase


def auxiliary_bound(authorization: Authorization, auxiliary: Driver) -> bool:
    """Whether `auxiliary` is bound to `authorization` today (Art. 27)."""
    return AuxiliaryBinding.objects.filter(
        authorization=authorization, auxiliary=auxiliary, ended_on__isnull=True
    ).exists()


def revocation_window_last_day(
    case: RevocationCase, *, kind: str, due_on: dt.date | None
) -> dt.date | None:
    """Art. 59 §2: a window's last day — the case's (`due_on`), or its row's (`kind`) when a
    day declared closed moved it later (CPC art. 224 §1; `registers.calendar`)."""
    moved = (
        Deadline.objects.filter(case=case, kind=kind)
        .order_by("-due_on")
        .values_list("due_on", flat=True)
        .first()
    )
    days = [day for day in (due_on, moved) if day is not None]
    return max(days) if days else None
