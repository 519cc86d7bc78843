"""Issue 20 §2 (LGPD Art. 37, with Arts. 6 I and 18-19): every surface that shows a
driver's CPF, CNH, address, contacts, documents, points or penalties to someone else
writes a row of the read log (accounts.services.personal_data_read, the one door): who,
whose, what, when, where and why.

The surfaces the audit found unlogged are listed here, one request each; a new surface is
added to SURFACES (the access walk, tests/access/test_every_route.py, lists the routes).
"""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.mail import send_mail
from django.utils import timezone
from rest_framework.test import APIClient

from accounts.models import PersonalDataAccess
from accounts.roles import Role
from register_import.models import ImportJob, TermoInvitation
from registers.models import PointRecord
from tests.access.world import _letter, _lost_item, _official, _upload
from tests.factories import SuspensionCaseFactory, UserFactory, ViolationNoticeFactory
from tests.municipal_factories import RosterEntryFactory
from workflows.violation.models import PenaltyPeriod

pytestmark = pytest.mark.django_db


@pytest.fixture
def reader():
    return UserFactory(role=Role.CLERK, username="leitor", is_staff=True, is_superuser=True)


@pytest.fixture
def notice():
    notice = ViolationNoticeFactory(notified=True)
    PenaltyPeriod.objects.create(
        violation=notice,
        authorization=notice.authorization,
        kind=PenaltyPeriod.Kind.IMPEDIMENT,
        starts_on=dt.date(2026, 5, 1),
        ends_on=dt.date(2026, 5, 15),
    )
    return notice


def _surfaces(notice, reader, settings, tmp_path):
    """(name, method, path, params) for each surface; each shows `notice`'s driver."""
    driver = notice.authorization.holder
    termo = notice.authorization
    case = SuspensionCaseFactory(authorization=termo)
    upload = _upload(case, 1)
    pdf = _official(case=notice, n=1)
    term = _official(authorization=termo, n=2)
    item = _lost_item(termo, reader, 0)
    _letter(termo, reader)  # a notice sent: the notifications list names its addressee
    RosterEntryFactory(authorization=termo, day=dt.date(2026, 3, 7))
    PointRecord.objects.create(
        driver=driver, violation=notice, on=timezone.localdate(), points=18, article="Art. 48"
    )
    settings.EMAIL_BACKEND = "django.core.mail.backends.filebased.EmailBackend"
    settings.EMAIL_FILE_PATH = str(tmp_path / "mail")
    send_mail("Notificação", "Auto de infração", "prefeitura@example.org", [driver.email])
    job = ImportJob.objects.create(file_name="r.csv", created_by=reader, errors=[_rejected(driver)])
    TermoInvitation.objects.create(authorization=termo, job=job, invited_on=dt.date(2026, 1, 5))
    return [
        ("search page by name", "page", "/busca/", {"q": driver.name, "status": "all"}),
        ("search API by partial CPF", "api", "/api/search/", {"q": driver.cpf[:7]}),
        ("uploaded CNH scan", "page", f"/documentos/{upload.pk}/", {}),
        ("official PDF", "page", f"/documentos/{pdf.verification_code}/pdf/", {}),
        ("official document preview", "page", f"/documentos/{term.verification_code}/previa/", {}),
        ("Termo PDF", "page", f"/documentos/{term.verification_code}/pdf/", {}),
        ("penalties page", "page", f"/autos/{notice.pk}/penalidades/", {}),
        ("lost property page", "page", f"/achados/{item.pk}/", {}),
        ("lost property receipt", "page", f"/achados/{item.pk}/recibo.pdf", {}),
        ("lost property API", "api", f"/api/lost-items/{item.pk}/", {}),
        ("roster", "page", "/escala/", {"mes": "2026-03"}),
        ("cases export", "page", "/painel/exportar/cases.csv", {"q": driver.name, "status": "all"}),
        ("points export", "page", "/painel/exportar/points.xlsx", {}),
        ("invitations", "page", "/cadastro/convites/", {}),
        ("import rejection report", "page", f"/cadastro/importar/{job.pk}/rejeicoes.csv", {}),
        ("mailbox", "page", "/correio/", {}),
        ("notifications API", "api", "/api/notifications/", {}),
        ("admin driver page", "page", f"/admin/registers/driver/{driver.pk}/change/", {}),
        ("driver file", "page", f"/taxistas/{driver.pk}/", {}),
        ("case page", "page", f"/processos/{case.pk}/", {}),
        ("case API", "api", f"/api/cases/{case.pk}/", {}),
    ]


def _rejected(driver) -> dict:
    """A row of the import refused because its CPF is already in the register."""
    cpf = driver.cpf
    return {
        "line": 2,
        "column": "cpf",
        "column_label": "CPF",
        "value": f"{cpf[:3]}.{cpf[3:6]}.{cpf[6:9]}-{cpf[9:]}",
        "message": "CPF já cadastrado.",
        "article": "Art. 69",
        "code": "duplicate",
    }


def test_every_surface_writes_a_row_of_the_read_log(client, notice, reader, settings, tmp_path):
    settings.RATELIMIT_ENABLE = False
    driver = notice.authorization.holder
    client.force_login(reader)
    api = APIClient()
    api.force_authenticate(reader)
    unlogged = []
    for name, channel, path, params in _surfaces(notice, reader, settings, tmp_path):
        before = PersonalDataAccess.objects.count()
        response = (api if channel == "api" else client).get(path, params)
        assert response.status_code == 200, (name, response.status_code)
        rows = PersonalDataAccess.objects.order_by("id")[before:]
        if not any(row.driver_id == driver.pk and row.user_id == reader.pk for row in rows):
            unlogged.append(name)
    assert unlogged == []


def test_a_row_says_who_whose_what_when_where_and_why(client, notice, reader):
    driver = notice.authorization.holder
    client.force_login(reader)
    at = timezone.now()
    assert client.get("/api/search/", {"q": driver.cpf[:7]}).status_code == 200
    row = PersonalDataAccess.objects.get(driver=driver)
    assert (row.user, row.channel, row.what, row.purpose) == (
        reader,
        "search",
        "resultado de busca (API)",
        PersonalDataAccess.Purpose.SEARCH,
    )
    assert row.path == f"/api/search/?q={driver.cpf[:7]}"
    assert row.at >= at
