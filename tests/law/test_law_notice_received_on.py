"""Arts. 46 §2 and 47 §2: which AR outcomes count as received, and from which date."""

from __future__ import annotations

import datetime as dt

import pytest

from law.notice import ClockStart, ReturnReason, received_on

DELIVERED = dt.date(2026, 4, 2)
VISIT = dt.date(2026, 4, 3)
ATTACHED = dt.date(2026, 4, 9)


def test_a_delivered_letter_counts_from_its_delivery_date_art46():
    assert received_on(clock=ClockStart.DELIVERY, delivered_on=DELIVERED,
                       ar_attached_on=ATTACHED) == DELIVERED


def test_the_clock_may_start_when_the_ar_is_attached_to_the_file():
    assert received_on(clock=ClockStart.AR_ATTACHED, delivered_on=DELIVERED,
                       ar_attached_on=ATTACHED) == ATTACHED


@pytest.mark.parametrize("reason", [ReturnReason.MOVED, ReturnReason.INSUFFICIENT_ADDRESS,
                                    ReturnReason.NO_SUCH_NUMBER, ReturnReason.UNKNOWN])
def test_a_return_for_an_outdated_address_counts_from_the_visit_art46_p2_art47_p2(reason):
    assert received_on(clock=ClockStart.DELIVERY, visit_on=VISIT, ar_attached_on=ATTACHED,
                       return_reason=reason) == VISIT


@pytest.mark.parametrize("reason", [ReturnReason.ABSENT, ReturnReason.NOT_CLAIMED,
                                    ReturnReason.DECEASED, ReturnReason.OTHER])
def test_other_returns_do_not_count_art46(reason):
    assert received_on(clock=ClockStart.DELIVERY, visit_on=VISIT, ar_attached_on=ATTACHED,
                       return_reason=reason) is None


def test_a_refusal_counts_only_where_the_setting_says_so():
    kwargs = {"clock": ClockStart.DELIVERY, "visit_on": VISIT, "ar_attached_on": ATTACHED,
              "return_reason": ReturnReason.REFUSED}
    assert received_on(refusal_counts=True, **kwargs) == VISIT
    assert received_on(refusal_counts=False, **kwargs) is None
