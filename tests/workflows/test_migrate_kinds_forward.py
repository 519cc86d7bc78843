"""Moving the suspension, the violation notice and the revocation into sub-apps of their own
keeps every case: a database migrated back to before the move, holding cases of every kind
written with the models of that time, migrates forward and reads the same through the
current models — state, fields, foreign keys from other kinds, audit trail, content types.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from decimal import Decimal
from zoneinfo import ZoneInfo

import pytest
from django.apps.registry import Apps
from django.contrib.auth.models import Permission
from django.contrib.contenttypes.models import ContentType
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from accounts.roles import Role
from cases.models import AuditEvent, Case
from tests.factories import AuthorizationFactory, UserFactory
from workflows.appeal.models import AppealCase
from workflows.complaint.models import ComplaintCase
from workflows.revocation.models import RevocationCase
from workflows.suspension.models import SuspensionCase
from workflows.violation.models import PenaltyPeriod, ViolationNotice

pytestmark = pytest.mark.django_db(transaction=True)

SP = ZoneInfo("America/Sao_Paulo")
AT = dt.datetime(2026, 3, 2, 9, 30, tzinfo=SP)

# Each app at its last migration before the move; the new apps not migrated at all.
BEFORE_THE_MOVE = [
    ("workflows", "0005_revocation_process"),
    ("appeal", "0001_initial"),
    ("complaint", "0001_initial"),
    ("suspension", None),
    ("violation", None),
    ("revocation", None),
]
MOVED_MODELS = {
    "suspensioncase": "suspension",
    "violationnotice": "violation",
    "penaltyperiod": "violation",
    "revocationcase": "revocation",
}


def _migrate(targets: list[tuple[str, str | None]]) -> Apps:
    """Migrate to `targets`; the models of every migration then applied, as they were."""
    MigrationExecutor(connection).migrate(targets)
    loader = MigrationExecutor(connection).loader
    return loader.project_state(list(loader.applied_migrations)).apps


def _leaves() -> list[tuple[str, str]]:
    return MigrationExecutor(connection).loader.graph.leaf_nodes()


@pytest.fixture
def installation() -> dict:
    """What an installation holds before the move and what the move does not touch: users,
    registers, the content types of the kinds' models with a permission on one of them."""
    content_type_ids = {
        model: ContentType.objects.get_or_create(app_label=label, model=model)[0].pk
        for model, label in MOVED_MODELS.items()
    }
    return {
        "clerk": UserFactory(role=Role.CLERK),
        "agent": UserFactory(role=Role.FISCAL_AGENT),
        "suspended": AuthorizationFactory(),
        "fined": AuthorizationFactory(),
        "revoked": AuthorizationFactory(),
        "content_type_ids": content_type_ids,
        "view_suspensions": Permission.objects.get_or_create(
            content_type_id=content_type_ids["suspensioncase"],
            codename="view_suspensioncase",
            defaults={"name": "Can view suspensão a pedido"},
        )[0],
    }


@pytest.fixture
def before_the_move(installation) -> Iterator[Apps]:
    """The historical models of the database as it was before the move; forward at the end
    whatever happens, so the next test finds the current schema."""
    try:
        yield _migrate(BEFORE_THE_MOVE)
    finally:
        _migrate(_leaves())
        ContentType.objects.clear_cache()


def _case(model, *, number: str, kind: str, state: str, **fields):
    year, sequence = number.split("/")
    return model.objects.create(
        number=number,
        year=int(year),
        sequence=int(sequence),
        kind=kind,
        state=state,
        opened_at=AT,
        **fields,
    )


def _events(old: Apps, case, *steps: tuple[str, str, str, str]) -> None:
    event = old.get_model("cases", "AuditEvent")
    for transition, from_state, to_state, article in steps:
        event.objects.create(
            case_id=case.pk,
            at=AT,
            transition=transition,
            from_state=from_state,
            to_state=to_state,
            article=article,
        )


