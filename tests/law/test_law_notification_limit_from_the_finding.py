"""Art. 46 caput and §1, Art. 53 II: the 60 days to notify run from the finding; a notice
whose limit passed cannot be issued, and a notice delivered within it counts even when
its AR comes back late (issue 9, items 9 and 11)."""

from __future__ import annotations

import datetime as dt

import pytest

from law.calendar import Calendar
from law.errors import LawError
from law.notice import check_notice_can_be_issued, delivered_in_time

D = dt.date
PLAIN = Calendar()


def test_art_46_p1_a_notice_cannot_be_issued_after_the_60_days_from_the_finding() -> None:
    # found on 02/03/2026: 60 days end on 01/05/2026, a holiday, so on Monday 04/05/2026
    check_notice_can_be_issued(found_on=D(2026, 3, 2), on=D(2026, 5, 4), calendar=PLAIN)
    with pytest.raises(LawError) as refused:
        check_notice_can_be_issued(found_on=D(2026, 3, 2), on=D(2026, 5, 5), calendar=PLAIN)
    assert refused.value.article == "Art. 46 §1; Art. 53 II"
    assert "02/03/2026" in str(refused.value) and "04/05/2026" in str(refused.value)


def test_art_46_p1_a_finding_in_the_future_is_refused() -> None:
    with pytest.raises(ValueError):
        check_notice_can_be_issued(found_on=D(2026, 5, 6), on=D(2026, 5, 5), calendar=PLAIN)


def test_art_53_ii_the_delivery_date_on_the_ar_decides_not_the_day_it_came_back() -> None:
    assert delivered_in_time(found_on=D(2026, 3, 2), delivered_on=D(2026, 5, 4), calendar=PLAIN)
    assert not delivered_in_time(
        found_on=D(2026, 3, 2), delivered_on=D(2026, 5, 5), calendar=PLAIN
    )
