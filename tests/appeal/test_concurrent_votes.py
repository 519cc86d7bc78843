"""Art. 52: two members cast the deciding vote at the same moment — one decision, one PDF,
one letter, one set of points; the late vote gets a conflict."""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from cases.errors import StateConflict
from cases.models import AuditEvent
from cases.services.transitions import case_act
from documents.models import OfficialDocument
from notifications.models import Notification
from registers.models import PointRecord
from tests.appeal.factories import commission, filed_appeal
from tests.factories import PASSWORD
from workflows.appeal.models import AppealCase, AppealState, Outcome, Vote
from workflows.violation.models import ViolationNotice, ViolationState


@pytest.fixture
def no_broker(monkeypatch):
    # The rows are what this test checks; the tasks they start after commit are not.
    monkeypatch.setattr("documents.services._enqueue", lambda pk: None)
    monkeypatch.setattr("notifications.services._enqueue", lambda pk: None)


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("no_broker", "on_20_april_2026")
def test_two_deciding_votes_at_once_make_one_decision_art52(settings):
    # A fine upheld waits for its payment (Art. 55 II); a warning alone would be final.
    settings.FIRST_OFFENCE_WARNING = "as_well"
    seats = commission()
    first, second, third = (seats[s].holder for s in ("I", "II", "III"))
    appeal = filed_appeal()
    case_act(case=appeal, action="open_voting", actor=first)
    case_act(
        case=appeal,
        action="vote",
        actor=first,
        vote=Outcome.DENIED,
        reason="Mantenho.",
        password=PASSWORD,
    )
    barrier = threading.Barrier(2)
    outcomes: dict[int, str] = {}

    def vote(member):
        try:
            barrier.wait(timeout=10)
            case_act(
                case=appeal,
                action="vote",
                actor=member,
                vote=Outcome.DENIED,
                reason="Acompanho.",
                password=PASSWORD,
            )
            outcomes[member.pk] = "applied"
        except StateConflict:
            outcomes[member.pk] = "conflict"
        finally:
            connection.close()

    threads = [threading.Thread(target=vote, args=(m,)) for m in (second, third)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    assert sorted(outcomes.values()) == ["applied", "conflict"]
    assert AppealCase.objects.get(pk=appeal.pk).state == AppealState.DENIED
    assert Vote.objects.filter(appeal=appeal).count() == 2
    assert AuditEvent.objects.filter(case=appeal, transition="deny").count() == 1
    assert (
        OfficialDocument.objects.filter(
            case=appeal, kind=OfficialDocument.Kind.APPEAL_DECISION
        ).count()
        == 1
    )
    assert (
        Notification.objects.filter(
            case=appeal, channel=Notification.Channel.REGISTERED_POST
        ).count()
        == 1
    )
    assert ViolationNotice.objects.get(pk=appeal.notice_id).state == ViolationState.UPHELD
    assert PointRecord.objects.count() == 1
