"""The rejection report as a spreadsheet the clerk can sort and fix from."""

from __future__ import annotations

import csv
import io

from django.utils.translation import gettext as _

_HEADER_KEYS = ("line", "column", "column_label", "value", "message", "article", "code")


def _header() -> list[str]:
    return [
        _("Linha"), _("Coluna"), _("Campo"), _("Valor"), _("Motivo"), _("Artigo"), _("Código")
    ]


def report_write(errors: list[dict[str, object]], *, fmt: str) -> bytes:
    if fmt == "xlsx":
        from openpyxl import Workbook

        book = Workbook(write_only=True)
        sheet = book.create_sheet(_("Rejeições"))
        sheet.append(_header())
        for error in errors:
            sheet.append([_safe(error[key]) for key in _HEADER_KEYS])
        out = io.BytesIO()
        book.save(out)
        return out.getvalue()
    text = io.StringIO()
    writer = csv.writer(text, delimiter=";")
    writer.writerow(_header())
    for error in errors:
        writer.writerow([_safe(error[key]) for key in _HEADER_KEYS])
    return text.getvalue().encode("utf-8-sig")


def _safe(value: object) -> object:
    # A cell starting with = + - @ is a formula to a spreadsheet program: the value came
    # from the uploaded file, so it is shown as text.
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@"):
        return "'" + value
    return value
