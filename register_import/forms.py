from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from cases.errors import RuleViolation
from register_import.reading import MAX_BYTES, archive_check


class ImportForm(forms.Form):
    file = forms.FileField(
        label=_("Planilha do cadastro (CSV ou XLSX)"),
        help_text=_("Uma linha por autorização; a primeira linha traz os nomes das colunas."),
    )

    def clean_file(self):  # noqa: ANN201
        upload = self.cleaned_data["file"]
        if upload.size > MAX_BYTES:
            raise forms.ValidationError(_("O arquivo passa de 5 MB; divida-o em partes."))
        if not upload.name.lower().endswith((".csv", ".txt", ".xlsx")):
            raise forms.ValidationError(_("Envie um arquivo .csv ou .xlsx."))
        if upload.name.lower().endswith(".xlsx"):
            # Refused at the door, from the zip's directory alone: a bomb never reaches the
            # worker.
            upload.seek(0)
            try:
                archive_check(upload.read())
            except RuleViolation as exc:
                raise forms.ValidationError(exc.message, code=exc.code) from exc
            finally:
                upload.seek(0)
        return upload
