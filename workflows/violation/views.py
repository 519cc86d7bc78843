"""The fiscal agent's phone pages: issue notices at the roadside (Arts. 47, 50, 51), see what
was issued, and the penalty periods of a notice with the early release of an impeded
vehicle (Art. 59 IV a).

One column, big targets, nothing that needs a wide screen. Thin: forms check shape,
`workflows.violation.services.violation_notices_issue_for_conductor` (or, from a forwarded
complaint, `workflows.complaint.services.complaint_convert`) decides, selectors scope.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from accounts.roles import Role, has_role
from accounts.services import personal_data_read
from cases.errors import DomainError, NotPermitted
from cases.form_fields import LOCAL_INPUT, local_now_input
from cases.services.transitions import local_today
from cases.workflow import state_label
from law.infractions import (
    FINE_VRTE_BY_GROUP,
    GROUPS,
    INFRACTIONS,
    POINTS_BY_GROUP,
    citable_infractions,
)
from registers.models import Authorization
from registers.selectors import authorizations_visible_to
from workflows.complaint.selectors import complaints_forwarded_visible_to
from workflows.complaint.services import complaint_convert
from workflows.violation.forms import IssueForm, LiftForm, SettlementForm, TaxiSearchForm
from workflows.violation.models import PenaltyPeriod
from workflows.violation.payment_guide import payment_guide
from workflows.violation.selectors import (
    current_auxiliary,
    notice_penalty,
    notices_visible_to,
    penalty_periods_of,
    registration_of,
    taxi_find,
)
from workflows.violation.services import (
    penalty_impediment_lift,
    require_fiscal_agent,
    violation_notices_issue_for_conductor,
)
from workflows.violation.settlement import settlement_apply

if TYPE_CHECKING:
    from workflows.complaint.models import ComplaintCase


def _item_groups() -> list[dict[str, Any]]:
    """Art. 58 by group, with Arts. 56 and 57 (points, fine); XXI left out (not citable)."""
    entries = citable_infractions()
    return [
        {
            "group": group,
            "points": POINTS_BY_GROUP[group],
            "fine_vrte": FINE_VRTE_BY_GROUP[group],
            "items": [entry for entry in entries if entry.group == group],
        }
        for group in GROUPS
    ]


def _refused(request: HttpRequest, exc: NotPermitted) -> HttpResponse:
    return render(request, "violation/refused.html", {"error": exc}, status=exc.http_status)


def _agents_only(request: HttpRequest) -> HttpResponse | None:
    """Art. 41: the page is the agents'; anybody else is told why, with the article."""
    try:
        require_fiscal_agent(request.user)
    except NotPermitted as exc:
        return _refused(request, exc)
    return None


def _initial(taxi: Authorization, complaint: ComplaintCase | None) -> dict[str, Any]:
    if complaint is None:
        return {"authorization": taxi.pk, "occurred_at": local_now_input()}
    return {
        "authorization": taxi.pk,
        "complaint": complaint.pk,
        "place": complaint.place,
        "occurred_at": timezone.localtime(complaint.occurred_at).strftime(LOCAL_INPUT),
        "description": _("Reclamação de passageiro nº %(number)s: %(account)s")
        % {"number": complaint.number, "account": complaint.account},
    }


def _page(
    request: HttpRequest,
    *,
    search: TaxiSearchForm,
    query: str,
    taxi: Authorization | None,
    form: IssueForm | None,
    complaint: ComplaintCase | None,
    status: int = 200,
) -> HttpResponse:
    return render(
        request,
        "violation/issue.html",
        {
            "search": search,
            "query": query,
            "taxi": taxi,
            "registration": registration_of(taxi) if taxi else None,
            "auxiliary": current_auxiliary(taxi) if taxi else None,
            "form": form,
            "complaint": complaint,
            "item_groups": _item_groups(),
            "checked": set(form["items"].value() or []) if form is not None else set(),
            "today": timezone.localdate(),
        },
        status=status,
    )


@never_cache
@login_required
def issue_page(request: HttpRequest) -> HttpResponse:
    """/fiscalizacao/autos/novo/ — find the taxi, then fill the notice (Art. 47).

    `?reclamacao=<pk>` starts from a forwarded complaint: its taxi, place and time.
    """
    refused = _agents_only(request)
    if refused is not None:
        return refused
    if request.method == "POST":
        return _issue_post(request)
    search = TaxiSearchForm(request.GET or None)
    query = search.cleaned_data["q"].strip() if search.is_valid() else ""
    complaint = None
    if request.GET.get("reclamacao", "").isdigit():
        complaint = get_object_or_404(
            complaints_forwarded_visible_to(request.user), pk=int(request.GET["reclamacao"])
        )
        taxi = complaint.taxi
        query = query or complaint.plate
    else:
        taxi = taxi_find(query) if query else None
    form = IssueForm(initial=_initial(taxi, complaint)) if taxi is not None else None
    return _page(request, search=search, query=query, taxi=taxi, form=form, complaint=complaint)


