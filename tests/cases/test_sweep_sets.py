"""Art. 24 at scale (issue 13): a batch of suspensions ending is applied set-based, and
writes exactly what the row-by-row path writes — the same transitions, the same timeline
entries, the same authorizations back in service and the same ones kept suspended.

Each test builds the same situations twice, sweeps one copy row by row
(`DEADLINE_SWEEP_SETS` off) and the other set-based, and compares what each left.
"""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from cases.models import AuditEvent, Deadline
from cases.services.deadlines import deadline_fix, deadlines_sweep
from cases.services.transitions import case_act
from law import deadlines as law_deadlines
from registers.models import Authorization
from tests.factories import (
    AuthorizationFactory,
    SuspensionCaseFactory,
    UserFactory,
    ViolationNoticeFactory,
)
from workflows.authorizations import case_authorization_suspend
from workflows.suspension.models import SuspensionCase, SuspensionState
from workflows.suspension.services import (
    END_DEADLINE,
    suspension_approve,
    suspension_file,
    suspension_request_extension,
)
from workflows.violation.models import PenaltyPeriod

pytestmark = pytest.mark.django_db

APPROVED_ON = dt.date(2026, 3, 2)  # 30 days: last day 31 March
SWEPT_ON = dt.date(2026, 4, 1)


@pytest.fixture
def mayor():
    from accounts.roles import Role

    return UserFactory(role=Role.MAYOR)


def _in_effect(clerk, mayor) -> SuspensionCase:
    driver = AuthorizationFactory().holder
    case = suspension_file(actor=driver.user, driver=driver, ground="IV", days=30)
    case_act(case=case, action="accept", actor=clerk)
    return suspension_approve(case=case, actor=mayor, today=APPROVED_ON)


def _situations(clerk, mayor) -> dict[str, list[SuspensionCase]]:
    """Every way a suspension's last day can find it."""
    free = _in_effect(clerk, mayor)
    under_penalty = _in_effect(clerk, mayor)
    assert under_penalty.authorization is not None
    notice = ViolationNoticeFactory(authorization=under_penalty.authorization)
    PenaltyPeriod.objects.create(
        violation=notice,
        authorization=under_penalty.authorization,
        kind=PenaltyPeriod.Kind.SUSPENSION,
        starts_on=dt.date(2026, 3, 10),
        ends_on=dt.date(2026, 5, 8),
    )
    case_authorization_suspend(
        authorization=under_penalty.authorization, case=notice, actor=None, article="Art. 59 III"
    )
    # An extension asked for and not yet decided: the suspension still ends on its day.
    extension_pending = _in_effect(clerk, mayor)
    suspension_request_extension(
        case=extension_pending, actor=extension_pending.applicant.user, days=10
    )
    # A row gone stale: the last day moved after the row was written.
    moved = _in_effect(clerk, mayor)
    SuspensionCase.objects.filter(pk=moved.pk).update(end_on=dt.date(2026, 4, 20))
    return {
        "free": [free],
        "under_penalty": [under_penalty],
        "extension_pending": [extension_pending],
        "moved": [moved],
        "two_on_one_authorization": _two_on_one_authorization(),
    }


def _two_on_one_authorization() -> list[SuspensionCase]:
    """Two suspensions of one authorization ending together (imported history): the
    authorization returns to service once, at the end of the second."""
    authorization = AuthorizationFactory(status=Authorization.Status.SUSPENDED)
    cases = []
    for end_on in (dt.date(2026, 3, 30), dt.date(2026, 3, 31)):
        case = SuspensionCaseFactory(
            authorization=authorization,
            state=SuspensionState.IN_EFFECT,
            start_on=APPROVED_ON,
            end_on=end_on,
        )
        deadline_fix(
            rule=law_deadlines.SUSPENSION_ON_REQUEST,
            kind=END_DEADLINE,
            label="Fim da suspensão",
            due_on=end_on,
            case=case,
        )
        cases.append(case)
    return cases


