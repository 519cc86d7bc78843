"""Deadlines of Arts. 46 §1 / 53 II (notification), 55 (payment), 59 §2
(appeal against revocation) and 63 (appeal), with dates computed by hand.

April-May 2026 (BR-ES): Fri 03/04 Good Friday, Mon 13/04 Nossa Senhora da
Penha (ES), Tue 21/04 Tiradentes, Fri 01/05 Labour Day. Weekends: 04-05,
11-12, 18-19, 25-26 April; 02-03, 09-10, 16-17 May.
"""

from __future__ import annotations

import datetime as dt

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from law.calendar import Calendar
from law.deadlines import (
    APPEAL,
    AUXILIARY_TERM,
    JUDICIAL_SEIZURE_COMMUNICATION,
    NOTIFICATION_LIMIT,
    PAYMENT,
    PENALTY_IMPEDIMENT,
    PENALTY_SUSPENSION,
    REGISTRATION_TERM,
    REVOCATION_APPEAL,
    RULES,
    SEIZURE,
    SUSPENSION_ON_REQUEST,
    Counting,
    DeadlineRule,
    appeal_deadline,
    due_date,
    notification_limit,
    payment_deadline,
    revocation_appeal_deadline,
)

PROPERTY_SETTINGS = settings(max_examples=200, deadline=None, database=None)

D = dt.date
PLAIN = Calendar()
CLOSED_8_APRIL = Calendar(closed_days=[D(2026, 4, 8)])
CLOSED_8_OPEN_11_APRIL = Calendar(closed_days=[D(2026, 4, 8)], open_days=[D(2026, 4, 11)])

dates = st.dates(min_value=D(2020, 1, 1), max_value=D(2035, 12, 31))
calendars = st.builds(
    Calendar,
    closed_days=st.frozensets(dates, max_size=15),
    open_days=st.frozensets(dates, max_size=15),
)


# Art. 46, §1 and Art. 53, II - 60 calendar days to notify


def test_notification_limit_on_a_business_day_art46_par1() -> None:
    # given issued Monday 5 January 2026: +26 -> 31 Jan, +28 -> 28 Feb, +6 -> Fri 6 March
    # when / then
    assert notification_limit(D(2026, 1, 5), PLAIN) == D(2026, 3, 6)


def test_notification_limit_moves_off_national_holiday_art46_par1_art53_ii() -> None:
    # given issued Friday 20 February 2026: +60 = Tiradentes (Tue 21 April)
    # when / then it moves to Wednesday 22 April
    assert notification_limit(D(2026, 2, 20), PLAIN) == D(2026, 4, 22)


def test_notification_limit_moves_off_holiday_and_weekend_art46_par1() -> None:
    # given issued Monday 2 February 2026: +60 = Good Friday 3 April, then the weekend
    # when / then it moves to Monday 6 April
    assert notification_limit(D(2026, 2, 2), PLAIN) == D(2026, 4, 6)


def test_notification_limit_moves_off_state_holiday_art53_ii() -> None:
    # given issued Thursday 12 February 2026: +60 = Penha (Mon 13 April, ES)
    # when / then it moves to Tuesday 14 April
    assert notification_limit(D(2026, 2, 12), PLAIN) == D(2026, 4, 14)


# Art. 63 - 30 days counted as the CPC counts


def test_appeal_deadline_counts_business_days_art63() -> None:
    # given notified Thursday 2 April 2026
    # when counting 30 business days (skipping GF, Penha, Tiradentes, Labour Day, weekends)
    # then the last day is Wednesday 20 May 2026
    assert appeal_deadline(D(2026, 4, 2), PLAIN) == D(2026, 5, 20)


def test_appeal_deadline_is_not_thirty_calendar_days_art63() -> None:
    # given the same notification, 30 calendar days would end on Sat 2 May -> Mon 4 May
    notified = D(2026, 4, 2)
    # when / then the CPC count gives a later day
    assert PLAIN.add_calendar_days(notified, 30) == D(2026, 5, 4)
    assert appeal_deadline(notified, PLAIN) == D(2026, 5, 20)


def test_appeal_deadline_with_closed_day_art63() -> None:
    # given 8 April declared closed: one business day fewer in the window
    # when / then the deadline moves one business day, to Thursday 21 May
    assert appeal_deadline(D(2026, 4, 2), CLOSED_8_APRIL) == D(2026, 5, 21)


def test_appeal_deadline_with_closed_day_and_open_saturday_art63() -> None:
    # given 8 April closed and Saturday 11 April open: the two cancel out
    # when / then
    assert appeal_deadline(D(2026, 4, 2), CLOSED_8_OPEN_11_APRIL) == D(2026, 5, 20)


