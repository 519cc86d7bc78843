"""Case numbers are AAAA/NNNNNN, unique and gap-free per year, even under concurrency."""

from __future__ import annotations

import datetime as dt
import threading
from zoneinfo import ZoneInfo

import pytest
from django.db import connection, transaction

from cases.models import Case, CaseSequence
from cases.services.transitions import case_open
from tests.factories import AuthorizationFactory
from workflows.suspension.models import SuspensionCase

SP = ZoneInfo("America/Sao_Paulo")


def _open(authorization, now=None) -> SuspensionCase:
    return case_open(
        model=SuspensionCase,
        actor=None,
        article="Art. 24",
        now=now,
        applicant=authorization.holder,
        authorization=authorization,
        ground="IV",
        requested_days=10,
    )


@pytest.mark.django_db
def test_numbers_run_per_local_year_and_restart_in_january():
    authorization = AuthorizationFactory()
    first = _open(authorization, dt.datetime(2026, 12, 31, 23, 30, tzinfo=SP))
    second = _open(authorization, dt.datetime(2026, 12, 31, 23, 59, tzinfo=SP))
    # 02:10 UTC on 1 Jan is still 31 Dec in Mantenópolis: the local year decides.
    third = _open(authorization, dt.datetime(2027, 1, 1, 2, 10, tzinfo=dt.UTC))
    fourth = _open(authorization, dt.datetime(2027, 1, 1, 3, 10, tzinfo=dt.UTC))
    assert [c.number for c in (first, second, third, fourth)] == [
        "2026/000001",
        "2026/000002",
        "2026/000003",
        "2027/000001",
    ]


@pytest.mark.django_db
def test_a_rolled_back_opening_gives_its_number_back():
    authorization = AuthorizationFactory()
    now = dt.datetime(2026, 6, 1, 12, tzinfo=SP)
    _open(authorization, now)
    with pytest.raises(RuntimeError), transaction.atomic():
        _open(authorization, now)
        raise RuntimeError("the filing failed after the number was taken")
    assert _open(authorization, now).number == "2026/000002"


@pytest.mark.django_db(transaction=True)
def test_concurrent_openings_get_distinct_numbers_without_gaps():
    authorizations = [AuthorizationFactory() for _ in range(8)]
    barrier = threading.Barrier(len(authorizations))
    errors: list[BaseException] = []
    now = dt.datetime(2026, 8, 10, 9, tzinfo=SP)

    def worker(authorization):
        try:
            barrier.wait(timeout=10)
            with transaction.atomic():
                _open(authorization, now)
        except BaseException as exc:  # noqa: BLE001 — reported below
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=worker, args=(a,)) for a in authorizations]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    assert errors == []
    numbers = sorted(Case.objects.values_list("number", flat=True))
    assert numbers == [f"2026/{n:06d}" for n in range(1, 9)]
    assert CaseSequence.objects.get(year=2026).last == 8
