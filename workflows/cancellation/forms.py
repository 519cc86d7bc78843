"""The portal's filing form for the cancellation on request (Art. 23)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from workflows.cancellation.services import CHECKLIST
from workflows.inputs import files_form_fields


class _Base(forms.Form):
    reason = forms.CharField(
        label=_("Relato (opcional)"), widget=forms.Textarea(attrs={"rows": 3}), required=False
    )
    acknowledged_bar = forms.BooleanField(
        label=_("Estou ciente de que só poderei requerer nova autorização após 5 anos do "
                "efetivo cancelamento (Art. 23 parágrafo único)."),
        required=False,
    )


CancellationForm = type("CancellationForm", (_Base,), files_form_fields(CHECKLIST))
