"""The workspace's pages: search, register files, role landings, dashboard, exports.

Thin: they read through `workspace.search`, `workspace.dossiers`, `workspace.landing` and
`workspace.dashboard`, which read through the scoping selectors.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, transaction
from django.http import FileResponse, Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.roles import Role, has_role, is_staff_member
from accounts.services import personal_data_read
from cases.errors import DomainError
from cases.policy import authorizations_in_scope, drivers_in_scope, vehicles_in_scope
from core.files import open_stored
from documents.selectors import driver_cards
from documents.services import driver_card_issue
from workspace import dashboard, dossiers, exports, landing
from workspace.forms import CaseSearchForm, PeriodForm, SavedFilterForm
from workspace.models import ExportJob, SavedFilter
from workspace.search import page_of, search_logged

PER_PAGE = 50
SECRETARIAT = (Role.CLERK, Role.MAYOR, Role.ADMINISTRATOR)


def staff_only(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    @wraps(view)
    @login_required
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not is_staff_member(request.user):
            raise PermissionDenied(_("Página da Secretaria: entre com um perfil de servidor."))
        return view(request, *args, **kwargs)

    return wrapped


def _query_without_page(request: HttpRequest) -> str:
    params = request.GET.copy()
    params.pop("page", None)
    return params.urlencode()


@staff_only
def search_page(request: HttpRequest) -> HttpResponse:
    form = CaseSearchForm(request.GET or None)
    context: dict[str, Any] = {
        "form": form,
        "saved": SavedFilter.objects.filter(owner=request.user),
        "save_form": SavedFilterForm(initial={"query": _query_without_page(request)}),
        "query": _query_without_page(request),
        "today": timezone.localdate(),
    }
    if request.GET and not form.is_valid():
        return render(request, "workspace/search.html", context, status=400)
    if not request.GET:
        form = CaseSearchForm({"status": "open"})
        form.is_valid()
        context["form"] = form
    found = search_logged(
        user=request.user, asked=form, path=request.get_full_path(), what="resultado de busca"
    )
    context["page"], context["hits"] = found.page, found.hits
    return render(request, "workspace/search.html", context)


@staff_only
@require_POST
def filter_save(request: HttpRequest) -> HttpResponse:
    form = SavedFilterForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Dê um nome ao filtro."))
        return redirect("workspace-search")
    query = form.cleaned_data["query"]
    try:
        with transaction.atomic():
            SavedFilter.objects.create(
                owner=request.user, name=form.cleaned_data["name"], query=query
            )
    except IntegrityError:
        messages.error(request, _("Você já tem um filtro com este nome."))
    else:
        messages.success(request, _("Filtro salvo."))
    return redirect(f"{reverse('workspace-search')}?{query}" if query else "workspace-search")


@staff_only
@require_POST
def filter_delete(request: HttpRequest, pk: int) -> HttpResponse:
    get_object_or_404(SavedFilter, pk=pk, owner=request.user).delete()
    messages.success(request, _("Filtro apagado."))
    return redirect("workspace-search")


@staff_only
def driver_page(request: HttpRequest, pk: int) -> HttpResponse:
    today = timezone.localdate()
    driver = get_object_or_404(
        dossiers.with_file_lists(drivers_in_scope(request.user), today=today), pk=pk
    )
    personal_data_read(
        actor=request.user,
        drivers=[driver],
        case=None,
        channel="page",
        path=request.path,
        what="ficha do taxista",
        purpose="register",
    )
    # Read once: listed on the page, and the file's lists go through them.
    authorizations = list(
        dossiers.with_penalties_flag(driver.authorizations.all())
        .select_related("vehicle")
        .only("number", "status", "holder", "vehicle__plate")
    )
    return render(
        request,
        "workspace/driver.html",
        {
            "driver": driver,
            "authorizations": authorizations,
            "dossier": dossiers.driver_dossier(
                request.user, driver, today=today, authorizations=authorizations
            ),
            "cards": driver_cards(driver),
            "may_issue_card": has_role(request.user, Role.CLERK),
            "today": today,
            "search_q": driver.cpf,
        },
    )


@staff_only
@require_POST
def driver_card_page(request: HttpRequest, pk: int) -> HttpResponse:
    """/taxistas/<id>/identificacao/ — the Secretaria issues the driver's identification
    (Art. 4 X) for the taxi he drives today; it is rendered and sealed after commit and
    the driver downloads it from his portal."""
    if not has_role(request.user, Role.CLERK):
        raise PermissionDenied(_("Somente a Secretaria emite a identificação do condutor."))
    driver = get_object_or_404(drivers_in_scope(request.user), pk=pk)
    try:
        with transaction.atomic():
            card = driver_card_issue(driver=driver, actor=request.user)
    except DomainError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(
            request,
            _("Identificação do condutor %(number)s emitida: o PDF fica pronto em instantes.")
            % {"number": card.number},
        )
    return redirect("workspace-driver", pk=driver.pk)


@staff_only
def vehicle_page(request: HttpRequest, pk: int) -> HttpResponse:
    # What the page shows, and of a driver his account: the read log skips his own reads.
    vehicle = get_object_or_404(
        vehicles_in_scope(request.user)
        .select_related("owner")
        .only(
            *("plate", "renavam", "make", "model", "manufacture_year", "colour"),
            *("owner__name", "owner__user"),
        ),
        pk=pk,
    )
    authorizations = list(
        dossiers.with_penalties_flag(vehicle.authorizations.all())
        .select_related("holder")
        .only("number", "status", "vehicle", "holder__name", "holder__user")
    )
    personal_data_read(
        actor=request.user,
        drivers=[vehicle.owner, *(a.holder for a in authorizations)],
        case=None,
        channel="page",
        path=request.path,
        what="ficha do veículo",
        purpose="register",
    )
    return render(
        request,
        "workspace/vehicle.html",
        {
            "vehicle": vehicle,
            "authorizations": authorizations,
            "dossier": dossiers.vehicle_dossier(
                request.user, vehicle, authorizations=authorizations
            ),
            "today": timezone.localdate(),
            "search_q": vehicle.plate,
        },
    )


@staff_only
def authorization_page(request: HttpRequest, pk: int) -> HttpResponse:
    # What the page shows, and of the holder his account: the read log skips his own reads.
    authorization = get_object_or_404(
        dossiers.with_termo_file_lists(authorizations_in_scope(request.user)).only(
            *("number", "status", "granted_on", "ended_on"),
            *("holder__name", "holder__user", "vehicle__plate"),
        ),
        pk=pk,
    )
    personal_data_read(
        actor=request.user,
        drivers=[authorization.holder],
        case=None,
        channel="page",
        path=request.path,
        what="ficha do Termo",
        purpose="register",
    )
    return render(
        request,
        "workspace/authorization.html",
        {
            "authorization": authorization,
            "dossier": dossiers.authorization_dossier(request.user, authorization),
            "today": timezone.localdate(),
            "search_q": authorization.number,
        },
    )


@login_required
def decisions_page(request: HttpRequest) -> HttpResponse:
    """What awaits the mayor's decision (read from the workflow tables)."""
    if not has_role(request.user, Role.MAYOR, Role.ADMINISTRATOR):
        raise PermissionDenied(_("Página do Prefeito."))
    page = landing.cases_awaiting_page(
        request.user, Role.MAYOR, number=_page_number(request), per_page=PER_PAGE
    )
    return render(request, "workspace/decisions.html", {"page": page})


