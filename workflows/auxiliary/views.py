"""The auxiliary driver's filing page (Arts. 27, 28). The case page itself is generic."""

from __future__ import annotations

from django import forms
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _

from cases.models import Case
from registers.models import Driver
from workflows.auxiliary.forms import AUXILIARY_PREFIX, AuxiliaryForm
from workflows.auxiliary.models import AuxiliaryPurpose
from workflows.auxiliary.services import CHECKLIST, auxiliary_file
from workflows.inputs import driver_data, files_from_form
from workflows.portal import portal_filing


@login_required
def auxiliary_new(request: HttpRequest) -> HttpResponse:
    def file(holder: Driver, form: forms.Form) -> Case:
        data = form.cleaned_data
        registering = data["purpose"] == AuxiliaryPurpose.REGISTER
        return auxiliary_file(
            actor=request.user,
            holder=holder,
            purpose=data["purpose"],
            auxiliary_data=driver_data(data, AUXILIARY_PREFIX) if registering else None,
            departure_reason=data["departure_reason"],
            reason=data["reason"],
            proofs=files_from_form(data, CHECKLIST),
        )

    return portal_filing(
        request, form_class=AuxiliaryForm, template="auxiliary/new.html", file=file,
        refusal=_("Somente taxistas titulares cadastrados podem fazer este pedido pelo portal."),
    )
