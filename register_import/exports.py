"""The rejection report as a spreadsheet the clerk can sort and fix from."""

from __future__ import annotations

from django.utils.translation import gettext as _

from core.spreadsheets import table_bytes

_HEADER_KEYS = ("line", "column", "column_label", "value", "message", "article", "code")


def _header() -> list[str]:
    return [_("Linha"), _("Coluna"), _("Campo"), _("Valor"), _("Motivo"), _("Artigo"), _("Código")]


def report_write(errors: list[dict[str, object]], *, fmt: str) -> bytes:
    # The values came from the uploaded file: the one writer keeps a formula in them text.
    return table_bytes(
        fmt,
        headers=_header(),
        rows=([error[key] for key in _HEADER_KEYS] for error in errors),
        sheet_title=_("Rejeições"),
    )
