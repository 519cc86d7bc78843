"""The portal's renewal page (Arts. 18, 19). Thin: the service decides, the page shows."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from cases.errors import DomainError
from registers.models import Authorization
from registers.selectors import driver_of
from workflows.renewal.forms import RenewalForm
from workflows.renewal.services import IN_FORCE, registration_to_renew, renewal_file


@login_required
def renewal_new(request: HttpRequest) -> HttpResponse:
    driver = driver_of(request.user)
    if driver is None:
        messages.error(request, _("Somente taxistas cadastrados podem renovar a IM pelo portal."))
        return redirect("home")
    authorization = Authorization.objects.filter(holder=driver, status__in=IN_FORCE).first()
    current = registration_to_renew(authorization) if authorization else None
    form = RenewalForm(
        request.POST or None,
        request.FILES or None,
        initial={"previous_number": current.number if current else ""},
    )
    if request.method == "POST" and form.is_valid():
        try:
            case = renewal_file(actor=request.user, driver=driver, **form.cleaned_data)
        except DomainError as exc:
            form.add_error(None, str(exc))
        else:
            messages.success(
                request,
                _("Pedido de renovação protocolado no processo %(n)s.") % {"n": case.number},
            )
            return redirect("case", pk=case.pk)
    return render(
        request,
        "renewal/renewal_new.html",
        {"form": form, "registration": current},
        status=400 if form.errors else 200,
    )
