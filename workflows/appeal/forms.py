"""The appeal's filing form (Arts. 63 §2, 64). The texts are optional here on purpose: the
service refuses a missing one naming its article, which a form's "required" cannot."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django import forms
from django.utils.translation import gettext_lazy as _

from cases.form_fields import MultipleFileField
from registers.models import Driver
from workflows.appeal.models import FilerKind
from workflows.appeal.services import MAX_WITNESSES, WitnessInput

if TYPE_CHECKING:
    from workflows.violation.models import ViolationNotice


def _text(label: str, help_text: str = "", rows: int = 4) -> forms.CharField:
    return forms.CharField(
        label=label,
        help_text=help_text,
        required=False,
        widget=forms.Textarea(attrs={"rows": rows}),
    )


class AppealForm(forms.Form):
    qualification = _text(
        _("Qualificação do recorrente (Art. 64 I)"),
        _("Nome, CPF, endereço, profissão e estado civil."),
        rows=2,
    )
    facts_and_law = _text(
        _("Razões de fato e de direito (Art. 64 II)"),
        _("Por que a penalidade deve ser cancelada ou reduzida."),
        rows=8,
    )
    evidence = _text(
        _("Provas que pretende produzir (Art. 64 III)"),
        _("Documentos, testemunhas, perícias."),
    )
    diligences = _text(
        _("Diligências requeridas (Art. 64 III)"),
        _("Uma por linha, cada uma com os motivos que a justificam."),
    )
    documents = MultipleFileField(
        label=_("Documentos que provam as alegações (Art. 64 §1)"),
        required=False,
        help_text=_("PDF, JPEG ou PNG, até 10 MB cada."),
    )

    def __init__(self, *args: Any, notice: ViolationNotice, counter: bool, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for n in range(1, MAX_WITNESSES + 1):
            self.fields[f"witness_{n}_name"] = forms.CharField(
                label=_("Testemunha %(n)d — nome") % {"n": n}, max_length=200, required=False
            )
            self.fields[f"witness_{n}_qualification"] = forms.CharField(
                label=_("Testemunha %(n)d — qualificação") % {"n": n},
                max_length=400,
                required=False,
            )
        if counter:
            # At the counter a clerk files for the party in person or for his attorney.
            parties = [notice.applicant_id, notice.offender_id]
            self.fields["filer_kind"] = forms.ChoiceField(
                label=_("Interposto por (Art. 63 §2)"), choices=FilerKind.choices
            )
            self.fields["appellant"] = forms.ModelChoiceField(
                label=_("Recorrente"),
                queryset=Driver.objects.filter(pk__in=[p for p in parties if p]),
                required=False,
                help_text=_("Vazio: o condutor autuado (ou o titular, se não identificado)."),
            )
            self.fields["attorney_name"] = forms.CharField(
                label=_("Nome do procurador"), max_length=200, required=False
            )
            self.fields["attorney_document"] = forms.CharField(
                label=_("OAB ou documento do procurador"), max_length=40, required=False
            )
            self.fields["mandate"] = forms.FileField(
                label=_("Instrumento de mandato específico (Art. 63 §2)"),
                required=False,
                help_text=_("PDF, JPEG ou PNG, até 10 MB."),
            )

    def service_arguments(self) -> dict[str, Any]:
        data = dict(self.cleaned_data)
        witnesses = [
            WitnessInput(
                data.pop(f"witness_{n}_name", ""), data.pop(f"witness_{n}_qualification", "")
            )
            for n in range(1, MAX_WITNESSES + 1)
        ]
        data["witnesses"] = witnesses
        data["diligences"] = [line for line in data.pop("diligences", "").splitlines()]
        return data
