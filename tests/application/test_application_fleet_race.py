"""Races with real commits: the last place under the cap (Art. 22 §2), one filing per CPF."""

from __future__ import annotations

import datetime as dt
import threading

import pytest
from django.db import connection

from accounts.roles import Role
from cases.errors import DomainError
from cases.models import AuditEvent
from cases.services.transitions import local_today
from tests.application.factories import (
    ApplicationCaseFactory,
    applicant_data,
    document_files,
    population,
    vehicle_data,
)
from tests.factories import AuthorizationFactory, UserFactory
from workflows.application.models import ApplicationCase, ApplicationState, FleetLock
from workflows.application.selectors import fleet_status
from workflows.application.services import application_approve_review, application_file


def _race(*calls):
    """Run the calls at the same instant, each on its own connection; their outcomes."""
    barrier = threading.Barrier(len(calls))
    outcomes: list[object] = [None] * len(calls)

    def run(index, call):
        try:
            barrier.wait(timeout=10)
            outcomes[index] = call()
        except DomainError as exc:
            outcomes[index] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return outcomes


@pytest.mark.parametrize("round_", range(3))
@pytest.mark.django_db(transaction=True)
def test_two_approvals_racing_for_the_last_place_exactly_one_gets_it_art22_p2(round_):
    # Given a cap of 2 (1,000 inhabitants) with one authorization in force: one place left
    today = local_today()
    FleetLock.objects.get_or_create(id=1)  # as in production (migration 0002)
    population(1_000)
    AuthorizationFactory(granted_on=dt.date(2019, 5, 2), predates_law=True)
    cases = [ApplicationCaseFactory(in_review=True) for _ in range(2)]
    clerks = [UserFactory(role=Role.CLERK) for _ in range(2)]
    # When two clerks approve both applications at the same instant
    outcomes = _race(
        *[
            lambda case=case, clerk=clerk: application_approve_review(
                case=case, actor=clerk, today=today
            )
            for case, clerk in zip(cases, clerks, strict=True)
        ]
    )
    # Then both approvals stand, and exactly one got the place; the other waits
    assert all(isinstance(outcome, ApplicationCase) for outcome in outcomes), outcomes
    states = sorted(ApplicationCase.objects.values_list("state", flat=True))
    assert states == [ApplicationState.AWAITING_HOMOLOGATION, ApplicationState.WAITING_LIST]
    assert AuditEvent.objects.filter(transition="grant_place").count() == 1
    assert AuditEvent.objects.filter(transition="enter_waiting_list").count() == 1
    status = fleet_status(today)
    assert (status.occupied, status.cap, status.free) == (2, 2, 0)


@pytest.mark.django_db(transaction=True)
def test_two_filings_for_the_same_new_cpf_at_once_only_one_case_is_opened_art22_p4():
    declared = applicant_data()
    users = [UserFactory(role=Role.CLERK) for _ in range(2)]
    outcomes = _race(
        *[
            lambda user=user: application_file(
                actor=user, applicant=declared, vehicle=vehicle_data(),
                documents=document_files(),
            )
            for user in users
        ]
    )
    opened = [o for o in outcomes if isinstance(o, ApplicationCase)]
    refused = [o for o in outcomes if isinstance(o, DomainError)]
    assert (len(opened), len(refused)) == (1, 1), outcomes
    assert (refused[0].http_status, refused[0].article) == (409, "Art. 22 §4")
    assert ApplicationCase.objects.count() == 1
