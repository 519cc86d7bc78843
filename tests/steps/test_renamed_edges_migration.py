"""Existing timelines stay readable after the edges took the shared steps' names: the data
migrations rename the stored transitions of their own kind only."""

from __future__ import annotations

import importlib

import pytest
from django.apps import apps
from django.utils import timezone

from cases.models import AuditEvent
from tests.application.factories import ApplicationCaseFactory
from tests.transfer.factories import TransferCaseFactory

pytestmark = pytest.mark.django_db


def _event(case, transition):
    return AuditEvent.objects.create(
        case=case, at=timezone.now(), from_state="x", to_state="y", transition=transition
    )


def _transitions(case):
    return list(AuditEvent.objects.filter(case=case).order_by("id").values_list(
        "transition", flat=True
    ))


def test_a_transfer_timeline_names_the_inspection_edges_as_every_kind_does_art20():
    migration = importlib.import_module(
        "workflows.transfer.migrations.0002_inspection_edges_renamed"
    )
    transfer = TransferCaseFactory()
    other = ApplicationCaseFactory()
    for name in ("inspection_failed", "inspection_passed"):
        _event(transfer, name)
        _event(other, name)
    migration.forward(apps, None)
    assert _transitions(transfer) == ["fail_inspection", "pass_inspection"]
    assert _transitions(other) == ["inspection_failed", "inspection_passed"]
    migration.backward(apps, None)
    assert _transitions(transfer) == ["inspection_failed", "inspection_passed"]


def test_an_application_timeline_names_the_intake_accept_as_every_kind_does_art10():
    migration = importlib.import_module(
        "workflows.application.migrations.0003_accept_edge_renamed"
    )
    application = ApplicationCaseFactory()
    transfer = TransferCaseFactory()
    _event(application, "accept_documents")
    _event(transfer, "accept_documents")
    migration.forward(apps, None)
    assert (_transitions(application), _transitions(transfer)) == (
        ["accept"], ["accept_documents"],
    )
