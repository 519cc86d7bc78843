from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from register_import.reading import MAX_BYTES


class ImportForm(forms.Form):
    file = forms.FileField(
        label=_("Planilha do cadastro (CSV ou XLSX)"),
        help_text=_("Uma linha por autorização; a primeira linha traz os nomes das colunas."),
    )

    def clean_file(self):  # noqa: ANN201
        upload = self.cleaned_data["file"]
        if upload.size > MAX_BYTES:
            raise forms.ValidationError(_("O arquivo passa de 5 MB; divida-o em partes."))
        if not upload.name.lower().endswith((".csv", ".xlsx")):
            raise forms.ValidationError(_("Envie um arquivo .csv ou .xlsx."))
        return upload
