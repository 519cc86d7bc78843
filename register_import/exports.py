"""The import's report as a spreadsheet the clerk can sort and fix from: the rejected cells,
the rows imported with a flag (Art. 69) and, when it applies, the fleet above the cap."""

from __future__ import annotations

from collections.abc import Iterator

from django.utils.translation import gettext as _

from core.spreadsheets import table_bytes
from law.citations import (
    ART_22_P2,
)
from register_import.models import ImportJob

_HEADER_KEYS = ("line", "column", "column_label", "value", "message", "article", "code")


def _header() -> list[str]:
    return [
        _("Linha"),
        _("Coluna"),
        _("Campo"),
        _("Valor"),
        _("Motivo"),
        _("Artigo"),
        _("Código"),
        _("Tipo"),
        _("Providência"),
    ]


def _action(flag: dict[str, object]) -> str:
    if flag.get("case"):
        return _("Processo de cassação %(number)s aberto (%(ground)s)") % {
            "number": flag["case"],
            "ground": flag.get("ground", ""),
        }
    if flag.get("ground"):
        return _("Processo de cassação a abrir na importação (%(ground)s)") % {
            "ground": flag["ground"]
        }
    return _("Para a Secretaria decidir")


def _rows(job: ImportJob) -> Iterator[list[object]]:
    for error in job.errors:
        yield [*(error[key] for key in _HEADER_KEYS), _("Rejeição"), ""]
    for flag in job.flags:
        yield [*(flag[key] for key in _HEADER_KEYS), _("Sinalização"), _action(flag)]
    if job.fleet_notice:
        yield ["", "", "", "", job.fleet_notice, ART_22_P2, "fleet_over_cap", _("Aviso"), ""]


def report_write(job: ImportJob, *, fmt: str) -> bytes:
    # The values came from the uploaded file: the one writer keeps a formula in them text.
    return table_bytes(fmt, headers=_header(), rows=_rows(job), sheet_title=_("Importação"))
