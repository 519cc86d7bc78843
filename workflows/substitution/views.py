"""The portal page where a holder files a vehicle substitution (Arts. 12 and 20)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from cases.errors import DomainError
from cases.models import Deadline
from registers.selectors import authorizations_visible_to, driver_of
from workflows.substitution.forms import SubstitutionForm
from workflows.substitution.services import substitution_file
from workflows.substitution.tracking import AGE_DEADLINE, COLOUR_DEADLINE, IN_FORCE


@login_required
def substitution_new(request: HttpRequest) -> HttpResponse:
    driver = driver_of(request.user)
    if driver is None:
        messages.error(
            request, _("Somente taxistas cadastrados podem pedir substituição pelo portal.")
        )
        return redirect("home")
    authorization = (
        authorizations_visible_to(request.user)
        .filter(holder=driver, status__in=IN_FORCE)
        .first()
    )
    deadlines = (
        Deadline.objects.filter(
            authorization=authorization,
            kind__in=[AGE_DEADLINE, COLOUR_DEADLINE],
            state=Deadline.State.PENDING,
        )
        if authorization
        else Deadline.objects.none()
    )
    form = SubstitutionForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        try:
            case = substitution_file(
                actor=request.user,
                driver=driver,
                vehicle=form.vehicle(),
                crlv=form.cleaned_data["crlv"],
                note=form.cleaned_data["note"],
            )
        except DomainError as exc:
            form.add_error(None, str(exc))
        else:
            messages.success(
                request, _("Pedido protocolado sob o número %(n)s.") % {"n": case.number}
            )
            return redirect("case", pk=case.pk)
    return render(
        request,
        "substitution/substitution_new.html",
        {"form": form, "authorization": authorization, "deadlines": deadlines},
        status=400 if form.errors else 200,
    )


@login_required
def seizure_communicate(request: HttpRequest) -> HttpResponse:
    """Art. 24 §2: the holder communicates a judicial seizure of the vehicle."""
    from workflows.substitution.forms import SeizureCommunicationForm
    from workflows.substitution.seizure import substitution_seizure_communicate

    driver = driver_of(request.user)
    if driver is None:
        messages.error(
            request, _("Somente taxistas cadastrados podem comunicar pelo portal.")
        )
        return redirect("home")
    form = SeizureCommunicationForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        try:
            case = substitution_seizure_communicate(
                actor=request.user,
                driver=driver,
                seized_on=form.cleaned_data["seized_on"],
                order=form.cleaned_data["order"],
                note=form.cleaned_data["note"],
            )
        except DomainError as exc:
            form.add_error(None, str(exc))
        else:
            messages.success(
                request,
                _("Apreensão comunicada no processo %(n)s: informe agora o novo veículo.")
                % {"n": case.number},
            )
            return redirect("case", pk=case.pk)
    return render(
        request, "substitution/seizure_communicate.html", {"form": form},
        status=400 if form.errors else 200,
    )
