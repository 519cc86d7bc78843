"""Association pages (staff): the register, an association's members, parking place,
executive taxis and their uses (Art. 3 §§1-5)."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.roles import is_staff_member
from law.cooperatives import MIN_MEMBERS, max_vehicles
from municipal import selectors
from municipal.forms import (
    AssociationForm,
    ExecutiveVehicleForm,
    MemberForm,
    ParkingForm,
    UseForm,
)
from municipal.lookups import authorization_by_number_or_plate
from municipal.models import Association, ExecutiveUse, ExecutiveVehicle, Membership
from municipal.permissions import may_keep_registers
from municipal.services import cooperatives as services
from municipal.views.common import act, cleaned, register_form


@login_required
def associations_page(request: HttpRequest) -> HttpResponse:
    if not is_staff_member(request.user):
        raise PermissionDenied

    def register(form: AssociationForm) -> HttpResponse:
        row = services.association_register(actor=request.user, **form.cleaned_data)
        return redirect("municipal:association", pk=row.pk)

    return register_form(
        request,
        AssociationForm,
        register,
        template="municipal/cooperatives/list.html",
        context=lambda: {
            "associations": selectors.association_rows(),
            "keeper": may_keep_registers(request.user),
        },
    )


@login_required
def association_page(request: HttpRequest, pk: int) -> HttpResponse:
    if not is_staff_member(request.user):
        raise PermissionDenied
    association = get_object_or_404(selectors.associations(), pk=pk)
    counted = association.counted
    today = timezone.localdate()
    return render(
        request,
        "municipal/cooperatives/detail.html",
        {
            "association": association,
            "counted": counted,
            "limit": max_vehicles(association.counted_for_vehicles),
            "min_members": MIN_MEMBERS,
            # What the list shows of each use: the plates, the member's name, the contract.
            "uses": ExecutiveUse.objects.filter(executive__association=association)
            .select_related("executive__vehicle", "membership__driver", "retained_vehicle")
            .only(
                *("contract", "started_at", "ended_at", "executive__vehicle__plate"),
                *("membership__driver__name", "retained_vehicle__plate"),
            )[:100],
            "keeper": may_keep_registers(request.user),
            # Each form's fields are cached by what they are drawn from (the template).
            "today": today,
            "member_form": MemberForm(initial={"since": today}),
            "parking_form": ParkingForm(initial={"approved_on": today}),
            "vehicle_form": ExecutiveVehicleForm(
                initial={"registered_on": today, "colour": association.colour}
            ),
        },
    )


@login_required
@require_POST
def member_add(request: HttpRequest, pk: int) -> HttpResponse:
    association = get_object_or_404(Association, pk=pk)

    def call() -> None:
        data = cleaned(MemberForm(request.POST))
        holder = authorization_by_number_or_plate(data["authorization"]).holder
        services.membership_add(
            actor=request.user, association=association, driver=holder, since=data["since"]
        )

    return act(request, call, success=_("Associado incluído."), back="municipal:association", pk=pk)


@login_required
@require_POST
def member_end(request: HttpRequest, pk: int) -> HttpResponse:
    membership = get_object_or_404(Membership, pk=pk)
    return act(
        request,
        lambda: services.membership_end(
            actor=request.user, membership=membership, on=timezone.localdate()
        ),
        success=_("Associado desligado."),
        back="municipal:association",
        pk=membership.association_id,
    )


@login_required
@require_POST
def parking_approve(request: HttpRequest, pk: int) -> HttpResponse:
    association = get_object_or_404(Association, pk=pk)
    return act(
        request,
        lambda: services.association_approve_parking(
            actor=request.user, association=association, **cleaned(ParkingForm(request.POST))
        ),
        success=_("Estacionamento aprovado."),
        back="municipal:association",
        pk=pk,
    )


@login_required
@require_POST
def vehicle_add(request: HttpRequest, pk: int) -> HttpResponse:
    association = get_object_or_404(Association, pk=pk)

    def call() -> None:
        data = cleaned(ExecutiveVehicleForm(request.POST))
        data["plate"] = data["plate"].replace("-", "").upper()
        services.executive_vehicle_register(actor=request.user, association=association, **data)

    return act(
        request,
        call,
        success=_("Táxi executivo cadastrado."),
        back="municipal:association",
        pk=pk,
    )


@login_required
@require_POST
def use_start(request: HttpRequest, pk: int) -> HttpResponse:
    executive = get_object_or_404(ExecutiveVehicle, pk=pk)

    def call() -> None:
        data = cleaned(UseForm(request.POST))
        membership = get_object_or_404(Membership, pk=data["membership"])
        services.executive_use_start(
            actor=request.user,
            executive=executive,
            membership=membership,
            contract=data["contract"],
            started_at=timezone.now(),
        )

    return act(
        request,
        call,
        success=_("Uso registrado; o táxi do associado fica retido (Art. 3 §5)."),
        back="municipal:association",
        pk=executive.association_id,
    )


@login_required
@require_POST
def use_end(request: HttpRequest, pk: int) -> HttpResponse:
    use = get_object_or_404(ExecutiveUse.objects.select_related("executive"), pk=pk)
    return act(
        request,
        lambda: services.executive_use_end(actor=request.user, use=use, ended_at=timezone.now()),
        success=_("Uso encerrado; o táxi do associado foi liberado."),
        back="municipal:association",
        pk=use.executive.association_id,
    )
