"""The portal's renewal page (Arts. 18, 19). Thin: the service decides, the page shows."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _l

from cases.models import Case
from registers.models import Authorization, Driver
from workflows.portal import portal_filing
from workflows.renewal.forms import RenewalForm
from workflows.renewal.services import IN_FORCE, registration_to_renew, renewal_file


@login_required
def renewal_new(request: HttpRequest) -> HttpResponse:
    def context(driver: Driver) -> dict[str, Any]:
        authorization = Authorization.objects.filter(holder=driver, status__in=IN_FORCE).first()
        return {"registration": registration_to_renew(authorization) if authorization else None}

    def file(driver: Driver, form: forms.Form) -> Case:
        return renewal_file(actor=request.user, driver=driver, **form.cleaned_data)

    return portal_filing(
        request, form_class=RenewalForm, template="renewal/renewal_new.html", file=file,
        refusal=_("Somente taxistas cadastrados podem renovar a IM pelo portal."),
        filed=_l("Pedido de renovação protocolado no processo %(n)s."),
        context=context,
        initial=lambda shown: {
            "previous_number": shown["registration"].number if shown["registration"] else ""
        },
    )
