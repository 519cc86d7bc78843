"""Art. 67: "prévia autorização" — a decision after the first day asked starts the period
on the decision day, and a period already over cannot be authorized."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from cases.errors import RuleViolation
from cases.models import AuditEvent, Deadline
from cases.services.transitions import case_act
from tests.advertising.conftest import PDF
from workflows.advertising.models import AdvertisingState
from workflows.advertising.services import advertising_approve, advertising_file

pytestmark = pytest.mark.django_db
FILED_ON = dt.date(2026, 3, 2)


def _forwarded(driver, clerk, *, start, end):
    case = advertising_file(
        actor=driver.user, holder=driver, placement="roof", text="Rádio Cidade FM",
        start_on=start, end_on=end, today=FILED_ON,
        proofs={"layout": [SimpleUploadedFile("arte.pdf", PDF)]},
    )
    case_act(case=case, action="review_document", actor=clerk, item="layout", decision="accept")
    return case_act(case=case, action="accept", actor=clerk)


def test_art_67_a_late_decision_starts_the_period_on_its_own_day(driver, clerk, mayor):
    case = _forwarded(driver, clerk, start=dt.date(2026, 3, 5), end=dt.date(2026, 4, 3))
    case = advertising_approve(case=case, actor=mayor, today=dt.date(2026, 3, 9))
    assert (case.state, case.start_on, case.authorized_from) == (
        AdvertisingState.AUTHORIZED, dt.date(2026, 3, 5), dt.date(2026, 3, 9),
    )
    row = Deadline.objects.get(case=case)
    assert (row.due_on, row.counting, row.article) == (
        dt.date(2026, 4, 3), Deadline.Counting.FIXED_DATE, "Art. 67",
    )
    assert AuditEvent.objects.get(case=case, transition="approve").data == {
        "authorized_from": "2026-03-09",
    }


def test_art_67_a_period_over_before_the_decision_cannot_be_authorized(driver, clerk, mayor):
    case = _forwarded(driver, clerk, start=dt.date(2026, 3, 5), end=dt.date(2026, 3, 20))
    with pytest.raises(RuleViolation) as refused:
        advertising_approve(case=case, actor=mayor, today=dt.date(2026, 3, 21))
    assert (refused.value.code, refused.value.article) == ("period_over", "Art. 67")
    case.refresh_from_db()
    assert (case.state, case.authorized_from) == (AdvertisingState.AWAITING_DECISION, None)
    assert not Deadline.objects.filter(case=case).exists()
