"""Recording an inspection's result from the case page."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from cases.errors import DomainError
from cases.selectors import within_visible_cases
from inspections.models import Inspection
from inspections.services import inspection_items_from_form, inspection_record_for_case


@login_required
@require_POST
def record(request: HttpRequest, pk: int) -> HttpResponse:
    inspection = get_object_or_404(
        within_visible_cases(Inspection.objects.all(), request.user), pk=pk
    )
    try:
        row = inspection_record_for_case(
            inspection=inspection, actor=request.user,
            items=inspection_items_from_form(request.POST), notes=request.POST.get("notes", ""),
            confirm_early=bool(request.POST.get("confirm_early")),
        )
    except DomainError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, _("Vistoria registrada: %(status)s.")
                         % {"status": row.get_status_display()})
    return redirect("case", pk=inspection.case_id)
