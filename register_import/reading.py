"""Reading the spreadsheet (CSV or XLSX) into rows of text keyed by column.

Everything comes back as text: cells are judged by the validation, which can say which
cell broke which rule; a reader that guessed types would hide the original value.

The reader is bounded before it parses anything (issue 20, "XLSX bomb"): an XLSX is a zip
whose parts can inflate a thousandfold, so the zip's directory is checked first (the total
uncompressed size and the shared-strings part, which openpyxl loads whole), then every
row, column and cell as they are read. The declared sizes cannot lie: `zipfile` stops a
part at its declared size and a part longer than declared fails its CRC. The limits are
settings (IMPORT_MAX_*), each refusal a RuleViolation with what to do.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import zipfile
from dataclasses import dataclass

from django.conf import settings
from django.utils.translation import gettext as _

from cases.errors import RuleViolation
from register_import.columns import BY_KEY, COLUMNS, header_key

MAX_BYTES = 5 * 1024 * 1024
MAX_ROWS = 20_000
SHARED_STRINGS = "xl/sharedStrings.xml"


class _Semicolon(csv.excel):
    # A dialect of our own: the process-wide csv.excel is left as every other reader expects.
    delimiter = ";"


def _mb(size: int) -> str:
    return f"{size / 2**20:.0f}"


def archive_check(content: bytes) -> None:
    """Refuse an XLSX that would inflate past the limits, reading only its zip directory."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(content))
    except zipfile.BadZipFile as exc:
        raise RuleViolation(
            _("O arquivo não é uma planilha XLSX válida."), code="bad_file"
        ) from exc
    with archive:
        parts = archive.infolist()
    total = sum(part.file_size for part in parts)
    if total > settings.IMPORT_MAX_UNCOMPRESSED_BYTES:
        raise RuleViolation(
            _(
                "A planilha descompactada passa de %(limit)s MB; divida-a em partes ou "
                "salve-a como CSV."
            )
            % {"limit": _mb(settings.IMPORT_MAX_UNCOMPRESSED_BYTES)},
            code="file_too_large",
        )
    shared = sum(part.file_size for part in parts if part.filename == SHARED_STRINGS)
    if shared > settings.IMPORT_MAX_SHARED_STRINGS_BYTES:
        raise RuleViolation(
            _(
                "Os textos da planilha passam de %(limit)s MB; nenhuma célula do cadastro "
                "tem tanto texto. Confira o arquivo."
            )
            % {"limit": _mb(settings.IMPORT_MAX_SHARED_STRINGS_BYTES)},
            code="file_too_large",
        )


def _bounded(row: list[object], line: int) -> list[object]:
    """The row, or a refusal if it has too many columns or a cell too long."""
    columns = settings.IMPORT_MAX_COLUMNS
    if len(row) > columns and any(cell not in (None, "") for cell in row[columns:]):
        raise RuleViolation(
            _("A linha %(line)d tem mais de %(max)d colunas; o cadastro tem bem menos.")
            % {"line": line, "max": columns},
            code="too_many_columns",
        )
    chars = settings.IMPORT_MAX_CELL_CHARS
    for cell in row[:columns]:
        if isinstance(cell, str) and len(cell) > chars:
            raise RuleViolation(
                _("Uma célula da linha %(line)d passa de %(max)d caracteres.")
                % {"line": line, "max": chars},
                code="cell_too_long",
            )
    kept = row[:columns]
    while kept and kept[-1] in (None, ""):
        kept.pop()  # the empty cells a sheet's dimension pads each row with
    return kept


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
        archive_check(content)
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


def _encodings(content: bytes) -> tuple[str, ...]:
    # Excel's "Unicode text" is UTF-16 with a BOM (and tabs between cells).
    if content[:2] in (b"\xff\xfe", b"\xfe\xff"):
        return ("utf-16",)
    return ("utf-8-sig", "cp1252")


def _csv_rows(content: bytes) -> list[list[object]]:
    for encoding in _encodings(content):
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
        dialect = _Semicolon
    rows: list[list[object]] = []
    try:
        for line, row in enumerate(csv.reader(io.StringIO(text), dialect), start=1):
            rows.append(_bounded(list(row), line))
            if len(rows) > MAX_ROWS + 1:
                break
        return rows
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
        for line, row in enumerate(
            sheet.iter_rows(values_only=True, max_col=settings.IMPORT_MAX_COLUMNS + 1), start=1
        ):
            rows.append(_bounded(list(row), line))
            if len(rows) > MAX_ROWS + 1:
                break
        return rows
    finally:
        book.close()
