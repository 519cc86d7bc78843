"""Pages of the clandestine kind: the agent's recording page and the case's summary.

The clerks' and the commission's actions are the generic case page's.
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
from cases.selectors import within_visible_cases
from cases.workflow import state_label
from law.i18n import format_date
from workflows.clandestine.forms import ClandestineRecordForm
from workflows.clandestine.models import ClandestineCase
from workflows.clandestine.selectors import clandestine_balance
from workflows.clandestine.services import clandestine_record


@login_required
def clandestine_new(request: HttpRequest) -> HttpResponse:
    """The fiscal agent records the facts on the spot; the vehicle is seized at once."""
    if not has_role(request.user, Role.FISCAL_AGENT):
        messages.error(request, _("Somente agentes fiscais autuam o transporte clandestino."))
        return redirect("home")
    form = ClandestineRecordForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            case = clandestine_record(agent=request.user, **form.cleaned_data)
        except DomainError as exc:
            form.add_error(None, str(exc))
        else:
            messages.success(
                request,
                _("Autuação registrada sob o número %(n)s: apreensão até %(day)s.")
                % {"n": case.number, "day": format_date(case.seizure_ends_on)},
            )
            return redirect("clandestine-detail", pk=case.pk)
    return render(
        request, "clandestine/new.html", {"form": form}, status=400 if form.errors else 200
    )


@login_required
def clandestine_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """The record, the penalty, what is owed and what was paid."""
    case = get_object_or_404(
        within_visible_cases(ClandestineCase.objects.all(), request.user, case="pk")
        .select_related("agent"),
        pk=pk,
    )
    personal_data_read_case(
        actor=request.user, case=case, channel="page", path=request.path, what="auto clandestino"
    )
    return render(
        request,
        "clandestine/detail.html",
        {
            "case": case,
            "state_label": state_label(case.kind, case.state),
            "balance": clandestine_balance(case),
            "payments": case.payments.all(),
        },
    )
