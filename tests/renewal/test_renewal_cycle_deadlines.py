"""Arts. 17 V and 18: every IM issued gets its renewal cycle as deadline rows."""

from __future__ import annotations

import datetime as dt

import pytest

from cases.models import Deadline
from tests.renewal.factories import LAST_DAY, im_issued
from workflows.renewal.models import RenewalCase

pytestmark = pytest.mark.django_db


def _rows(authorization):
    return [
        (row.kind, row.due_on, row.state, row.counting, row.article, row.case_id)
        for row in Deadline.objects.filter(authorization=authorization).order_by("id")
    ]


def test_issuing_an_im_sets_two_reminders_and_the_expiry_art18(im):
    # Given an IM issued on 1 March 2026 (last valid day 28 February 2027)
    assert (im.valid_from, im.valid_until) == (dt.date(2026, 3, 1), LAST_DAY)
    # Then exactly three rows on its authorization: each reminder's last day is the eve of
    # the day it must go out (30 and 7 days before), the expiry's is the IM's last day
    fixed = Deadline.Counting.FIXED_DATE
    assert _rows(im.authorization) == [
        ("renewal.reminder_30", dt.date(2027, 1, 28), "pending", fixed, "Art. 18", None),
        ("renewal.reminder_7", dt.date(2027, 2, 20), "pending", fixed, "Art. 18", None),
        ("renewal.expiry", dt.date(2027, 2, 28), "pending", fixed, "Art. 18", None),
    ]
    labels = list(Deadline.objects.order_by("id").values_list("label", flat=True))
    assert labels == [
        f"Lembrete de renovação: a IM {im.number} vence em 30 dias",
        f"Lembrete de renovação: a IM {im.number} vence em 7 dias",
        f"Vencimento da IM {im.number} (último dia de validade)",
    ]
    # And no case yet: it opens when there is something to follow up
    assert RenewalCase.objects.count() == 0


def test_a_leap_year_im_ends_on_29_february_and_its_cycle_follows_art18():
    registration = im_issued(valid_from=dt.date(2027, 3, 1))
    assert registration.valid_until == dt.date(2028, 2, 29)
    assert [row[1] for row in _rows(registration.authorization)] == [
        dt.date(2028, 1, 29),
        dt.date(2028, 2, 21),
        dt.date(2028, 2, 29),
    ]


def test_a_new_im_cancels_the_pending_rows_of_the_previous_one_art18(im):
    # When another IM is issued for the same authorization (a re-issue, a substitution)
    newer = im_issued(authorization=im.authorization, valid_from=dt.date(2026, 9, 1))
    # Then the old cycle is cancelled and only the new one is pending
    assert [(row[0], row[1], row[2]) for row in _rows(im.authorization)] == [
        ("renewal.reminder_30", dt.date(2027, 1, 28), "cancelled"),
        ("renewal.reminder_7", dt.date(2027, 2, 20), "cancelled"),
        ("renewal.expiry", dt.date(2027, 2, 28), "cancelled"),
        ("renewal.reminder_30", dt.date(2027, 7, 31), "pending"),
        ("renewal.reminder_7", dt.date(2027, 8, 23), "pending"),
        ("renewal.expiry", newer.valid_until, "pending"),
    ]
    assert newer.valid_until == dt.date(2027, 8, 31)
