"""Art. 24 §2: after a court order takes the vehicle, the holder communicates it with the
order within 30 days; only then may he substitute the vehicle on that ground (issue 9,
item 14)."""

from __future__ import annotations

import datetime as dt

import pytest

from law.calendar import Calendar
from law.deadlines import JUDICIAL_SEIZURE_COMMUNICATION, RULES, due_date
from law.errors import LawError
from law.suspension import check_seizure_communicated_in_time, seizure_communication_deadline

D = dt.date
PLAIN = Calendar()


def test_art_24_p2_the_30_days_are_calendar_days_ending_on_a_business_day() -> None:
    assert RULES["judicial_seizure_communication"] is JUDICIAL_SEIZURE_COMMUNICATION
    assert (JUDICIAL_SEIZURE_COMMUNICATION.length, JUDICIAL_SEIZURE_COMMUNICATION.article) == (
        30, "Art. 24 §2"
    )
    # seized on 05/03/2026: 30 days end on Saturday 04/04/2026, so Monday 06/04/2026
    assert seizure_communication_deadline(D(2026, 3, 5), PLAIN) == D(2026, 4, 6)
    assert due_date(JUDICIAL_SEIZURE_COMMUNICATION, D(2026, 3, 5), PLAIN) == D(2026, 4, 6)


def test_art_24_p2_a_communication_after_the_30_days_does_not_allow_the_substitution() -> None:
    check_seizure_communicated_in_time(
        seized_on=D(2026, 3, 5), communicated_on=D(2026, 4, 6), calendar=PLAIN
    )
    with pytest.raises(LawError) as refused:
        check_seizure_communicated_in_time(
            seized_on=D(2026, 3, 5), communicated_on=D(2026, 4, 7), calendar=PLAIN
        )
    assert refused.value.article == "Art. 24 §2"
    assert "06/04/2026" in str(refused.value)
