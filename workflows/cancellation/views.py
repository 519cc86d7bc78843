"""The cancellation's filing page (Art. 23). The case page itself is generic."""

from __future__ import annotations

from django import forms
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from django.utils.translation import gettext as _

from cases.models import Case
from registers.models import Driver
from workflows.cancellation.forms import CancellationForm
from workflows.cancellation.services import CHECKLIST, cancellation_file, may_apply_again_on
from workflows.inputs import files_from_form
from workflows.portal import portal_filing


@login_required
def cancellation_new(request: HttpRequest) -> HttpResponse:
    def file(holder: Driver, form: forms.Form) -> Case:
        data = form.cleaned_data
        return cancellation_file(
            actor=request.user,
            holder=holder,
            acknowledged_bar=data["acknowledged_bar"],
            reason=data["reason"],
            proofs=files_from_form(data, CHECKLIST),
        )

    return portal_filing(
        request, form_class=CancellationForm, template="cancellation/new.html", file=file,
        refusal=_("Somente taxistas titulares cadastrados podem pedir o cancelamento pelo "
                  "portal."),
        context=lambda _holder: {"may_apply_on": may_apply_again_on(timezone.localdate())},
    )
