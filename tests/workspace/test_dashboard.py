"""The secretariat's dashboard: charts drawn as inline SVG, every table exportable."""

from __future__ import annotations

import csv
import datetime as dt
import io
import re
from decimal import Decimal

import pytest
from django.utils import timezone
from openpyxl import load_workbook

from accounts.roles import Role
from registers.models import PointRecord, PopulationFigure
from tests.factories import (
    AuthorizationFactory,
    MunicipalRegistrationFactory,
    SuspensionCaseFactory,
    UserFactory,
    ViolationNoticeFactory,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def figures(authorization):
    PopulationFigure.objects.create(year=2020, population=12_000)  # cap: 24 (Art. 22 §2)
    SuspensionCaseFactory(authorization=authorization)
    SuspensionCaseFactory(authorization=authorization, closed_at=timezone.now())
    MunicipalRegistrationFactory(
        authorization=authorization, valid_until=timezone.localdate() + dt.timedelta(days=20)
    )
    notice = ViolationNoticeFactory(authorization=authorization, fine_reais=Decimal("450.00"))
    PointRecord.objects.create(
        driver=authorization.holder, violation=notice, on=timezone.localdate(),
        points=Decimal("18"), article="Art. 56",
    )
    return notice


def test_art_22_par_2_dashboard_draws_every_panel_as_svg(client, clerk, figures, authorization):
    client.force_login(clerk)
    response = client.get("/painel/")
    assert response.status_code == 200
    body = response.content.decode()
    for name in ("fleet", "waiting", "cases_monthly", "deadlines", "ims", "points", "fines",
                 "appeals"):
        assert f'id="panel-{name}"' in body
    assert body.count("<svg") >= 6
    assert "<script" not in body.split("<main>")[1]  # no inline script, no outside asset
    assert "Limite da frota (Art. 22 §2)</td><td>24" in body
    assert authorization.holder.name in body  # 18 points: near the 20 of Art. 59 V d


def test_art_59_v_d_points_table_lists_drivers_nearing_the_limit(client, clerk, figures):
    client.force_login(clerk)
    rows = list(csv.reader(io.StringIO(
        client.get("/painel/exportar/points.csv").content.decode("utf-8-sig")
    ), delimiter=";"))
    assert rows[0][:3] == ["Taxista", "Pontos em 12 meses", "Limite (Art. 59 V d)"]
    assert rows[1][1:3] == ["18,0", "20"]


def test_every_table_exports_to_csv_and_xlsx(client, clerk, figures):
    client.force_login(clerk)
    for name in ("fleet", "waiting", "cases_monthly", "deadlines", "ims", "points", "fines",
                 "appeals"):
        as_csv = client.get(f"/painel/exportar/{name}.csv")
        assert as_csv.status_code == 200, name
        assert as_csv["Content-Type"].startswith("text/csv")
        as_xlsx = client.get(f"/painel/exportar/{name}.xlsx")
        assert as_xlsx.status_code == 200, name
        book = load_workbook(io.BytesIO(as_xlsx.content))
        header = [c.value for c in next(book.active.iter_rows(max_row=1))]
        first_csv_line = as_csv.content.decode("utf-8-sig").splitlines()[0]
        assert header == first_csv_line.split(";")


def test_cases_per_month_counts_opened_and_closed(client, clerk, figures):
    client.force_login(clerk)
    text = client.get("/painel/exportar/cases_monthly.csv").content.decode("utf-8-sig")
    month = timezone.localdate().strftime("%m/%Y")
    assert f"{month};Suspensão a pedido;2;1" in text.splitlines()


def test_period_is_bounded(client, clerk):
    client.force_login(clerk)
    assert client.get("/painel/", {"start": "2020-01", "end": "2026-01"}).status_code == 400
    assert client.get("/painel/", {"start": "2026-05", "end": "2026-01"}).status_code == 400
    assert client.get("/painel/", {"start": "2025-01", "end": "2025-12"}).status_code == 200


def test_dashboard_is_the_secretariats(client):
    for role in (Role.FISCAL_AGENT, Role.COMMISSION_MEMBER, Role.DRIVER):
        client.force_login(UserFactory(role=role))
        assert client.get("/painel/").status_code == 403
        assert client.get("/painel/exportar/fleet.csv").status_code == 403
    client.force_login(UserFactory(role=Role.MAYOR))
    assert client.get("/painel/").status_code == 200
    assert client.get("/painel/exportar/nada.csv").status_code == 404
    assert client.get("/painel/exportar/fleet.pdf").status_code == 404


def test_search_results_export_all_pages(client, clerk):
    authorization = AuthorizationFactory()
    for _ in range(60):
        SuspensionCaseFactory(authorization=authorization)
    client.force_login(clerk)
    text = client.get("/painel/exportar/cases.csv", {"status": "all"}).content.decode("utf-8-sig")
    assert len(text.splitlines()) == 61
    assert client.get("/painel/exportar/cases.csv", {"state": "nada"}).status_code == 400


def test_dashboard_in_english(client, clerk):
    client.force_login(clerk)
    body = client.get("/painel/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "<h1>Secretariat's dashboard</h1>" in body
    assert "Fleet and cap (Art. 22 §2)" in body
    assert "Painel da Secretaria" not in body


@pytest.mark.parametrize(
    ("table", "column", "index"),
    [
        ("cases_case", "opened_at", "ws_case_opened_at"),
        ("workflows_violationnotice", "issued_on", "ws_violation_issued_on"),
    ],
)
def test_month_aggregates_read_a_bounded_range_through_an_index(table, column, index):
    from django.db import connection

    with connection.cursor() as cursor:
        # The indexes led by the column, over every row (a partial one cannot answer).
        cursor.execute(
            "SELECT indexname FROM pg_indexes WHERE tablename = %s AND indexdef NOT LIKE %s"
            " AND (indexdef LIKE %s OR indexdef LIKE %s)",
            [table, "% WHERE %", f"%({column})%", f"%({column} %"],
        )
        leading = {row[0] for row in cursor.fetchall()}
        cursor.execute("SET enable_seqscan = off")
        cursor.execute(
            f"EXPLAIN SELECT count(*) FROM {table} WHERE {column} >= %s AND {column} < %s",
            ["2026-01-01", "2026-12-31"],
        )
        plan = "\n".join(row[0] for row in cursor.fetchall())
        cursor.execute("SET enable_seqscan = on")
    assert index in leading
    # Any of them reads the range (with empty tables the planner's choice among equals
    # is arbitrary), bounded by the index's condition, not filtered row by row.
    assert any(re.search(rf"\b(using|on) {name}\b", plan) for name in leading), plan
    assert "Index Cond" in plan and "Filter" not in plan, plan
