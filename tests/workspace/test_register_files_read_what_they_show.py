"""A driver's, a vehicle's and a Termo's file read the columns their tables draw, in
statements that do not grow with the file (issue 25): each document's and event's case is
the one read for the case list, and a file with more cases than it shows still names the
case of each row, and links to the search for the rest."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from accounts.models import PersonalDataAccess
from cases.models import AuditEvent
from registers.models import AuxiliaryBinding, Driver, PointRecord
from tests.factories import (
    DriverFactory,
    MunicipalRegistrationFactory,
    SubmittedDocumentFactory,
    SuspensionCaseFactory,
    ViolationNoticeFactory,
)
from workflows.violation.models import PenaltyPeriod
from workspace import dossiers

pytestmark = pytest.mark.django_db

# Session, user, the driver (whether he has bindings and points), the read log, his Termos
# (whether each was ever penalized), the cases, their documents, the deadlines, the
# events, the events' authors' groups, the IMs, the identifications (the bindings, points
# and penalties, had he any).
DRIVER_PAGE_QUERIES = 12


def _case_with_papers(authorization, actor, n):  # type: ignore[no-untyped-def]
    case = SuspensionCaseFactory(authorization=authorization)
    SubmittedDocumentFactory(case=case, original_name=f"rg-{n}.pdf")
    AuditEvent.objects.create(
        case=case, actor=actor, at=case.opened_at, to_state="filed", transition="open"
    )
    return case


def _driver_page(client, authorization) -> tuple[str, list[str]]:  # type: ignore[no-untyped-def]
    with CaptureQueriesContext(connection) as queries:
        response = client.get(f"/taxistas/{authorization.holder_id}/")
    assert response.status_code == 200
    return response.content.decode(), [q["sql"] for q in queries.captured_queries]


def test_a_driver_file_costs_the_same_statements_for_one_case_or_four(
    client, clerk, authorization
):
    MunicipalRegistrationFactory(authorization=authorization)
    _case_with_papers(authorization, clerk, 0)
    client.force_login(clerk)
    _page, one = _driver_page(client, authorization)
    assert len(one) <= DRIVER_PAGE_QUERIES
    cases = [_case_with_papers(authorization, clerk, n) for n in range(1, 4)]
    page, four = _driver_page(client, authorization)
    assert len(four) == len(one)
    for n, case in enumerate(cases, start=1):
        assert case.number in page and f"rg-{n}.pdf" in page
    # The documents and events name their case from the case list, not from a join.
    documents = next(sql for sql in four if 'FROM "cases_document"' in sql)
    assert "JOIN" not in documents


def test_a_register_file_reads_neither_the_assignee_nor_whole_rows(client, clerk, authorization):
    _case_with_papers(authorization, clerk, 0)
    client.force_login(clerk)
    for url in (
        f"/taxistas/{authorization.holder_id}/",
        f"/veiculos/{authorization.vehicle_id}/",
        f"/termos/{authorization.pk}/",
    ):
        with CaptureQueriesContext(connection) as queries:
            assert client.get(url).status_code == 200
        cases = [q["sql"] for q in queries.captured_queries if 'FROM "cases_case"' in q["sql"]]
        assert cases, url
        for sql in cases:
            assert '"cases_case"."assignee_id"' not in sql, url
            assert '"cases_case"."updated_at"' not in sql, url


def test_a_file_with_more_cases_than_shown_names_each_rows_case_and_links_to_the_search(
    client, clerk, authorization, monkeypatch
):
    monkeypatch.setattr(dossiers, "SHOWN", 2)
    cases = [_case_with_papers(authorization, clerk, n) for n in range(3)]
    client.force_login(clerk)
    page, _sql = _driver_page(client, authorization)
    assert "Ver todos na busca" in page
    # The newest two cases listed; the documents and events name their own case each.
    assert cases[2].number in page and cases[1].number in page
    assert "rg-2.pdf" in page and "rg-1.pdf" in page


def test_a_register_file_still_logs_the_drivers_it_shows(client, clerk, authorization):
    client.force_login(clerk)
    client.get(f"/veiculos/{authorization.vehicle_id}/")
    client.get(f"/termos/{authorization.pk}/")
    reads = PersonalDataAccess.objects.filter(user=clerk).order_by("id")
    assert [(r.driver_id, r.what) for r in reads] == [
        (authorization.holder_id, "ficha do veículo"),
        (authorization.holder_id, "ficha do Termo"),
    ]


def test_a_register_file_in_english_shows_the_labels_in_english(client, clerk, authorization):
    MunicipalRegistrationFactory(authorization=authorization)
    _case_with_papers(authorization, clerk, 0)
    client.force_login(clerk)
    page = client.get(
        f"/taxistas/{authorization.holder_id}/", HTTP_ACCEPT_LANGUAGE="en"
    ).content.decode()
    # The Termo's and the IM's status, the document's review: each label in English.
    assert "— active —" in page
    assert "<td>valid</td>" in page
    assert "to be reviewed" in page
    assert "ativa" not in page and "a conferir" not in page


def _reads(sql: list[str], table: str) -> bool:
    return any(s.startswith(f'SELECT "{table}".') for s in sql)


def test_a_driver_without_bindings_or_points_reads_neither_list(client, clerk, authorization):
    client.force_login(clerk)
    page, sql = _driver_page(client, authorization)
    assert not _reads(sql, "registers_auxiliarybinding")
    assert not _reads(sql, "registers_pointrecord")
    assert "0 pontos nos últimos 12 meses" in page
    assert "Nenhum ponto nos últimos 36 meses." in page
    assert "Vínculos de auxiliar" not in page


def test_art_27_and_59_v_a_driver_with_a_binding_and_points_shows_both(
    client, clerk, authorization
):
    auxiliary = DriverFactory(kind=Driver.Kind.AUXILIARY)
    today = timezone.localdate()
    AuxiliaryBinding.objects.create(
        authorization=authorization, auxiliary=auxiliary, valid_from=today,
        valid_until=today + dt.timedelta(days=365),
    )
    notice = ViolationNoticeFactory(authorization=authorization)
    PointRecord.objects.create(
        driver=auxiliary, violation=notice, on=today - dt.timedelta(days=400),
        points=Decimal("5"), article="Art. 56",
    )
    client.force_login(clerk)
    for driver in (authorization.holder, auxiliary):
        page = client.get(f"/taxistas/{driver.pk}/").content.decode()
        assert f"{auxiliary.name}</a> → {authorization.number}" in page
    # Outside the short window (12 months), inside the long one (36).
    assert "0 pontos nos últimos 12 meses" in page and "5 pontos nos últimos 36 meses" in page
    assert notice.number in page


def test_art_59_iii_a_penalty_shows_on_the_driver_vehicle_and_termo_files_and_only_then_is_read(
    client, clerk, authorization
):
    client.force_login(clerk)
    urls = (
        f"/taxistas/{authorization.holder_id}/",
        f"/veiculos/{authorization.vehicle_id}/",
        f"/termos/{authorization.pk}/",
    )
    for url in urls:
        with CaptureQueriesContext(connection) as queries:
            page = client.get(url).content.decode()
        assert "Nenhuma penalidade." in page
        assert not _reads([q["sql"] for q in queries.captured_queries], "workflows_penaltyperiod")
    notice = ViolationNoticeFactory(authorization=authorization)
    today = timezone.localdate()
    PenaltyPeriod.objects.create(
        violation=notice, authorization=authorization, kind=PenaltyPeriod.Kind.SUSPENSION,
        starts_on=today, ends_on=today + dt.timedelta(days=10),
    )
    for url in urls:
        page = client.get(url).content.decode()
        assert "suspensão (Art. 59 III)" in page and notice.number in page, url


def test_art_27_a_termo_file_shows_its_auxiliary_only_when_bound(client, clerk, authorization):
    client.force_login(clerk)
    assert "Vínculos de auxiliar" not in client.get(f"/termos/{authorization.pk}/").content.decode()
    auxiliary = DriverFactory(kind=Driver.Kind.AUXILIARY)
    today = timezone.localdate()
    AuxiliaryBinding.objects.create(
        authorization=authorization, auxiliary=auxiliary, valid_from=today,
        valid_until=today + dt.timedelta(days=365),
    )
    page = client.get(f"/termos/{authorization.pk}/").content.decode()
    assert "Vínculos de auxiliar" in page and auxiliary.name in page
