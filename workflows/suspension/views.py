"""The suspension's filing page on the portal (Art. 24). The case page itself is generic."""

from __future__ import annotations

from django import forms
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _

from cases.models import Case
from registers.models import Driver
from workflows.portal import portal_filing
from workflows.suspension.forms import SuspensionForm
from workflows.suspension.services import suspension_file


@login_required
def suspension_new(request: HttpRequest) -> HttpResponse:
    def file(driver: Driver, form: forms.Form) -> Case:
        data = form.cleaned_data
        return suspension_file(
            actor=request.user, driver=driver, ground=data["ground"], days=data["days"],
            reason=data["reason"], proofs=data["proofs"],
        )

    return portal_filing(
        request, form_class=SuspensionForm, template="suspension/new.html", file=file,
        refusal=_("Somente taxistas cadastrados podem pedir suspensão pelo portal."),
    )
