"""The verification page's upload of a PDF: bounded, and a PDF or a clear message."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

MAX_PDF_BYTES = 10 * 1024 * 1024


class PdfUploadForm(forms.Form):
    file = forms.FileField(label=_("Arquivo PDF do documento"))

    def clean(self) -> dict[str, object]:
        cleaned = super().clean() or {}
        upload = cleaned.get("file")
        if upload is None:
            return cleaned
        if upload.size > MAX_PDF_BYTES:
            raise forms.ValidationError(_("O arquivo passa de 10 MB; envie o PDF do documento."))
        content = upload.read()
        if not content.startswith(b"%PDF-"):
            raise forms.ValidationError(_("O arquivo enviado não é um PDF."))
        cleaned["content"] = content
        return cleaned