# Art. 55 - 10 calendar days to pay


def test_payment_deadline_on_a_business_day_art55() -> None:
    # given notified Tuesday 7 April 2026: +10 = Friday 17 April
    assert payment_deadline(D(2026, 4, 7), PLAIN) == D(2026, 4, 17)


def test_payment_deadline_moves_off_national_holiday_art55() -> None:
    # given notified Saturday 11 April: +10 = Tiradentes -> Wednesday 22 April
    assert payment_deadline(D(2026, 4, 11), PLAIN) == D(2026, 4, 22)


def test_payment_deadline_moves_off_state_holiday_art55() -> None:
    # given notified on Good Friday: +10 = Penha (ES) -> Tuesday 14 April
    assert payment_deadline(D(2026, 4, 3), PLAIN) == D(2026, 4, 14)


def test_payment_deadline_moves_off_weekend_unless_open_day_art55() -> None:
    # given notified Wednesday 8 April: +10 = Saturday 18 April
    notified = D(2026, 4, 8)
    # when / then: plain -> Monday 20; Saturday 18 declared open -> 18
    assert payment_deadline(notified, PLAIN) == D(2026, 4, 20)
    assert payment_deadline(notified, Calendar(open_days=[D(2026, 4, 18)])) == D(2026, 4, 18)


def test_payment_deadline_moves_off_closed_day_art55() -> None:
    # given notified Tuesday 7 April, +10 = Friday 17 April declared closed
    calendar = Calendar(closed_days=[D(2026, 4, 17)])
    # when / then
    assert payment_deadline(D(2026, 4, 7), calendar) == D(2026, 4, 20)


# Art. 59, §2 - "até 10 dias" to appeal against a revocation


def test_revocation_appeal_deadline_counts_business_days_art59_par2() -> None:
    # given notified Thursday 2 April 2026: 6,7,8,9,10,14,15,16,17,20
    # when / then
    assert revocation_appeal_deadline(D(2026, 4, 2), PLAIN) == D(2026, 4, 20)


def test_revocation_appeal_deadline_with_closed_day_art59_par2() -> None:
    # given 8 April closed: 6,7,9,10,14,15,16,17,20,22 (Tiradentes skipped)
    assert revocation_appeal_deadline(D(2026, 4, 2), CLOSED_8_APRIL) == D(2026, 4, 22)


def test_revocation_appeal_deadline_with_open_saturday_art59_par2() -> None:
    # given 8 April closed, Saturday 11 open: 6,7,9,10,11,14,15,16,17,20
    assert revocation_appeal_deadline(D(2026, 4, 2), CLOSED_8_OPEN_11_APRIL) == D(2026, 4, 20)


def test_revocation_appeal_deadline_across_year_end_art59_par2() -> None:
    # given notified Friday 18 December 2026: 21,22,23,24,28,29,30,31, 4 and 5 January
    # (Christmas and New Year's Day skipped)
    assert revocation_appeal_deadline(D(2026, 12, 18), PLAIN) == D(2027, 1, 5)
    # when 24 and 31 December are declared closed: 21,22,23,28,29,30,4,5,6,7
    closed = Calendar(closed_days=[D(2026, 12, 24), D(2026, 12, 31)])
    # then
    assert revocation_appeal_deadline(D(2026, 12, 18), closed) == D(2027, 1, 7)


# The rules, as the Django side stores them


def test_deadline_rules_describe_days_counting_and_article_arts_46_55_59_63() -> None:
    rule = NOTIFICATION_LIMIT
    assert (rule.code, rule.length, rule.counting, rule.article) == (
        "notification_limit",
        60,
        Counting.CALENDAR_DAYS,
        "Art. 46 §1; Art. 53 II",
    )
    assert (APPEAL.length, APPEAL.counting, APPEAL.article) == (
        30,
        Counting.BUSINESS_DAYS,
        "Art. 63",
    )
    assert (PAYMENT.length, PAYMENT.counting, PAYMENT.article) == (
        10,
        Counting.CALENDAR_DAYS,
        "Art. 55 I",
    )
    assert (REVOCATION_APPEAL.length, REVOCATION_APPEAL.counting, REVOCATION_APPEAL.article) == (
        10,
        Counting.BUSINESS_DAYS,
        "Art. 59 §2",
    )
    assert {code: RULES[code] for code in ("notification_limit", "appeal", "payment",
                                           "revocation_appeal")} == {
        "notification_limit": NOTIFICATION_LIMIT,
        "appeal": APPEAL,
        "payment": PAYMENT,
        "revocation_appeal": REVOCATION_APPEAL,
    }
    assert RULES["judicial_seizure_communication"] is JUDICIAL_SEIZURE_COMMUNICATION
    assert all(code == rule.code for code, rule in RULES.items())


