"""When a request will be decided, measured from the timeline (issue 24 §2), and the
Carta de Serviços generated from the workflow tables (Lei 13.460/2017 art. 7)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
from django.utils import timezone

from cases.models import AuditEvent, ProcessingTime
from cases.selectors import case_timeline, decision_outlooks
from cases.services.processing_times import median_days, p90_days, processing_times_refresh
from cases.tasks import refresh_processing_times
from cases.workflow import all_workflows
from config.schedule import BEAT_SCHEDULE
from tests.factories import SuspensionCaseFactory
from workflows.suspension.models import SuspensionState

pytestmark = pytest.mark.django_db

DAY0 = dt.date(2026, 3, 2)


def _at(days: int) -> dt.datetime:
    """Noon, local time, `days` after DAY0 (no day boundary near)."""
    return timezone.make_aware(dt.datetime.combine(DAY0 + dt.timedelta(days=days), dt.time(12)))


def _closed_case(*, to_decision: int, total: int) -> None:
    """A suspension filed on DAY0, sent to the mayor's decision on day `to_decision`,
    decided (closed) on day `total`."""
    case = SuspensionCaseFactory(state=SuspensionState.DENIED, opened_at=_at(0))
    events = [
        ("", SuspensionState.FILED, "open", 0),
        (SuspensionState.FILED, SuspensionState.AWAITING_DECISION, "accept", to_decision),
        # A note in the same state does not restart the clock.
        (
            SuspensionState.AWAITING_DECISION,
            SuspensionState.AWAITING_DECISION,
            "claim",
            to_decision + 1 if to_decision + 1 < total else to_decision,
        ),
        (SuspensionState.AWAITING_DECISION, SuspensionState.DENIED, "deny", total),
    ]
    for source, target, transition, day in events:
        AuditEvent.objects.create(
            case=case, at=_at(day), from_state=source, to_state=target, transition=transition
        )
    type(case).objects.filter(pk=case.pk).update(closed_at=_at(total))


# (days to the mayor, days to the decision) of five closed cases:
# from filing: 2, 4, 6, 8, 10 -> median 6, 90th percentile (5th of 5) 10;
# from the mayor's desk: 1, 3, 3, 6, 10 -> median 3, 90th percentile 10.
SEEDED = [(1, 2), (1, 4), (3, 6), (2, 8), (0, 10)]


def test_percentiles_median_of_even_count_and_nearest_rank_p90():
    assert median_days([1, 2, 3, 4]) == Decimal("2.5")
    assert p90_days(list(range(1, 11))) == 9
    assert p90_days([7]) == 7


def test_the_nightly_measure_equals_the_durations_seeded_in_the_timeline():
    for to_decision, total in SEEDED:
        _closed_case(to_decision=to_decision, total=total)
    # An open case is not measured: it has not been decided.
    SuspensionCaseFactory(state=SuspensionState.FILED, opened_at=_at(0))

    stored = refresh_processing_times()

    rows = {r.state: r for r in ProcessingTime.objects.filter(kind="suspension")}
    assert stored == len(rows) == 2
    assert (rows["filed"].samples, rows["filed"].median_days, rows["filed"].p90_days) == (
        5,
        Decimal("6.0"),
        10,
    )
    awaiting = rows["awaiting_decision"]
    assert (awaiting.samples, awaiting.median_days, awaiting.p90_days) == (5, Decimal("3.0"), 10)
    # Run twice, the same table (idempotent nightly task).
    processing_times_refresh()
    assert ProcessingTime.objects.count() == 2


def test_the_beat_recomputes_the_measured_times_nightly():
    entry = next(
        e for e in BEAT_SCHEDULE.values() if e["task"] == "cases.tasks.refresh_processing_times"
    )
    assert entry["schedule"].hour == {3}


def test_an_open_request_expects_its_decision_from_the_day_it_entered_its_state():
    for to_decision, total in SEEDED:
        _closed_case(to_decision=to_decision, total=total)
    processing_times_refresh()
    first = SuspensionCaseFactory(state=SuspensionState.AWAITING_DECISION, opened_at=_at(20))
    second = SuspensionCaseFactory(state=SuspensionState.AWAITING_DECISION, opened_at=_at(21))
    AuditEvent.objects.create(
        case=second,
        at=_at(25),
        from_state="filed",
        to_state="awaiting_decision",
        transition="accept",
    )

    outlooks = decision_outlooks([first, second], in_line={first.pk, second.pk})

    # No entry recorded: counted from the filing.
    assert outlooks[first.pk].entered_on == DAY0 + dt.timedelta(days=20)
    assert outlooks[first.pk].expected_on == DAY0 + dt.timedelta(days=23)
    assert outlooks[first.pk].latest_on == DAY0 + dt.timedelta(days=30)
    assert (outlooks[first.pk].position, outlooks[first.pk].in_line) == (1, 2)
    assert outlooks[second.pk].expected_on == DAY0 + dt.timedelta(days=28)
    assert (outlooks[second.pk].position, outlooks[second.pk].in_line) == (2, 2)


def test_the_case_page_counts_the_entry_from_the_events_it_shows_as_the_lists_do():
    """The case page passes the timeline it read (cases.selectors.decision_outlooks
    `events=`): the day the case last entered its state is the one the lists' aggregate
    finds — a return to an earlier state restarts it, a note in the same state does not."""
    for to_decision, total in SEEDED:
        _closed_case(to_decision=to_decision, total=total)
    processing_times_refresh()
    case = SuspensionCaseFactory(state=SuspensionState.AWAITING_DECISION, opened_at=_at(20))
    for source, target, day in [
        ("", SuspensionState.FILED, 20),
        (SuspensionState.FILED, SuspensionState.AWAITING_DECISION, 22),
        (SuspensionState.AWAITING_DECISION, SuspensionState.FILED, 24),
        (SuspensionState.FILED, SuspensionState.AWAITING_DECISION, 26),
        (SuspensionState.AWAITING_DECISION, SuspensionState.AWAITING_DECISION, 27),
    ]:
        AuditEvent.objects.create(
            case=case, at=_at(day), from_state=source, to_state=target, transition="t"
        )

    from_events = decision_outlooks([case], events=list(case_timeline(case)))[case.pk]

    assert from_events == decision_outlooks([case])[case.pk]
    assert from_events.entered_on == DAY0 + dt.timedelta(days=26)


def test_the_carta_de_servicos_is_public_and_shows_measured_and_legal_times_lei_13460_art7(
    client,
):
    for to_decision, total in SEEDED:
        _closed_case(to_decision=to_decision, total=total)
    processing_times_refresh()

    page = client.get("/carta-de-servicos/suspension/")

    assert page.status_code == 200
    html = page.content.decode()
    assert "6,0 dias" in html and "90% em até 10 dias" in html  # measured, from filing
    assert "Art. 24" in html  # the law's time (law.deadlines.SUSPENSION_ON_REQUEST)
    assert "Documento hábil que comprove o motivo" in html  # the kind's checklist
    assert 'data-testid="fees"' in html and 'data-testid="complaints"' in html
    assert 'data-state="awaiting_decision"' in html


def test_every_registered_kind_has_its_carta_de_servicos(client):
    """A kind registered later is listed and served with nothing else to write."""
    index = client.get("/carta-de-servicos/").content.decode()
    for workflow in all_workflows():
        assert f'/carta-de-servicos/{workflow.kind}/"' in index
        assert client.get(f"/carta-de-servicos/{workflow.kind}/").status_code == 200
    assert client.get("/carta-de-servicos/no-such-kind/").status_code == 404


def test_the_portal_shows_the_expected_date_and_the_place_in_line(client):
    for to_decision, total in SEEDED:
        _closed_case(to_decision=to_decision, total=total)
    processing_times_refresh()
    older = SuspensionCaseFactory(state=SuspensionState.AWAITING_DECISION, opened_at=_at(20))
    mine = SuspensionCaseFactory(state=SuspensionState.AWAITING_DECISION, opened_at=_at(21))
    client.force_login(mine.applicant.user)

    page = client.get("/portal/").content.decode()

    # Entered on day 21 (its filing): median 3 days, 90% within 10 (the mayor's desk).
    expected = (DAY0 + dt.timedelta(days=24)).strftime("%d/%m/%Y")
    latest = (DAY0 + dt.timedelta(days=31)).strftime("%d/%m/%Y")
    assert f"Decisão prevista: {expected} (9 em cada 10 até {latest})" in page
    assert "2º de 2 na fila" in page
    assert older.number not in page


def test_the_carta_de_servicos_reads_in_english(client):
    client.cookies["django_language"] = "en"
    page = client.get("/carta-de-servicos/suspension/", HTTP_ACCEPT_LANGUAGE="en").content
    html = page.decode()
    assert "Service Charter" in html and "Where to complain" in html and "Steps" in html
    assert "Onde reclamar" not in html and "Etapas" not in html


def test_a_long_line_is_counted_up_to_a_cap_and_told_as_more_than(client, monkeypatch):
    # Issue 25: the count of a line is bounded; past the cap the portal says "more than".
    monkeypatch.setattr("cases.selectors.LINE_COUNT_CAP", 2)
    ahead = [
        SuspensionCaseFactory(state=SuspensionState.AWAITING_DECISION, opened_at=_at(day))
        for day in (20, 21, 22)
    ]
    mine = SuspensionCaseFactory(state=SuspensionState.AWAITING_DECISION, opened_at=_at(23))
    outlooks = decision_outlooks([ahead[1], mine], in_line={ahead[1].pk, mine.pk})
    assert (outlooks[ahead[1].pk].position, outlooks[ahead[1].pk].line_capped) == (2, True)
    assert outlooks[mine.pk].ahead_capped

    client.force_login(mine.applicant.user)
    page = client.get("/portal/").content.decode()
    assert "mais de 2 processos à frente na fila" in page
    client.force_login(ahead[1].applicant.user)
    assert "2º na fila (mais de 2 aguardando)" in client.get("/portal/").content.decode()