def _trail(case: Case) -> list[tuple[str, str, str, str]]:
    return [
        (e.transition, e.from_state, e.to_state, e.article)
        for e in AuditEvent.objects.filter(case=case).order_by("id")
    ]


def test_cases_of_every_kind_written_before_the_move_read_the_same_after_it(
    installation, before_the_move
):
    # Given: users and registers (their tables do not move) ...
    clerk, agent = installation["clerk"], installation["agent"]
    suspended, fined, revoked = (installation[k] for k in ("suspended", "fined", "revoked"))
    content_type_ids = installation["content_type_ids"]
    view_suspensions = installation["view_suspensions"]
    old = before_the_move

    # ... the content types are the old app's again, as an existing installation has them,
    assert {
        model: old.get_model("contenttypes", "ContentType")
        .objects.get(app_label="workflows", model=model)
        .pk
        for model in MOVED_MODELS
    } == content_type_ids

    # ... and cases of every kind written with the models of that time.
    suspension = _case(
        old.get_model("workflows", "SuspensionCase"),
        number="2026/000101",
        kind="suspension",
        state="in_effect",
        applicant_id=suspended.holder_id,
        authorization_id=suspended.pk,
        filed_by_id=clerk.pk,
        ground="I",
        requested_days=30,
        reason="Veículo furtado (B.O. 123/2026).",
        start_on=dt.date(2026, 3, 3),
        end_on=dt.date(2026, 4, 1),
    )
    _events(
        old,
        suspension,
        ("file", "", "filed", "Art. 24"),
        ("accept", "filed", "awaiting_decision", "Art. 24 §1"),
        ("approve", "awaiting_decision", "in_effect", "Art. 24"),
    )
    notice = _case(
        old.get_model("workflows", "ViolationNotice"),
        number="2026/000102",
        kind="violation",
        state="notified",
        applicant_id=fined.holder_id,
        authorization_id=fined.pk,
        item="X",
        offender_id=fined.holder_id,
        vehicle_id=fined.vehicle_id,
        place="Praça Central",
        occurred_at=AT,
        issued_on=dt.date(2026, 3, 2),
        agent_id=agent.pk,
        fine_vrte=Decimal("50.00"),
        received_on=dt.date(2026, 3, 9),
        vrte_value=Decimal("4.7201"),
        fine_reais=Decimal("236.01"),
        assessment={"points": 4, "penalties": ["fine"]},
    )
    _events(
        old,
        notice,
        ("issue", "", "issued", "Art. 47"),
        ("send_notice", "issued", "notification_sent", "Art. 46"),
        ("notify", "notification_sent", "notified", "Art. 46 §2; Art. 47 §2"),
    )
    period = old.get_model("workflows", "PenaltyPeriod").objects.create(
        violation_id=notice.pk,
        authorization_id=fined.pk,
        kind="impediment",
        starts_on=dt.date(2026, 3, 10),
        ends_on=dt.date(2026, 3, 19),
    )
    revocation = _case(
        old.get_model("workflows", "RevocationCase"),
        number="2026/000103",
        kind="revocation",
        state="notified",
        applicant_id=revoked.holder_id,
        authorization_id=revoked.pk,
        ground_article="Art. 59 V b",
        reason="Descumprimento reiterado das determinações.",
        received_on=dt.date(2026, 3, 5),
        defence_due_on=dt.date(2026, 3, 19),
    )
    _events(
        old,
        revocation,
        ("open", "", "opened", "Art. 59 V b"),
        ("send_notice", "opened", "notice_sent", "Art. 59 §2; Art. 46"),
    )
    appeal = _case(
        old.get_model("appeal", "AppealCase"),
        number="2026/000104",
        kind="appeal",
        state="review",
        applicant_id=fined.holder_id,
        authorization_id=fined.pk,
        notice_id=notice.pk,
        filed_on=dt.date(2026, 3, 12),
        filer_kind="driver",
        qualification="Titular do Termo.",
        facts_and_law="O veículo estava estacionado.",
    )
    _events(old, appeal, ("file", "", "review", "Art. 63"))
    complaint = _case(
        old.get_model("complaint", "ComplaintCase"),
        number="2026/000105",
        kind="complaint",
        state="converted",
        plate=fined.vehicle.plate,
        taxi_id=fined.pk,
        occurred_at=AT,
        place="Praça Central",
        account="Cobrou acima da tarifa.",
    )
    complaint.notices.add(notice.pk)
    _events(old, complaint, ("receive", "", "received", "Art. 39 IV e VI"))

    # When: the database migrates forward through the move.
    _migrate(_leaves())
    ContentType.objects.clear_cache()

    # Then: every case reads the same through the current models, ...
    moved = SuspensionCase.objects.get(number="2026/000101")
    assert (moved.state, moved.ground, moved.requested_days, moved.start_on, moved.end_on) == (
        "in_effect",
        "I",
        30,
        dt.date(2026, 3, 3),
        dt.date(2026, 4, 1),
    )
    assert (moved.authorization_id, moved.applicant_id, moved.filed_by_id) == (
        suspended.pk,
        suspended.holder_id,
        clerk.pk,
    )
    assert Case.objects.get(pk=suspension.pk).specific() == moved
    assert _trail(moved) == [
        ("file", "", "filed", "Art. 24"),
        ("accept", "filed", "awaiting_decision", "Art. 24 §1"),
        ("approve", "awaiting_decision", "in_effect", "Art. 24"),
    ]

    issued = ViolationNotice.objects.get(number="2026/000102")
    assert (
        issued.state,
        issued.item,
        issued.offender_id,
        issued.vehicle_id,
        issued.agent_id,
        issued.fine_vrte,
        issued.fine_reais,
        issued.received_on,
        issued.assessment,
    ) == (
        "notified",
        "X",
        fined.holder_id,
        fined.vehicle_id,
        agent.pk,
        Decimal("50.00"),
        Decimal("236.01"),
        dt.date(2026, 3, 9),
        {"points": 4, "penalties": ["fine"]},
    )
    assert [(p.pk, p.kind, p.starts_on, p.ends_on) for p in issued.penalty_periods.all()] == [
        (period.pk, PenaltyPeriod.Kind.IMPEDIMENT, dt.date(2026, 3, 10), dt.date(2026, 3, 19))
    ]
    assert _trail(issued) == [
        ("issue", "", "issued", "Art. 47"),
        ("send_notice", "issued", "notification_sent", "Art. 46"),
        ("notify", "notification_sent", "notified", "Art. 46 §2; Art. 47 §2"),
    ]

    opened = RevocationCase.objects.get(number="2026/000103")
    assert (opened.state, opened.ground_article, opened.defence_due_on) == (
        "notified",
        "Art. 59 V b",
        dt.date(2026, 3, 19),
    )
    assert [e[0] for e in _trail(opened)] == ["open", "send_notice"]

    # ... the other kinds' foreign keys reach the moved notice, ...
    assert AppealCase.objects.get(number="2026/000104").notice == issued
    assert list(issued.appeals.values_list("number", flat=True)) == ["2026/000104"]
    assert list(ComplaintCase.objects.get(number="2026/000105").notices.all()) == [issued]
    assert list(issued.complaints.values_list("number", flat=True)) == ["2026/000105"]

    # ... and the content types (with the permissions on them) follow the models.
    assert {
        model: ContentType.objects.get_for_model(cls).pk
        for model, cls in {
            "suspensioncase": SuspensionCase,
            "violationnotice": ViolationNotice,
            "penaltyperiod": PenaltyPeriod,
            "revocationcase": RevocationCase,
        }.items()
    } == content_type_ids
    assert not ContentType.objects.filter(app_label="workflows").exists()
    view_suspensions.refresh_from_db()
    assert view_suspensions.content_type == ContentType.objects.get_for_model(SuspensionCase)