def test_periods_and_terms_are_rules_too_arts_18_24_27_59_62() -> None:
    assert [
        (rule.length, rule.counting, rule.article)
        for rule in (SUSPENSION_ON_REQUEST, PENALTY_SUSPENSION, PENALTY_IMPEDIMENT, SEIZURE,
                     REGISTRATION_TERM, AUXILIARY_TERM)
    ] == [
        (None, Counting.PERIOD_DAYS, "Art. 24"),
        (None, Counting.PERIOD_DAYS, "Art. 59 III"),
        (None, Counting.PERIOD_DAYS, "Art. 59 IV a"),
        (15, Counting.PERIOD_DAYS, "Art. 62 I"),
        (12, Counting.MONTHS, "Art. 18"),
        (12, Counting.MONTHS, "Art. 27 §1"),
    ]


def test_a_period_served_counts_its_first_day_and_does_not_move_art24_art62() -> None:
    # given a 15-day seizure from Friday 3 April 2026 (Good Friday)
    # when / then it ends on Friday 17 April, a business day or not
    assert due_date(SEIZURE, D(2026, 4, 3), PLAIN) == D(2026, 4, 17)
    # a 1-day suspension ends on its first day; a Sunday last day stays a Sunday
    assert due_date(SUSPENSION_ON_REQUEST, D(2026, 4, 3), PLAIN, length=1) == D(2026, 4, 3)
    assert due_date(PENALTY_SUSPENSION, D(2026, 4, 4), PLAIN, length=2) == D(2026, 4, 5)


def test_a_term_in_months_ends_on_the_eve_of_the_same_date_art18_art27_par1() -> None:
    assert due_date(REGISTRATION_TERM, D(2026, 3, 2), PLAIN) == D(2027, 3, 1)
    # 29 February: the year expires on 1 March 2029 (Código Civil art. 132 §3), so the term
    # runs through 28 February (issue 9, item 12)
    assert due_date(AUXILIARY_TERM, D(2028, 2, 29), PLAIN) == D(2029, 2, 28)


def test_a_rule_whose_length_the_decision_fixes_needs_it_art24() -> None:
    with pytest.raises(ValueError):
        due_date(SUSPENSION_ON_REQUEST, D(2026, 4, 3), PLAIN)
    with pytest.raises(ValueError):
        due_date(SEIZURE, D(2026, 4, 3), PLAIN, length=0)


def test_counting_values_are_storable_strings_art63() -> None:
    assert Counting.BUSINESS_DAYS.value == "business_days"
    assert isinstance(Counting.BUSINESS_DAYS, str)
    assert Counting("calendar_days") is Counting.CALENDAR_DAYS
    assert Counting.BUSINESS_DAYS.label == "dias úteis"
    assert Counting.CALENDAR_DAYS.label == "dias corridos"


def test_due_date_applies_a_custom_rule_art63() -> None:
    # given a 1-business-day rule starting on Good Friday
    rule = DeadlineRule("custom", 1, Counting.BUSINESS_DAYS, "Art. 63")
    # when / then the start is protracted to Monday 6 April (CPC art. 224 §§1 and 3) and
    # day 1 is Tuesday 7 April
    assert due_date(rule, D(2026, 4, 3), PLAIN) == D(2026, 4, 7)


@PROPERTY_SETTINGS
@given(
    calendar=calendars,
    start=dates,
    rule=st.sampled_from([APPEAL, REVOCATION_APPEAL]),
)
def test_business_day_deadline_lands_on_business_day_after_start_art63_art59_par2(
    calendar: Calendar, start: dt.date, rule: DeadlineRule
) -> None:
    # when
    due = due_date(rule, start, calendar)
    # then
    assert due > start
    assert calendar.is_business_day(due)
    assert rule.length is not None
    assert due >= start + dt.timedelta(days=rule.length)


@PROPERTY_SETTINGS
@given(
    calendar=calendars,
    start=dates,
    rule=st.sampled_from([NOTIFICATION_LIMIT, PAYMENT]),
)
def test_calendar_day_deadline_lands_on_business_day_not_before_target_art46_art55(
    calendar: Calendar, start: dt.date, rule: DeadlineRule
) -> None:
    # when
    due = due_date(rule, start, calendar)
    # then
    assert rule.length is not None
    assert due >= start + dt.timedelta(days=rule.length)
    assert calendar.is_business_day(due)
