"""Portal pages of the application kind: file, follow (checklist, waiting list), correct.

The case page, the queue and the clerks' and the mayor's actions are the generic ones.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from accounts.roles import Role, has_role
from accounts.services import personal_data_read_case
from cases.errors import DomainError
from cases.services.transitions import available_edges
from registers.selectors import driver_of
from workflows.application.checklist import BY_CODE
from workflows.application.forms import ApplicationForm, CorrectionForm
from workflows.application.selectors import (
    applications_visible_to,
    checklist_outstanding,
    waiting_list_position,
)
from workflows.application.services import (
    ApplicantData,
    VehicleData,
    application_file,
    application_resubmit,
    data_from,
    uploads_by_item,
)
from workflows.application.workflow import WORKFLOW

_DRIVER_FIELDS = (
    "name", "cpf", "cnh_number", "cnh_category", "cnh_expires_on", "address", "district",
    "city", "postal_code", "email", "phone",
)


def _initial(request: HttpRequest) -> dict[str, object]:
    driver = driver_of(request.user)
    if driver is not None:
        return {name: getattr(driver, name) for name in _DRIVER_FIELDS}
    if has_role(request.user, Role.CLERK):
        return {}
    return {"name": request.user.get_full_name(), "email": request.user.email}


@login_required
def application_new(request: HttpRequest) -> HttpResponse:
    """The filing page: a driver for themself, a clerk at the counter for someone."""
    if not has_role(request.user, Role.DRIVER, Role.CLERK):
        messages.error(
            request, _("Somente taxistas e servidores protocolam pedidos de autorização.")
        )
        return redirect("home")
    form = ApplicationForm(request.POST or None, request.FILES or None, initial=_initial(request))
    if request.method == "POST" and form.is_valid():
        try:
            case = application_file(
                actor=request.user,
                applicant=data_from(ApplicantData, form.cleaned_data),
                vehicle=data_from(VehicleData, form.cleaned_data),
                documents=uploads_by_item(form.cleaned_data),
            )
        except DomainError as exc:
            form.add_error(None, str(exc))
        else:
            messages.success(
                request, _("Pedido protocolado sob o número %(n)s.") % {"n": case.number}
            )
            return redirect("application-detail", pk=case.pk)
    return render(
        request, "application/new.html", {"form": form}, status=400 if form.errors else 200
    )


@login_required
def application_mine(request: HttpRequest) -> HttpResponse:
    """The applications the user may see, with where each stands."""
    rows = [
        (case, WORKFLOW.state_label(case.state), waiting_list_position(case))
        for case in applications_visible_to(request.user)[:100]
    ]
    return render(request, "application/mine.html", {"rows": rows, "filing": WORKFLOW.filing})


@login_required
def application_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """Checklist, waiting-list position and, when asked, the correction of documents."""
    case = get_object_or_404(applications_visible_to(request.user), pk=pk)
    personal_data_read_case(
        actor=request.user, case=case, channel="page", path=request.path, what="pedido de outorga"
    )
    can_correct = any(edge.name == "resubmit" for edge in available_edges(case, request.user))
    items = [BY_CODE[line.code] for line in checklist_outstanding(case)] if can_correct else []
    form = CorrectionForm(request.POST or None, request.FILES or None, items=items)
    if request.method == "POST" and can_correct and form.is_valid():
        files = {name: value for name, value in form.cleaned_data.items() if name != "note"}
        try:
            application_resubmit(
                case=case, actor=request.user, note=form.cleaned_data["note"], **files
            )
        except DomainError as exc:
            form.add_error(None, str(exc))
        else:
            messages.success(request, _("Documentos reenviados para conferência."))
            return redirect("application-detail", pk=case.pk)
    return render(
        request,
        "application/detail.html",
        {
            "case": case,
            "state_label": WORKFLOW.state_label(case.state),
            "form": form if can_correct else None,
        },
        status=400 if form.errors else 200,
    )
