"""A page for each driver, vehicle and Termo: cases, points, penalties, documents,
deadlines and history in one place — staff only."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
from django.utils import timezone

from accounts.roles import Role
from cases.models import AuditEvent, Deadline
from registers.models import PointRecord
from tests.factories import SuspensionCaseFactory, UserFactory, ViolationNoticeFactory
from workflows.violation.models import PenaltyPeriod

pytestmark = pytest.mark.django_db


@pytest.fixture
def history(authorization):
    case = SuspensionCaseFactory(authorization=authorization)
    notice = ViolationNoticeFactory(authorization=authorization)
    today = timezone.localdate()
    Deadline.objects.create(
        case=case, kind="x", label="Prazo para corrigir", due_on=today + dt.timedelta(days=5),
        counting="business_days", article="Art. 24",
    )
    PointRecord.objects.create(
        driver=authorization.holder, violation=notice, on=today - dt.timedelta(days=30),
        points=Decimal("7"), article="Art. 56",
    )
    PenaltyPeriod.objects.create(
        violation=notice, authorization=authorization, kind=PenaltyPeriod.Kind.SUSPENSION,
        starts_on=today, ends_on=today + dt.timedelta(days=10),
    )
    AuditEvent.objects.create(
        case=case, at=case.opened_at, to_state="filed", transition="open"
    )
    return case, notice


def test_art_59_v_driver_page_holds_cases_points_penalties_deadlines_history(
    client, clerk, authorization, history
):
    case, notice = history
    client.force_login(clerk)
    response = client.get(f"/taxistas/{authorization.holder_id}/")
    assert response.status_code == 200
    body = response.content.decode()
    assert case.number in body and notice.number in body
    assert "Prazo para corrigir" in body
    assert "7 pontos nos últimos 12 meses" in body
    assert "suspensão (Art. 59 III)" in body
    assert "Abertura do processo" in body
    assert authorization.number in body


def test_vehicle_and_termo_pages(client, clerk, authorization, history):
    case, notice = history
    client.force_login(clerk)
    vehicle = client.get(f"/veiculos/{authorization.vehicle_id}/")
    termo = client.get(f"/termos/{authorization.pk}/")
    assert vehicle.status_code == 200 and termo.status_code == 200
    for response in (vehicle, termo):
        body = response.content.decode()
        assert case.number in body and notice.number in body


def test_register_pages_are_for_staff(client, authorization):
    client.force_login(authorization.holder.user)
    for url in (
        f"/taxistas/{authorization.holder_id}/",
        f"/veiculos/{authorization.vehicle_id}/",
        f"/termos/{authorization.pk}/",
    ):
        assert client.get(url).status_code == 403
    client.force_login(UserFactory(role=Role.CLERK))
    assert client.get("/taxistas/999999/").status_code == 404


def test_saved_filters_are_each_users_own(client, clerk):
    client.force_login(clerk)
    response = client.post(
        "/busca/filtros/", {"name": "Meus encerrados", "query": "status=closed&kind=suspension"}
    )
    assert response.status_code == 302
    page = client.get("/busca/").content.decode()
    assert "Meus encerrados" in page and "?status=closed&amp;kind=suspension" in page
    again = client.post("/busca/filtros/", {"name": "Meus encerrados", "query": "status=all"})
    assert again.status_code == 302
    assert clerk.saved_filters.count() == 1
    saved = clerk.saved_filters.get()
    other = UserFactory(role=Role.CLERK)
    client.force_login(other)
    assert "Meus encerrados" not in client.get("/busca/").content.decode()
    assert client.post(f"/busca/filtros/{saved.pk}/apagar/").status_code == 404
    client.force_login(clerk)
    assert client.post(f"/busca/filtros/{saved.pk}/apagar/").status_code == 302
    assert clerk.saved_filters.count() == 0
