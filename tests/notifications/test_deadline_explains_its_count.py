"""Issue 24 §3 — every deadline explains its count (Arts. 46, 55 I, 63; CPC arts. 219 and
224): the day and the event it counts from (here the AR's delivery, on a Saturday), the rule
and its article, the days counted and each day skipped with its reason (weekends, the ES
holidays by name, a day the municipality closed with its act), on the case page, the
portal and the API; the letter says how the counts its receipt starts will run.

Known calendar: Saturday 04/04/2026 is the AR's delivery day; 13/04 is Nossa Senhora da
Penha (ES), 21/04 Tiradentes, 01/05 Labour Day; 14/04 is declared closed by a decree.
"""

from __future__ import annotations

import datetime as dt
import io
import re
from zoneinfo import ZoneInfo

import pytest
import time_machine
from pypdf import PdfReader

from accounts.roles import Role
from cases.models import Deadline
from cases.services.transitions import case_act
from documents.services import document_pdf
from municipal.services.calendar import calendar_day_declare
from notifications.models import Notification
from notifications.post import letter_record_posting, letter_record_receipt
from registers.models import CalendarDay
from tests.factories import PASSWORD, AuthorizationFactory, UserFactory
from workflows.violation.services import violation_notice_issue

SP = ZoneInfo("America/Sao_Paulo")
D = dt.date
DECREE = "Decreto nº 7/2026"
pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fined(settings):
    settings.FIRST_OFFENCE_WARNING = "as_well"  # a fine, so a payment clock too (Art. 55 I)


@pytest.fixture
def notified(clerk):
    """A notice whose AR shows delivery on Saturday 04/04/2026, recorded on 06/04, after
    14/04 was declared closed."""
    with time_machine.travel(dt.datetime(2026, 3, 30, 15, tzinfo=SP), tick=False):
        notice = violation_notice_issue(
            agent=UserFactory(role=Role.FISCAL_AGENT),
            authorization=AuthorizationFactory(),
            item="X",
            occurred_at=dt.datetime(2026, 3, 30, 9, tzinfo=SP),
            place="Praça Central",
            password=PASSWORD,
        )
        case_act(case=notice, action="send_notice", actor=clerk, password=PASSWORD)
        calendar_day_declare(
            actor=UserFactory(role=Role.ADMINISTRATOR),
            day=D(2026, 4, 14),
            kind=CalendarDay.Kind.CLOSED,
            act=DECREE,
            today=D(2026, 3, 30),
        )
    letter = Notification.objects.get(case=notice, channel=Notification.Channel.REGISTERED_POST)
    with time_machine.travel(dt.datetime(2026, 4, 6, 10, tzinfo=SP), tick=False):
        letter_record_posting(
            notification=letter,
            actor=clerk,
            tracking_code="JT123456785BR",
            posted_on=D(2026, 3, 31),
        )
        letter_record_receipt(
            notification=letter,
            actor=clerk,
            delivered_on=D(2026, 4, 4),
            receiver_name="Maria da Silva",
            receiver_document="RG 123",
            ar_attached_on=D(2026, 4, 6),
        )
    return notice


def _row(notice, rule):
    return Deadline.objects.get(case=notice, rule=rule)


def test_art_46_the_rows_a_receipt_starts_record_that_the_ar_started_them(notified):
    assert _row(notified, "appeal").start_basis == "ar_delivery"
    assert _row(notified, "payment").start_basis == "ar_delivery"
    # The 60 days to notify ran from the finding, the rule's own start: nothing to add.
    assert _row(notified, "notification_limit").start_basis == ""


def test_art_63_cpc_224_the_api_explains_the_appeal_count_day_by_day(client, clerk, notified):
    client.force_login(clerk)
    deadlines = client.get(f"/api/cases/{notified.pk}/").json()["deadlines"]
    appeal = next(d for d in deadlines if d["kind"] == "violation.appeal_window")
    why = appeal["explanation"]
    assert (why["starts_on"], why["start_basis"], why["rule"], why["length"]) == (
        "2026-04-04",
        "ar_delivery",
        "appeal",
        30,
    )
    # Received on a Saturday: the start is Monday 06/04 (not counted), day 1 Tuesday 07/04.
    assert (why["count_from"], why["first_counted_day"]) == ("2026-04-06", "2026-04-07")
    skipped = {(s["day"], s["reason"], s["name"]) for s in why["skipped"]}
    assert ("2026-04-05", "sunday", "") in skipped
    assert ("2026-04-13", "public_holiday", "Nossa Senhora da Penha") in skipped
    assert ("2026-04-14", "closed", DECREE) in skipped
    assert ("2026-04-21", "public_holiday", "Tiradentes") in skipped
    assert ("2026-05-01", "public_holiday", "Dia do Trabalhador") in skipped
    assert appeal["due_on"] == "2026-05-22"  # one business day later than without the decree
    assert "sábado" in why["lines"][1] and "CPC Art. 224" in why["lines"][1]
    assert why["lines"][-1] == "Último dia: 22/05/2026 (sexta-feira), até o fim do dia."


def test_art_55_i_cpc_224_p1_the_payment_end_moved_past_the_closed_day_says_why(
    client, clerk, notified
):
    client.force_login(clerk)
    deadlines = client.get(f"/api/cases/{notified.pk}/").json()["deadlines"]
    payment = next(d for d in deadlines if d["kind"] == "violation.payment")
    # 04/04 + 10 = Tuesday 14/04, closed by the decree: Wednesday 15/04.
    assert payment["due_on"] == "2026-04-15"
    assert [(s["day"], s["reason"]) for s in payment["explanation"]["skipped"]] == [
        ("2026-04-14", "closed")
    ]
    assert any(DECREE in line for line in payment["explanation"]["lines"])


def test_art_63_the_case_page_and_the_portal_show_the_same_count(client, clerk, notified):
    client.force_login(clerk)
    page = client.get(f"/processos/{notified.pk}/").content.decode()
    assert page.count('data-testid="deadline-count"') >= 3
    assert "Nossa Senhora da Penha" in page and DECREE in page
    assert "entrega da carta registrada, na data do aviso de recebimento (AR)" in page
    client.force_login(notified.applicant.user)
    with time_machine.travel(dt.datetime(2026, 4, 7, 10, tzinfo=SP), tick=False):
        portal = client.get("/portal/").content.decode()
    assert 'data-testid="deadline-count"' in portal
    assert f"sem expediente: {DECREE}" in portal  # the payment, the nearest deadline


def test_art_63_in_english_the_holidays_are_named_in_english(client, clerk, notified):
    client.force_login(clerk)
    client.cookies["django_language"] = "en"
    deadlines = client.get(f"/api/cases/{notified.pk}/").json()["deadlines"]
    appeal = next(d for d in deadlines if d["kind"] == "violation.appeal_window")
    skipped = appeal["explanation"]["skipped"]
    names = {s["name"] for s in skipped if s["reason"] == "public_holiday"}
    assert {"Our Lady of Penha", "Tiradentes' Day"} <= names
    last = "Last day: 22/05/2026 (Friday), to the end of the day."
    assert appeal["explanation"]["lines"][-1] == last


def test_art_46_63_the_letter_says_how_the_counts_its_receipt_starts_will_run(notified):
    letter = Notification.objects.get(case=notified, channel=Notification.Channel.REGISTERED_POST)
    reader = PdfReader(io.BytesIO(document_pdf(letter.letter)))
    text = re.sub(r"\s+", " ", " ".join(page.extract_text() for page in reader.pages))
    assert "30 dias úteis contados do recebimento desta carta" in text
    assert "10 dias corridos contados do recebimento desta carta" in text