def _outcome(situations: dict[str, list[SuspensionCase]], since: int) -> dict[str, object]:
    """What the sweep left, with what differs between two copies (ids, numbers, times)
    taken out."""
    result: dict[str, object] = {}
    for name, cases in situations.items():
        numbers = {}
        for case in cases:
            assert case.authorization is not None
            numbers[case.authorization.number] = "<authorization>"
        result[name] = [
            {
                "state": fresh.state,
                "closed": fresh.closed_at is not None,
                "overdue_by_rule": fresh.overdue_by_rule,
                "next_due_on": fresh.next_due_on,
                "authorization": Authorization.objects.get(pk=fresh.authorization_id).status,
                "rows": sorted(
                    (row.kind, row.state, row.resolved_at is not None)
                    for row in Deadline.objects.filter(case=fresh)
                ),
                "events": [
                    (
                        e.transition,
                        e.from_state,
                        e.to_state,
                        e.article,
                        e.note,
                        e.actor_id,
                        {k: numbers.get(v, v) for k, v in e.data.items()},
                    )
                    for e in AuditEvent.objects.filter(case=fresh, pk__gt=since).order_by("pk")
                ],
            }
            for fresh in SuspensionCase.objects.filter(pk__in=[c.pk for c in cases]).order_by("pk")
        ]
    return result


def _swept(clerk, mayor, settings, *, sets: bool) -> tuple[dict[str, object], list[str]]:
    settings.DEADLINE_SWEEP_SETS = sets
    situations = _situations(clerk, mayor)
    since = AuditEvent.objects.order_by("-pk").values_list("pk", flat=True).first()
    with CaptureQueriesContext(connection) as ctx:
        deadlines_sweep(today=SWEPT_ON)
    return _outcome(situations, since), [q["sql"] for q in ctx.captured_queries]


def test_art_24_suspensions_ending_together_are_applied_as_a_set_with_the_row_paths_writes(
    clerk, mayor, settings
):
    one_by_one, _ = _swept(clerk, mayor, settings, sets=False)
    as_a_set, sql = _swept(clerk, mayor, settings, sets=True)

    assert as_a_set == one_by_one
    # The set really ran, and was not rolled back into the row path: the cases'
    # transitions in one UPDATE for the batch, and no row undone.
    assert any(s.startswith('UPDATE "cases_case"') and "CASE WHEN" in s for s in sql)
    assert not any("ROLLBACK TO SAVEPOINT" in s for s in sql), sql
    # And what both wrote is what Art. 24 says.
    assert one_by_one["free"][0]["state"] == SuspensionState.ENDED  # type: ignore[index]
    assert one_by_one["free"][0]["authorization"] == "active"  # type: ignore[index]
    assert [e[0] for e in one_by_one["free"][0]["events"]] == [  # type: ignore[index]
        "end",
        "authorization_reactivated",
    ]
    assert one_by_one["under_penalty"][0]["authorization"] == "suspended"  # type: ignore[index]
    assert one_by_one["extension_pending"][0]["state"] == SuspensionState.ENDED  # type: ignore[index]
    assert one_by_one["moved"][0]["state"] == SuspensionState.IN_EFFECT  # type: ignore[index]
    assert one_by_one["moved"][0]["rows"] == [("suspension.end", "moot", True)]  # type: ignore[index]
    first, second = one_by_one["two_on_one_authorization"]  # type: ignore[misc]
    assert [e[0] for e in first["events"]] == ["end"]
    assert [e[0] for e in second["events"]] == ["end", "authorization_reactivated"]


def test_art_24_a_set_that_fails_leaves_every_row_to_the_row_path(clerk, mayor, settings):
    """One case of the batch cannot be ended (its authorization is missing): the set is
    rolled back whole, and the row path ends the others and records the one failure."""
    settings.DEADLINE_SWEEP_SETS = True
    cases = [_in_effect(clerk, mayor) for _ in range(3)]
    broken = cases[1]
    # Inconsistent on purpose: a suspension of no authorization cannot release one.
    SuspensionCase.objects.filter(pk=broken.pk).update(authorization=None)

    with CaptureQueriesContext(connection) as ctx:
        report = deadlines_sweep(today=SWEPT_ON)

    assert report.applied == 2 and report.retried == 1
    # The set's savepoint undone (what the first test checks did not happen), then the
    # failing row's own.
    rollbacks = [q["sql"] for q in ctx.captured_queries if "ROLLBACK TO SAVEPOINT" in q["sql"]]
    assert len(rollbacks) == 2
    states = dict(
        SuspensionCase.objects.filter(pk__in=[c.pk for c in cases]).values_list("pk", "state")
    )
    assert states == {
        cases[0].pk: SuspensionState.ENDED,
        broken.pk: SuspensionState.IN_EFFECT,
        cases[2].pk: SuspensionState.ENDED,
    }
    assert Deadline.objects.get(case=broken).last_error