def _issue_post(request: HttpRequest) -> HttpResponse:
    form = IssueForm(request.POST)
    form.fields["authorization"].queryset = authorizations_visible_to(request.user)
    form.fields["complaint"].queryset = complaints_forwarded_visible_to(request.user)
    status = 400
    if form.is_valid():
        data = form.cleaned_data
        fields = {
            "items": data["items"],
            "conductor": data["conductor"],
            "occurred_at": data["occurred_at"],
            "place": data["place"],
            "offender_signed": data["offender_signed"],
            "description": data["description"],
            "password": data["password"],
        }
        try:
            if data["complaint"] is not None:
                _complaint, notices = complaint_convert(
                    case=data["complaint"], actor=request.user, **fields
                )
            else:
                notices = violation_notices_issue_for_conductor(
                    agent=request.user,
                    authorization=data["authorization"],
                    confirm_duplicate=data["confirm_duplicate"],
                    **fields,
                )
        except DomainError as exc:
            form.add_error(None, str(exc))
            status = exc.http_status
            if exc.code == "duplicate_notice":
                # Ask: the same form again with the confirmation as a checkbox.
                form.fields["confirm_duplicate"].widget = forms.CheckboxInput()
        else:
            ids = ",".join(str(notice.pk) for notice in notices)
            return redirect(f"{reverse('agent-issued')}?autos={ids}")
    taxi = form.cleaned_data.get("authorization")
    complaint = form.cleaned_data.get("complaint")
    return _page(
        request,
        search=TaxiSearchForm(initial={"q": taxi.vehicle.display_plate if taxi else ""}),
        query=taxi.vehicle.display_plate if taxi else "",
        taxi=taxi,
        form=form if taxi is not None else None,
        complaint=complaint,
        status=status,
    )


@login_required
def issued_page(request: HttpRequest) -> HttpResponse:
    """/fiscalizacao/autos/lavrados/?autos=1,2 — what the agent just issued, with numbers."""
    refused = _agents_only(request)
    if refused is not None:
        return refused
    ids = [int(part) for part in request.GET.get("autos", "").split(",") if part.isdigit()]
    notices = list(
        notices_visible_to(request.user)
        .filter(pk__in=ids, agent=request.user)
        .prefetch_related("complaints")
        .order_by("number")
    )
    return render(
        request,
        "violation/issued.html",
        {
            "rows": [(notice, INFRACTIONS[notice.item]) for notice in notices],
            "complaints": sorted(
                {c for n in notices for c in n.complaints.all()}, key=lambda c: c.number
            ),
        },
    )


# --- Penalty periods (Art. 59 III, IV) --------------------------------------------------


@login_required
def penalties_page(request: HttpRequest, pk: int) -> HttpResponse:
    """/autos/<pk>/penalidades/ — the suspension and impediment periods of a notice."""
    notice = get_object_or_404(notices_visible_to(request.user), pk=pk)
    personal_data_read(
        actor=request.user,
        drivers=[notice.applicant, notice.offender, notice.authorization.holder],
        case=notice,
        channel="page",
        path=request.path,
        what="penalidades",
    )
    can_lift = has_role(request.user, Role.CLERK, Role.FISCAL_AGENT)
    periods = [
        (
            period,
            LiftForm(prefix=f"p{period.pk}")
            if can_lift and period.kind == PenaltyPeriod.Kind.IMPEDIMENT and period.ended_on is None
            else None,
        )
        for period in penalty_periods_of(notice)
    ]
    return render(
        request,
        "violation/penalties.html",
        {
            "notice": notice,
            "penalty": notice_penalty(notice),
            "state_label": state_label(notice.kind, notice.state),
            "periods": periods,
        },
    )


@login_required
@require_POST
def impediment_lift(request: HttpRequest, pk: int, period: int) -> HttpResponse:
    """Art. 59 IV a: the vehicle returns before the end once the problem is fixed."""
    notice = get_object_or_404(notices_visible_to(request.user), pk=pk)
    row = get_object_or_404(PenaltyPeriod, pk=period, violation=notice)
    form = LiftForm(request.POST, prefix=f"p{row.pk}")
    if not form.is_valid():
        messages.error(request, _("Descreva como o problema foi sanado."))
        return redirect("violation-penalties", pk=pk)
    try:
        penalty_impediment_lift(period=row, actor=request.user, note=form.cleaned_data["note"])
    except DomainError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, _("Veículo liberado: o impedimento foi encerrado hoje."))
    return redirect("violation-penalties", pk=pk)


@login_required
def payment_guide_page(request: HttpRequest, pk: int) -> HttpResponse:
    """/autos/<pk>/guia/ — the fine's payment guide with its Pix code (Art. 55)."""
    notice = get_object_or_404(notices_visible_to(request.user), pk=pk)
    try:
        guide = payment_guide(notice, today=local_today())
    except DomainError as exc:
        return render(
            request, "violation/payment_guide.html", {"notice": notice, "error": exc},
            status=exc.http_status,
        )
    return render(
        request, "violation/payment_guide.html",
        # The SVG is drawn here from our own payload, never from input.
        {"notice": notice, "guide": guide, "qr": mark_safe(guide.qr_svg())},
    )


@login_required
def settlement_page(request: HttpRequest) -> HttpResponse:
    """/autos/conciliacao/ — the clerk records the Pix payments of the bank's file."""
    if not has_role(request.user, Role.CLERK):
        return _refused(request, NotPermitted(_("Só a Secretaria concilia os pagamentos.")))
    form = SettlementForm(request.POST or None, request.FILES or None)
    report = None
    if request.method == "POST" and form.is_valid():
        try:
            report = settlement_apply(content=form.cleaned_data["file"].read(), actor=request.user)
        except DomainError as exc:
            form.add_error("file", str(exc))
    return render(request, "violation/settlement.html", {"form": form, "report": report})