@login_required
def commission_page(request: HttpRequest) -> HttpResponse:
    """The commission's appeals, each with the notice it is about."""
    if not has_role(request.user, Role.COMMISSION_MEMBER, Role.ADMINISTRATOR):
        raise PermissionDenied(_("Página da Comissão de Recursos."))
    page = page_of(
        landing.commission_appeals(request.user), number=_page_number(request), per_page=PER_PAGE
    )
    # Which of the page's appeals await the commission: asked of those rows only (the
    # first thousand awaiting, read in full, cost a third of the page at a million cases
    # and left the later pages' rows unmarked: issue 25).
    awaiting = landing.cases_awaiting(request.user, Role.COMMISSION_MEMBER).filter(
        pk__in=[c.pk for c in page.rows]
    )
    return render(
        request,
        "workspace/commission.html",
        {
            "awaiting_ids": set(awaiting.order_by().values_list("pk", flat=True)),
            "decided_without_me": landing.decided_without_my_vote(
                request.user, timezone.localdate()
            )[:50],
            "decided_without_me_days": landing.DECIDED_WITHOUT_ME_DAYS,
            "page": page,
        },
    )


@login_required
def agent_notices_page(request: HttpRequest) -> HttpResponse:
    """The fiscal agent's own notices, newest first (the phone page links here)."""
    if not has_role(request.user, Role.FISCAL_AGENT):
        raise PermissionDenied(_("Página do agente fiscal."))
    return render(
        request,
        "workspace/agent_notices.html",
        {
            "page": page_of(
                landing.notices_issued_by(request.user),
                number=_page_number(request),
                per_page=PER_PAGE,
            )
        },
    )


