"""Official documents are numbered per kind and year without gaps, and coded uniquely."""

from __future__ import annotations

import datetime as dt
import threading
from decimal import Decimal

import pytest
from django.db import connection, transaction

from documents.codes import CODE_ALPHABET, CODE_LENGTH, verification_code_normalize
from documents.models import DocumentSequence, OfficialDocument
from documents.services import document_issue

Kind = OfficialDocument.Kind
SP = dt.timezone(dt.timedelta(hours=-3))


def _issue(
    kind: str = Kind.REGISTERED_LETTER, *, at: dt.datetime | None = None
) -> OfficialDocument:
    return document_issue(kind=kind, context={"subject": "x"}, now=at)


@pytest.mark.django_db
def test_numbers_follow_each_other_per_kind_and_year():
    at = dt.datetime(2026, 3, 2, 10, 0, tzinfo=SP)
    letters = [_issue(Kind.REGISTERED_LETTER, at=at) for _ in range(3)]
    notice = _issue(Kind.VIOLATION_NOTICE, at=at)

    assert [d.number for d in letters] == ["CR-2026/000001", "CR-2026/000002", "CR-2026/000003"]
    assert [(d.year, d.sequence) for d in letters] == [(2026, 1), (2026, 2), (2026, 3)]
    # Another kind has a series of its own.
    assert notice.number == "AI-2026/000001"


@pytest.mark.django_db
def test_each_kind_has_its_prefix():
    at = dt.datetime(2026, 3, 2, 10, 0, tzinfo=SP)
    prefixes = {kind: _issue(kind, at=at).number.split("-")[0] for kind in Kind.values}
    assert prefixes == {
        Kind.AUTHORIZATION_TERM: "TA",
        Kind.IM_CARD: "IM",
        Kind.VIOLATION_NOTICE: "AI",
        Kind.FINE_NOTIFICATION: "NM",
        Kind.APPEAL_DECISION: "DR",
        Kind.REGISTERED_LETTER: "CR",
        Kind.APPEAL_VOTE: "VT",
        Kind.DRIVER_CARD: "IC",
    }


@pytest.mark.django_db
def test_a_new_year_starts_at_one_in_local_time():
    # 31 Dec 23:30 in Mantenópolis is already 1 Jan in UTC: the local year counts.
    last_of_2026 = _issue(at=dt.datetime(2026, 12, 31, 23, 30, tzinfo=SP))
    first_of_2027 = _issue(at=dt.datetime(2027, 1, 1, 0, 30, tzinfo=SP))

    assert last_of_2026.number == "CR-2026/000001"
    assert first_of_2027.number == "CR-2027/000001"


@pytest.mark.django_db
def test_a_rolled_back_issue_gives_its_number_back():
    at = dt.datetime(2026, 3, 2, 10, 0, tzinfo=SP)
    first = _issue(at=at)
    with pytest.raises(RuntimeError), transaction.atomic():
        _issue(at=at)
        raise RuntimeError("the caller's transaction fails after the issue")
    after = _issue(at=at)

    assert (first.sequence, after.sequence) == (1, 2)
    assert OfficialDocument.objects.count() == 2
    assert DocumentSequence.objects.get(kind=Kind.REGISTERED_LETTER, year=2026).last == 2


@pytest.mark.django_db
def test_the_issue_is_pending_with_a_json_context_and_queued_after_commit(
    django_capture_on_commit_callbacks, queued_renders
):
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        document = document_issue(
            kind=Kind.FINE_NOTIFICATION,
            context={
                "payment_due": dt.date(2026, 6, 1),
                "fine": {"vrte": Decimal("80.00")},
            },
        )
        # Nothing is queued before the commit.
        assert queued_renders == []

    assert len(callbacks) == 1
    assert queued_renders == [document.pk]
    document.refresh_from_db()
    assert document.status == OfficialDocument.Status.PENDING
    assert document.context == {"payment_due": "2026-06-01", "fine": {"vrte": "80.00"}}
    assert not document.file


@pytest.mark.django_db
def test_verification_codes_are_unique_and_unambiguous():
    codes = [_issue().verification_code for _ in range(60)]

    assert len(set(codes)) == len(codes)
    for code in codes:
        assert len(code) == CODE_LENGTH
        assert set(code) <= set(CODE_ALPHABET)
        assert not set(code) & set("0O1I")
    assert verification_code_normalize(codes[0][:4].lower() + "-" + codes[0][4:]) == codes[0]


@pytest.mark.django_db(transaction=True)
def test_concurrent_issues_get_distinct_consecutive_numbers(queued_renders):
    # Real commits from several connections: the sequence row's lock serialises them.
    workers = 6
    numbers: list[str] = []
    errors: list[BaseException] = []
    start = threading.Barrier(workers)
    at = dt.datetime(2026, 3, 2, 10, 0, tzinfo=SP)

    def issue() -> None:
        try:
            start.wait()
            with transaction.atomic():
                numbers.append(_issue(Kind.VIOLATION_NOTICE, at=at).number)
        except BaseException as exc:  # noqa: BLE001 — reported by the assertion below
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=issue) for _ in range(workers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert errors == []
    assert sorted(numbers) == [f"AI-2026/{n:06d}" for n in range(1, workers + 1)]
