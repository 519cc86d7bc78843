"""A register kept in Excel reads as the same rows as its CSV."""

from __future__ import annotations

import csv
import datetime as dt
import io

from openpyxl import Workbook

from register_import.reading import sheet_read


def test_an_xlsx_with_real_dates_and_numbers_reads_as_text_rows(corrected_bytes):
    table = list(csv.reader(io.StringIO(corrected_bytes.decode("utf-8")), delimiter=";"))[:4]
    book = Workbook()
    sheet = book.active
    sheet.append(table[0])
    for row in table[1:]:
        cells: list[object] = list(row)
        # A spreadsheet program stores dates as dates and years as numbers.
        cells[1] = dt.datetime.strptime(row[1], "%d/%m/%Y")  # noqa: DTZ007
        cells[15] = int(row[15])
        sheet.append(cells)
    out = io.BytesIO()
    book.save(out)

    from_xlsx = sheet_read("registro.xlsx", out.getvalue())
    from_csv = sheet_read("registro.csv", "\n".join(";".join(r) for r in table).encode())

    assert from_xlsx.lines == from_csv.lines == [2, 3, 4]
    assert [r["ano_fabricacao"] for r in from_xlsx.rows] == [r[15] for r in table[1:]]
    day, month, year = table[1][1].split("/")
    assert from_xlsx.rows[0]["outorgado_em"] == f"{year}-{month}-{day}"
    assert from_xlsx.rows[0]["titular_cpf"] == from_csv.rows[0]["titular_cpf"]
