"""A backup restores: `bin/backup` dumps the database and the documents, `bin/restore` puts
them into an empty database, and every case, event, deadline and document is found there
(with its file). Real pg_dump / pg_restore on PostgreSQL, real files."""

from __future__ import annotations

import datetime as dt
import os
import subprocess
from pathlib import Path

import psycopg
import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection

from cases.models import AuditEvent, Case, Deadline
from cases.services.deadlines import deadline_fix
from cases.services.documents import document_store, upload_check
from law import deadlines as law_deadlines
from tests.factories import SuspensionCaseFactory

ROOT = Path(__file__).resolve().parents[2]
PDF = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"


def _url(name: str) -> str:
    s = connection.settings_dict
    password = f":{s['PASSWORD']}" if s["PASSWORD"] else ""
    return f"postgres://{s['USER']}{password}@{s['HOST'] or '127.0.0.1'}:{s['PORT'] or 5432}/{name}"


def _admin() -> psycopg.Connection:
    s = connection.settings_dict
    return psycopg.connect(
        dbname="postgres", user=s["USER"], host=s["HOST"] or "127.0.0.1",
        port=s["PORT"] or 5432, password=s["PASSWORD"] or None, autocommit=True,
    )


@pytest.fixture
def empty_database():
    name = f"{connection.settings_dict['NAME']}_restore"
    with _admin() as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.execute(f'CREATE DATABASE "{name}"')
    yield name
    with _admin() as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.mark.django_db(transaction=True)
def test_a_backup_restores_every_case_event_deadline_and_document(
    settings, tmp_path, empty_database
):
    # Given cases with their trail, deadlines and an uploaded document
    cases = [SuspensionCaseFactory() for _ in range(3)]
    for i, case in enumerate(cases):
        deadline_fix(rule=law_deadlines.SUSPENSION_ON_REQUEST, case=case, kind="suspension.end",
                     label="Fim", due_on=dt.date(2026, 5, 1) + dt.timedelta(days=i))
    proof = SimpleUploadedFile("laudo.pdf", PDF, content_type="application/pdf")
    document = document_store(case=cases[0], item="proof", checked=upload_check(proof), actor=None)
    expected = {
        "cases": sorted(Case.objects.values_list("number", flat=True)),
        "events": AuditEvent.objects.count(),
        "deadlines": sorted(Deadline.objects.values_list("case__number", "due_on")),
        "documents": [(document.case.number, document.sha256, document.file.name)],
    }
    env = {**os.environ, "DATABASE_URL": _url(connection.settings_dict["NAME"]),
           "BACKUP_DIR": str(tmp_path / "backups"), "MEDIA_ROOT": str(settings.MEDIA_ROOT)}
    # When it is backed up and restored into an empty database and media folder
    made = subprocess.run([ROOT / "bin" / "backup"], env=env, capture_output=True, text=True,
                          check=True).stdout.split()
    restored_media = tmp_path / "restored-media"
    subprocess.run(
        [ROOT / "bin" / "restore", *made],
        env={**env, "DATABASE_URL": _url(empty_database), "MEDIA_ROOT": str(restored_media)},
        capture_output=True, text=True, check=True,
    )
    # Then everything is there
    with psycopg.connect(_url(empty_database)) as restored:
        def rows(sql: str) -> list[tuple]:
            return restored.execute(sql).fetchall()

        assert [r[0] for r in rows("SELECT number FROM cases_case ORDER BY number")] == (
            expected["cases"]
        )
        assert rows("SELECT count(*) FROM cases_auditevent")[0][0] == expected["events"]
        assert rows(
            "SELECT c.number, d.due_on FROM cases_deadline d JOIN cases_case c "
            "ON c.id = d.case_id ORDER BY 1, 2"
        ) == expected["deadlines"]
        assert rows(
            "SELECT c.number, d.sha256, d.file FROM cases_document d JOIN cases_case c "
            "ON c.id = d.case_id"
        ) == expected["documents"]
        # The trail is still append-only after a restore (its trigger came back).
        with pytest.raises(psycopg.errors.RaiseException):
            restored.execute("DELETE FROM cases_auditevent")
    assert (restored_media / document.file.name).read_bytes() == PDF


@pytest.mark.django_db(transaction=True)
def test_restore_refuses_a_database_that_is_not_empty(tmp_path):
    env = {**os.environ, "DATABASE_URL": _url(connection.settings_dict["NAME"])}
    result = subprocess.run([ROOT / "bin" / "restore", str(tmp_path / "none.dump")], env=env,
                            capture_output=True, text=True, check=False)
    assert result.returncode == 1
    assert "refusing to restore" in result.stderr
    assert Case.objects.count() == 0  # nothing written
