"""Reading the spreadsheet (CSV or XLSX) into rows of text keyed by column.

Everything comes back as text: cells are judged by the validation, which can say which
cell broke which rule; a reader that guessed types would hide the original value.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import zipfile
from dataclasses import dataclass

from django.utils.translation import gettext as _

from cases.errors import RuleViolation
from register_import.columns import BY_KEY, COLUMNS, header_key

MAX_BYTES = 5 * 1024 * 1024
MAX_ROWS = 20_000


@dataclass(frozen=True)
class Sheet:
    rows: list[dict[str, str]]
    # The spreadsheet's own line number of each row (the header is line 1).
    lines: list[int]


def sheet_read(name: str, content: bytes) -> Sheet:
    if len(content) > MAX_BYTES:
        raise RuleViolation(
            _("O arquivo passa de %(mb)d MB; divida-o em partes.") % {"mb": MAX_BYTES // 2**20},
            code="file_too_large",
        )
    if name.lower().endswith(".xlsx") or content[:2] == b"PK":
        table = _xlsx_rows(content)
    else:
        table = _csv_rows(content)
    if not table:
        raise RuleViolation(_("O arquivo está vazio."), code="empty_file")
    header, *body = table
    keys = [header_key(cell) for cell in header]
    missing = [str(c.label) for c in COLUMNS if c.required and c.key not in keys]
    if missing:
        raise RuleViolation(
            _("Faltam colunas obrigatórias: %(columns)s.") % {"columns": ", ".join(missing)},
            code="missing_columns",
        )
    if len(body) > MAX_ROWS:
        raise RuleViolation(
            _("O arquivo tem mais de %(max)d linhas; divida-o em partes.") % {"max": MAX_ROWS},
            code="too_many_rows",
        )
    rows, lines = [], []
    for number, cells in enumerate(body, start=2):
        values = [_text(cell) for cell in cells]
        if not any(values):
            continue  # blank lines between blocks are common in hand-kept sheets
        row = {key: "" for key in BY_KEY}
        for key, value in zip(keys, values, strict=False):
            if key in BY_KEY:
                row[key] = value
        rows.append(row)
        lines.append(number)
    return Sheet(rows=rows, lines=lines)


def _text(cell: object) -> str:
    if cell is None:
        return ""
    if isinstance(cell, dt.datetime):
        return cell.date().isoformat()
    if isinstance(cell, dt.date):
        return cell.isoformat()
    if isinstance(cell, float) and cell.is_integer():
        return str(int(cell))
    return str(cell).strip()


def _csv_rows(content: bytes) -> list[list[str]]:
    for encoding in ("utf-8-sig", "cp1252"):
        try:
            text = content.decode(encoding)
            break
        except UnicodeDecodeError:
            continue
    else:  # pragma: no cover - cp1252 decodes every byte but five
        raise RuleViolation(_("Não foi possível ler o arquivo como texto."), code="bad_encoding")
    if "\x00" in text:
        raise RuleViolation(_("O arquivo não é uma planilha CSV nem XLSX."), code="bad_file")
    try:
        dialect = csv.Sniffer().sniff(text[:4096], delimiters=";,\t")
    except csv.Error:
        dialect = csv.excel
        dialect.delimiter = ";"
    try:
        return [row for row in csv.reader(io.StringIO(text), dialect)]
    except csv.Error as exc:
        raise RuleViolation(
            _("CSV malformado: %(error)s") % {"error": exc}, code="bad_file"
        ) from exc


def _xlsx_rows(content: bytes) -> list[list[object]]:
    from openpyxl import load_workbook

    try:
        book = load_workbook(io.BytesIO(content), read_only=True, data_only=True)
    except (zipfile.BadZipFile, KeyError, OSError, ValueError) as exc:
        raise RuleViolation(
            _("O arquivo não é uma planilha XLSX válida."), code="bad_file"
        ) from exc
    try:
        sheet = book.worksheets[0]
        rows: list[list[object]] = []
        for row in sheet.iter_rows(values_only=True):
            rows.append(list(row))
            if len(rows) > MAX_ROWS + 1:
                break
        return rows
    finally:
        book.close()