def _page_number(request: HttpRequest) -> int:
    value = request.GET.get("page", "1")
    return int(value) if value.isdigit() else 1


def _secretariat(request: HttpRequest) -> None:
    if not has_role(request.user, *SECRETARIAT):
        raise PermissionDenied(_("Painel da Secretaria."))


@login_required
def dashboard_page(request: HttpRequest) -> HttpResponse:
    _secretariat(request)
    today = timezone.localdate()
    form = PeriodForm(request.GET or None)
    if request.GET and not form.is_valid():
        return render(request, "workspace/dashboard.html", {"form": form}, status=400)
    period = form.period(today) if form.is_bound else dashboard.Period.last_months(today)
    figures = dashboard.dashboard_figures(request.user, today, period)
    return render(
        request,
        "workspace/dashboard.html",
        {
            "form": form,
            "period": period,
            "as_of": figures.as_of,
            # Drawn only when the template's fragment, kept with the figures, is not.
            "figures_key": figures.key,
            "cache_seconds": settings.DASHBOARD_CACHE_SECONDS,
            "query": request.GET.urlencode(),
            "panels": dashboard.panels(figures),
        },
    )


@login_required
def export(request: HttpRequest, dataset: str, fmt: str) -> HttpResponse:
    """A table as a file now, or — when long — as a background job (303 to its page)."""
    if dataset == "cases":
        if not is_staff_member(request.user):
            raise PermissionDenied
        form = CaseSearchForm(request.GET or None)
        if request.GET and not form.is_valid():
            return HttpResponse(_("Filtro inválido."), status=400, content_type="text/plain")
    else:
        _secretariat(request)
        if dataset not in dashboard.BUILDERS:
            raise Http404
    if fmt not in exports.CONTENT_TYPES:
        raise Http404
    params = {k: request.GET.getlist(k) for k in request.GET}
    params = {k: v[0] if len(v) == 1 else v for k, v in params.items()}
    today = timezone.localdate()
    table = exports.table_at_once(request.user, dataset, params, today)
    if table is None:
        # The worker that writes the file logs the drivers it names (export_run).
        job = exports.export_job_create(user=request.user, dataset=dataset, fmt=fmt, params=params)
        return redirect("workspace-export-job", pk=job.pk, permanent=False)
    # Exporting is reading every driver the file names.
    exports.export_read_log(
        user=request.user, dataset=dataset, fmt=fmt, params=params, table=table
    )
    response = HttpResponse(exports.write(table, fmt), content_type=exports.CONTENT_TYPES[fmt])
    stamp = today.strftime("%Y%m%d")
    response["Content-Disposition"] = f'attachment; filename="{dataset}-{stamp}.{fmt}"'
    return response


def _job_for(request: HttpRequest, pk: int) -> ExportJob:
    return get_object_or_404(ExportJob, pk=pk, owner=request.user)


@login_required
def export_job(request: HttpRequest, pk: int) -> HttpResponse:
    job = _job_for(request, pk)
    running = job.status in (ExportJob.Status.QUEUED, ExportJob.Status.RUNNING)
    return render(request, "workspace/export_job.html", {"job": job, "running": running})


@login_required
def export_job_progress(request: HttpRequest, pk: int) -> JsonResponse:
    job = _job_for(request, pk)
    return JsonResponse(
        {
            "status": job.status,
            "done": job.done,
            "total": job.total,
            "percent": job.percent,
            "url": reverse("workspace-export-file", args=[job.pk])
            if job.status == ExportJob.Status.DONE
            else None,
        }
    )


@login_required
def export_file(request: HttpRequest, pk: int) -> FileResponse:
    job = _job_for(request, pk)
    if job.status != ExportJob.Status.DONE:
        raise Http404
    return FileResponse(
        open_stored(job.file),
        as_attachment=True,
        filename=job.file.name.rsplit("/", 1)[-1],
        content_type=exports.CONTENT_TYPES[job.format],
    )
