"""manage.py import_register: the dry run, the report, the confirmation (Arts. 8, 69)."""

from __future__ import annotations

import io

import pytest
from django.core.management import CommandError, call_command
from openpyxl import load_workbook

from register_import.sample.generate import HERE
from registers.models import Authorization

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_sample_day")]


def test_the_dry_run_lists_each_rejection_and_writes_the_report(importer, tmp_path):
    out, report = io.StringIO(), tmp_path / "rejeicoes.xlsx"

    with pytest.raises(CommandError, match="nada foi importado"):
        call_command(
            "import_register", str(HERE / "registro-atual.csv"), "--user", importer.username,
            "--report", str(report), "--confirm", stdout=out, stderr=io.StringIO(),
        )

    assert "linha 58, titular_cnh_categoria: A CNH deve ser das categorias B, C, D ou E. " \
        "[Art. 10 I b]" in out.getvalue()
    sheet = load_workbook(report, read_only=True).worksheets[0]
    rows = list(sheet.iter_rows(values_only=True))
    # The header, the sample's sixteen deliberate errors and its four flagged rows (lines
    # 81, 166, 233, 322 were errors until Art. 69 kept them: imported and flagged).
    assert len(rows) == 1 + 16 + 4
    assert [row[7] for row in rows[1:]].count("Sinalização") == 4
    assert rows[3][:2] == (58, "titular_cnh_categoria")
    assert Authorization.objects.count() == 0


def test_confirm_imports_the_corrected_file_and_shows_progress(importer, tmp_path):
    lines = (HERE / "registro-atual-corrigido.csv").read_text(encoding="utf-8").splitlines()
    small = tmp_path / "registro.csv"
    small.write_text("\n".join(lines[:41]) + "\n", encoding="utf-8")  # header and 40 rows
    out, err = io.StringIO(), io.StringIO()

    call_command(
        "import_register", str(small), "--user", importer.username, "--confirm",
        stdout=out, stderr=err,
    )

    assert "40 autorizações importadas, 0 já existiam" in out.getvalue()
    assert "importação: [##############################] 40/40" in err.getvalue()
    assert Authorization.objects.filter(predates_law=True).count() == 40
