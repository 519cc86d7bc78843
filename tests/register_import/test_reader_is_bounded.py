"""The register import (Art. 69) reads spreadsheets through one bounded reader.

Issue 20, "XLSX bomb": a 53 KB workbook with one 50 MB shared string took the worker from
169 to 425 MB. The reader checks the zip's directory (total uncompressed size, the
shared-strings part) before parsing, then rows, columns and cell length while reading.
"""

from __future__ import annotations

import csv
import io
import time
import zipfile

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from openpyxl import Workbook

from accounts.roles import Role
from cases.errors import RuleViolation
from register_import.models import ImportJob
from register_import.reading import sheet_read
from tests.factories import UserFactory

HEADER = "termo;outorgado_em;titular_nome;titular_cpf"


def _bomb(shared_string_bytes: int = 50 * 2**20) -> bytes:
    """A valid-looking workbook whose one shared string is `shared_string_bytes` long."""
    book = Workbook()
    book.active["A1"] = "x"
    plain = io.BytesIO()
    book.save(plain)
    out = io.BytesIO()
    with (
        zipfile.ZipFile(plain) as source,
        zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED) as bomb,
    ):
        for item in source.infolist():
            if item.filename != "xl/sharedStrings.xml":
                bomb.writestr(item, source.read(item.filename))
        with bomb.open("xl/sharedStrings.xml", "w") as part:
            part.write(
                b'<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'
                b' count="1" uniqueCount="1"><si><t>'
            )
            chunk = b"A" * 2**20
            for _ in range(shared_string_bytes // len(chunk)):
                part.write(chunk)
            part.write(b"</t></si></sst>")
    return out.getvalue()


@pytest.fixture(scope="module")
def bomb() -> bytes:
    return _bomb()


def test_a_shared_string_bomb_is_refused_before_parsing(bomb):
    assert len(bomb) < 1 * 2**20  # small on the wire, 50 MB inflated
    started = time.monotonic()
    with pytest.raises(RuleViolation) as refused:
        sheet_read("registro.xlsx", bomb)
    assert time.monotonic() - started < 1.0  # parsing it would take many seconds
    assert refused.value.code == "file_too_large"
    assert "Os textos da planilha passam de 20 MB" in refused.value.message


@pytest.mark.django_db
def test_the_upload_page_answers_400_and_keeps_nothing(client, bomb):
    client.force_login(UserFactory(role=Role.CLERK))
    response = client.post(
        reverse("register-import"), {"file": SimpleUploadedFile("registro.xlsx", bomb)}
    )
    assert response.status_code == 400
    assert "Os textos da planilha passam de 20 MB" in response.content.decode()
    assert not ImportJob.objects.exists()


@pytest.mark.django_db
def test_the_refusal_is_in_english_when_asked(client, bomb):
    client.force_login(UserFactory(role=Role.CLERK))
    response = client.post(
        reverse("register-import"),
        {"file": SimpleUploadedFile("registro.xlsx", bomb)},
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert response.status_code == 400
    assert "texts exceed 20 MB; no cell of the register" in response.content.decode()


def test_the_total_uncompressed_size_is_bounded(settings):
    settings.IMPORT_MAX_UNCOMPRESSED_BYTES = 2**20
    with pytest.raises(RuleViolation) as refused:
        sheet_read("registro.xlsx", _bomb(2 * 2**20))
    assert "descompactada passa de 1 MB" in refused.value.message


def test_a_cell_longer_than_the_limit_is_refused(settings):
    settings.IMPORT_MAX_CELL_CHARS = 20
    with pytest.raises(RuleViolation) as refused:
        sheet_read("registro.csv", f"{HEADER}\n1;2;{'x' * 21};4\n".encode())
    assert refused.value.code == "cell_too_long"
    assert "linha 2" in refused.value.message


def test_too_many_columns_are_refused(settings):
    settings.IMPORT_MAX_COLUMNS = 5
    book = Workbook()
    book.active.append(HEADER.split(";"))
    book.active.append(["1", "2", "3", "4", "5", "6"])
    out = io.BytesIO()
    book.save(out)
    with pytest.raises(RuleViolation) as refused:
        sheet_read("registro.xlsx", out.getvalue())
    assert refused.value.code == "too_many_columns"


def test_reading_a_csv_leaves_the_process_wide_excel_dialect_alone():
    before = csv.excel.delimiter
    # One column: the sniffer finds no delimiter and the reader falls back to ";".
    with pytest.raises(RuleViolation):
        sheet_read("registro.csv", b"nada\nx\n")
    assert csv.excel.delimiter == before == ","


def test_excels_unicode_text_utf16_with_tabs_is_read(corrected_bytes):
    text = corrected_bytes.decode("utf-8-sig")
    lines = text.splitlines()[:3]
    as_csv = sheet_read("registro.csv", "\n".join(lines).encode("utf-8"))
    unicode_text = "\r\n".join(line.replace(";", "\t") for line in lines)
    as_utf16 = sheet_read("registro.txt", unicode_text.encode("utf-16"))
    assert as_utf16.rows == as_csv.rows and len(as_csv.rows) == 2


def test_utf8_with_bom_is_read(corrected_bytes):
    lines = corrected_bytes.decode("utf-8-sig").splitlines()[:3]
    plain = sheet_read("registro.csv", "\n".join(lines).encode("utf-8"))
    with_bom = sheet_read("registro.csv", "\n".join(lines).encode("utf-8-sig"))
    assert with_bom.rows == plain.rows
    assert "titular_nome" in with_bom.rows[0] and with_bom.rows[0]["titular_nome"]
