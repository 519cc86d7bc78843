"""Stand pages: the public list, a stand's page (the agent's phone page), its sign."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.roles import is_staff_member
from municipal import selectors
from municipal.forms import ArrivalForm, AssignForm, StandForm
from municipal.lookups import authorization_by_number_or_plate, authorization_by_plate
from municipal.models import Stand, StandArrival, StandAssignment, StandWaiting
from municipal.permissions import may_keep_lines, may_keep_registers
from municipal.services import stands as services
from municipal.views.common import act, cleaned, register_form


def stand_list(request: HttpRequest) -> HttpResponse:
    """/pontos/ — public: where the stands are, their type, places and shelter."""
    staff = is_staff_member(request.user)
    today = timezone.localdate()
    rows = selectors.stands_all() if staff else selectors.stands_public(today=today)
    return render(
        request,
        "municipal/stands/list.html",
        {"stands": rows, "staff": staff, "today": today},
    )


def stand_page(request: HttpRequest, pk: int) -> HttpResponse:
    """/pontos/<pk>/ — the stand, the taxis assigned to it, and for staff its line (Art. 36)."""
    stand = get_object_or_404(selectors.stands_all(), pk=pk)
    staff = is_staff_member(request.user)
    driver = getattr(request.user, "driver", None) if request.user.is_authenticated else None
    return render(
        request,
        "municipal/stands/detail.html",
        {
            "stand": stand,
            "assignments": selectors.stand_assignments(stand),
            "waiting": selectors.stand_waiting(stand) if staff else [],
            "line": selectors.stand_line(stand) if staff or driver else [],
            "staff": staff,
            "keeper": staff and may_keep_lines(request.user),
            "registers_keeper": may_keep_registers(request.user),
            "driver_taxis": selectors.authorizations_of_driver(driver) if driver else [],
            "assign_form": AssignForm(),
            "arrival_form": ArrivalForm(),
        },
    )


def stand_sign(request: HttpRequest, pk: int) -> HttpResponse:
    """/pontos/<pk>/placa/ — the printable sign with the plates of a fixed stand (Art. 32 §1)."""
    stand = get_object_or_404(Stand, pk=pk)
    return render(
        request,
        "municipal/stands/sign.html",
        {"stand": stand, "assignments": selectors.stand_assignments(stand)},
    )


@login_required
def stand_edit(request: HttpRequest, pk: int | None = None) -> HttpResponse:
    """/pontos/novo/ and /pontos/<pk>/editar/ — a stand as its act fixes it (Arts. 32-34)."""
    if not may_keep_registers(request.user):
        raise PermissionDenied
    stand = get_object_or_404(Stand, pk=pk) if pk else None
    initial = {}
    if stand is not None:
        initial = {f: getattr(stand, f) for f in StandForm.base_fields}

    def save(form: StandForm) -> HttpResponse:
        saved = services.stand_save(actor=request.user, stand=stand, **form.cleaned_data)
        return redirect("municipal:stand", pk=saved.pk)

    return register_form(
        request,
        StandForm,
        save,
        template="municipal/stands/form.html",
        context=lambda: {"stand": stand},
        initial=initial,
    )


@login_required
@require_POST
def stand_assign(request: HttpRequest, pk: int) -> HttpResponse:
    stand = get_object_or_404(Stand, pk=pk)

    def call() -> None:
        data = cleaned(AssignForm(request.POST), _("Informe o termo de autorização ou a placa."))
        row = services.stand_assign(
            actor=request.user,
            stand=stand,
            authorization=authorization_by_number_or_plate(data["authorization"]),
            today=timezone.localdate(),
        )
        if isinstance(row, StandWaiting):
            messages.info(request, _("Ponto sem vaga: o táxi entrou na fila de espera."))

    return act(request, call, success=_("Designação registrada."), back="municipal:stand", pk=pk)


@login_required
@require_POST
def stand_release(request: HttpRequest, pk: int) -> HttpResponse:
    assignment = get_object_or_404(StandAssignment, pk=pk)
    return act(
        request,
        lambda: services.stand_release(
            actor=request.user, assignment=assignment, today=timezone.localdate()
        ),
        success=_("Designação encerrada."),
        back="municipal:stand",
        pk=assignment.stand_id,
    )


@login_required
@require_POST
def stand_arrive(request: HttpRequest, pk: int) -> HttpResponse:
    stand = get_object_or_404(Stand, pk=pk)
    plate = request.POST.get("plate", "")
    return act(
        request,
        lambda: services.stand_arrive(
            actor=request.user,
            stand=stand,
            authorization=authorization_by_plate(plate, suspended_too=True),
            now=timezone.now(),
            plate=plate,
        ),
        success=_("Chegada registrada."),
        # Not the keepers' alone: an agent or the taxi's own driver keeps the line (Art. 36).
        keepers_only=False,
        back="municipal:stand",
        pk=pk,
    )


@login_required
@require_POST
def stand_depart(request: HttpRequest, pk: int) -> HttpResponse:
    arrival = get_object_or_404(StandArrival.objects.select_related("authorization"), pk=pk)
    return act(
        request,
        lambda: services.stand_depart(
            actor=request.user,
            arrival=arrival,
            now=timezone.now(),
            passenger_call=request.POST.get("passenger_call") == "1",
            without_passenger=request.POST.get("without_passenger") == "1",
        ),
        success=_("Saída registrada."),
        keepers_only=False,
        back="municipal:stand",
        pk=arrival.stand_id,
    )


@login_required
@require_POST
def stand_revoke(request: HttpRequest, pk: int) -> HttpResponse:
    stand = get_object_or_404(Stand, pk=pk)
    return act(
        request,
        lambda: services.stand_revoke(
            actor=request.user,
            stand=stand,
            act_number=request.POST.get("act_number", ""),
            on=timezone.localdate(),
        ),
        success=_("Ponto revogado."),
        back="municipal:stand",
        pk=pk,
    )
