"""The one writer of spreadsheets (CSV and XLSX) the application hands to people.

Every table a person downloads (dashboards, case lists, the import's rejection reports)
is written here, so one rule holds for all of them: a text cell cannot become a formula.
A name typed by anyone (`=HYPERLINK("http://…"&A1,"Ver")`) reaches a clerk's spreadsheet
program as text. Following OWASP's advice on CSV injection, a text cell starting with
`=`, `+`, `-`, `@`, a tab or a carriage return is prefixed with an apostrophe, in CSV and
XLSX alike; in XLSX the cell is stored as a string, never a formula.

Both formats stream: rows go to the output as they come (openpyxl's write-only workbook
keeps them in a temporary file), so memory does not grow with the number of rows. A long
CSV whose rows PostgreSQL can select may be written by PostgreSQL itself (`copy_csv`, issue
25): the same bytes, the same rule, as an SQL expression built from the same constants.
`tests/workspace/test_one_spreadsheet_writer.py` fails if another module writes CSV or XLSX.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
from collections.abc import Callable, Iterable, Sequence
from decimal import Decimal
from typing import IO, Any

from openpyxl import Workbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE

FORMATS = ("csv", "xlsx")
CONTENT_TYPES = {
    "csv": "text/csv; charset=utf-8",
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
}
# What a spreadsheet program reads as the start of a formula (OWASP, CSV injection).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
# What such a text is prefixed with, so that it is read as text.
AS_TEXT = "'"
PROGRESS_EVERY = 500
COPY_CHUNK = 256 * 1024  # bytes of rows copy_csv turns into CSV lines at once


def neutralised(text: str) -> str:
    """The text as a cell that no spreadsheet program evaluates."""
    return AS_TEXT + text if text.startswith(FORMULA_STARTS) else text


def neutralised_sql(column: str) -> str:
    """`neutralised` as a PostgreSQL expression of the text `column` (SQL, already quoted):
    the characters as `chr(n)` of the same constants, so the rule is written once."""
    starts = ", ".join(f"chr({ord(c)})" for c in FORMULA_STARTS)
    prefix = f"chr({ord(AS_TEXT)})"
    return (
        f"CASE WHEN left({column}, 1) IN ({starts}) "
        f"THEN {prefix} || {column} ELSE {column} END"
    )


def _csv_cell(value: Any) -> str:
    # Numbers and dates are formatted here, as a Brazilian spreadsheet reads them; only
    # text that came from someone can carry a formula. Text first: most cells are text,
    # and a long export writes millions of them.
    if type(value) is str:
        return AS_TEXT + value if value.startswith(FORMULA_STARTS) else value
    if value is None:
        return ""
    if isinstance(value, dt.datetime):
        return value.strftime("%d/%m/%Y %H:%M")
    if isinstance(value, dt.date):
        return value.strftime("%d/%m/%Y")
    if isinstance(value, Decimal):
        return str(value).replace(".", ",")
    if isinstance(value, bool | int | float):
        return str(value)
    return neutralised(str(value))


def _xlsx_value(value: Any) -> Any:
    if isinstance(value, dt.datetime):
        return value.replace(tzinfo=None) if value.tzinfo else value
    if isinstance(value, Decimal):
        return float(value)
    if value is None or isinstance(value, bool | int | float | dt.date):
        return value
    # Control characters XLSX cannot hold would make openpyxl raise half-way through.
    return neutralised(ILLEGAL_CHARACTERS_RE.sub("", str(value)))


def write_table(
    out: IO[bytes],
    fmt: str,
    *,
    headers: Iterable[Any],
    rows: Iterable[Iterable[Any]],
    sheet_title: str = "Planilha",
    progress: Callable[[int], None] | None = None,
) -> int:
    """Write the table to the binary file `out` as `fmt`; the number of rows written.

    `progress(done)` is called every few hundred rows and at the end.
    """
    if fmt not in FORMATS:
        raise ValueError(f"unknown spreadsheet format {fmt!r}")
    done = 0
    if fmt == "csv":
        # A BOM, so spreadsheet programs read the accents as UTF-8; ";" as Excel in
        # Portuguese expects.
        text = io.TextIOWrapper(out, encoding="utf-8-sig", newline="")
        try:
            writer = csv.writer(text, delimiter=";")
            writer.writerow([_csv_cell(str(h)) for h in headers])
            for row in rows:
                writer.writerow([_csv_cell(v) for v in row])
                done += 1
                if progress and done % PROGRESS_EVERY == 0:
                    progress(done)
            text.flush()
        finally:
            text.detach()  # the caller owns `out`
    else:
        book = Workbook(write_only=True)
        sheet = book.create_sheet(title=sheet_title[:31])

        def cells(values: Iterable[Any]) -> list[Any]:
            out_cells = []
            for value in values:
                cell = WriteOnlyCell(sheet, value=_xlsx_value(value))
                if cell.data_type == "f":  # pragma: no cover - neutralised above
                    cell.data_type = "s"
                out_cells.append(cell)
            return out_cells

        sheet.append(cells(str(h) for h in headers))
        for row in rows:
            sheet.append(cells(row))
            done += 1
            if progress and done % PROGRESS_EVERY == 0:
                progress(done)
        book.save(out)
    if progress:
        progress(done)
    return done


def copy_csv(
    out: IO[bytes],
    cursor: Any,
    *,
    headers: Iterable[Any],
    select: str,
    params: Sequence[Any],
    columns: Sequence[str],
    progress: Callable[[int], None] | None = None,
) -> int:
    """Write as CSV, byte for byte as `write_table` would, the rows of the PostgreSQL
    query `select` (its `columns`, all text or NULL): PostgreSQL writes them (`COPY … TO
    STDOUT`), each cell through `neutralised_sql`; the number of rows written.

    A long export's rows through psycopg and the csv module took six times PostgreSQL's
    own COPY of them (issue 25). The header, and the BOM before it, are `write_table`'s;
    an empty text is written as NULL (nothing, as `write_table` writes it, where COPY
    would write `""`); and the rows end in CRLF as the csv module ends them, where COPY
    ends them in LF (an LF inside a quoted cell is the cell's and is kept).
    `cursor` is a Django cursor of a psycopg 3 connection; `params` are merged by psycopg.
    `progress(done)` is called when PostgreSQL has written every row, not before: until
    then the connection is busy with the COPY, and a callback that writes the progress
    through it would wait for ever.
    """
    write_table(out, "csv", headers=headers, rows=())
    cells = ", ".join(f"NULLIF({neutralised_sql(_quoted_name(c))}, '')" for c in columns)
    sql = (
        f"COPY (SELECT {cells} FROM ({select}) AS spreadsheet_rows) "
        "TO STDOUT WITH (FORMAT csv, DELIMITER ';', QUOTE '\"', ENCODING 'UTF8')"
    )
    done = 0
    quoted = False  # within a quoted cell at the end of the last chunk
    blocks: list[bytes] = []
    size = 0

    def flush() -> None:
        nonlocal done, quoted, size
        # The rows of many blocks at once (psycopg hands over one row a block).
        chunk = b"".join(blocks)
        blocks.clear()
        size = 0
        # Outside the quotes every other piece; an escaped quote ("") toggles twice.
        pieces = chunk.split(b'"')
        for i, piece in enumerate(pieces):
            if not quoted:
                done += piece.count(b"\n")
                pieces[i] = piece.replace(b"\n", b"\r\n")
            if i < len(pieces) - 1:
                quoted = not quoted
        out.write(b'"'.join(pieces))

    with cursor.copy(sql, params) as copy:
        for block in copy:
            blocks.append(bytes(block))
            size += len(block)
            if size >= COPY_CHUNK:
                flush()
    flush()
    if progress:
        progress(done)
    return done


def _quoted_name(name: str) -> str:
    """A column name as a PostgreSQL identifier."""
    return '"' + name.replace('"', '""') + '"'


def table_bytes(
    fmt: str,
    *,
    headers: Iterable[Any],
    rows: Iterable[Iterable[Any]],
    sheet_title: str = "Planilha",
) -> bytes:
    """The whole table in memory, for the short tables a page answers at once."""
    out = io.BytesIO()
    write_table(out, fmt, headers=headers, rows=rows, sheet_title=sheet_title)
    return out.getvalue()
