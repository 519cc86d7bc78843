"""The transfer's filing page (Art. 25). The case page itself is generic."""

from __future__ import annotations

from django import forms
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _

from cases.models import Case
from registers.models import Authorization, Driver
from workflows.inputs import driver_data, files_from_form
from workflows.portal import portal_filing
from workflows.transfer.forms import BENEFICIARY_PREFIX, TransferForm
from workflows.transfer.services import CHECKLIST, FILING_FACTS, transfer_file


@login_required
def transfer_new(request: HttpRequest) -> HttpResponse:
    """The beneficiary files for himself; the holder (invalidity) names the beneficiary."""

    def file(driver: Driver, form: forms.Form) -> Case | None:
        data = form.cleaned_data
        authorization = Authorization.objects.filter(
            number=data["authorization_number"].strip()
        ).first()
        if authorization is None:
            form.add_error("authorization_number", _("Termo de Autorização não encontrado."))
            return None
        own = authorization.holder_id == driver.pk
        return transfer_file(
            actor=request.user,
            authorization=authorization,
            beneficiary=None if own else driver,
            beneficiary_data=driver_data(data, BENEFICIARY_PREFIX) if own else None,
            proofs=files_from_form(data, CHECKLIST),
            **{fact: data[fact] for fact in FILING_FACTS},
        )

    return portal_filing(
        request, form_class=TransferForm, template="transfer/new.html", file=file,
        refusal=_("Somente condutores cadastrados podem pedir a transferência pelo portal; "
                  "procure a Secretaria de Finanças."),
    )
