"""Concurrent writes with real commits: the last place of a fixed stand (Art. 32 §2 I) and
the numbering of lost-property receipts (Art. 37 XVIII)."""

from __future__ import annotations

import datetime as dt
import threading
from collections.abc import Callable

import pytest
from django.db import connection

from accounts.roles import Role
from municipal.models import LostItem, StandAssignment, StandWaiting
from municipal.services.lost_property import lost_item_hand_in
from municipal.services.stands import stand_assign
from tests.factories import AuthorizationFactory, UserFactory
from tests.municipal_factories import LostItemFactory, StandFactory


def _at_once(calls: list[Callable[[], object]]) -> list[object]:
    barrier = threading.Barrier(len(calls))
    results: list[object] = []

    def run(call: Callable[[], object]) -> None:
        try:
            barrier.wait(timeout=10)
            results.append(call())
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(call,)) for call in calls]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    return results


@pytest.mark.django_db(transaction=True)
def test_art_32_par_2_i_two_clerks_assign_the_last_place_at_once():
    stand = StandFactory(places=1)
    clerks = [UserFactory(role=Role.CLERK), UserFactory(role=Role.CLERK)]
    taxis = [AuthorizationFactory(), AuthorizationFactory()]
    results = _at_once(
        [
            lambda c=c, t=t: stand_assign(
                actor=c, stand=stand, authorization=t, today=dt.date(2026, 3, 2)
            )
            for c, t in zip(clerks, taxis, strict=True)
        ]
    )
    assert sorted(type(r).__name__ for r in results) == ["StandAssignment", "StandWaiting"]
    assert StandAssignment.objects.filter(stand=stand, ended_on__isnull=True).count() == 1
    assert StandWaiting.objects.filter(stand=stand, state="waiting").count() == 1


@pytest.mark.django_db(transaction=True)
def test_art_37_xviii_receipts_numbered_without_gaps_when_handed_in_at_once():
    clerk = UserFactory(role=Role.CLERK)
    items = [LostItemFactory(), LostItemFactory(), LostItemFactory()]
    _at_once(
        [
            lambda i=i: lost_item_hand_in(
                actor=clerk, item=i, handed_in_on=dt.date(2026, 3, 3), today=dt.date(2026, 3, 3)
            )
            for i in items
        ]
    )
    assert sorted(LostItem.objects.values_list("receipt_number", flat=True)) == [
        "RO-2026/000001",
        "RO-2026/000002",
        "RO-2026/000003",
    ]
