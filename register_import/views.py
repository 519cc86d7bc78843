"""Staff pages of the import: upload, progress, rejections, confirmation, invitations."""

from __future__ import annotations

import re

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.roles import Role, has_role
from accounts.services import personal_data_read
from register_import.exports import report_write
from register_import.forms import ImportForm
from register_import.models import ImportJob, TermoInvitation
from register_import.services import import_start
from register_import.tasks import import_apply_task, import_check_task
from registers.models import Driver

SHOWN_ERRORS = 300


def _staff_only(request: HttpRequest) -> None:
    if not has_role(request.user, Role.CLERK, Role.ADMINISTRATOR):
        raise PermissionDenied(_("Só a Secretaria importa o cadastro."))


@login_required
def import_list(request: HttpRequest) -> HttpResponse:
    _staff_only(request)
    form = ImportForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        with transaction.atomic():
            job = import_start(actor=request.user, file_name=upload.name, content=upload.read())
            transaction.on_commit(lambda: import_check_task.delay(job.pk))
        return redirect("register-import-job", pk=job.pk)
    jobs = ImportJob.objects.defer("content").select_related("created_by")[:20]
    status = 400 if form.is_bound else 200
    return render(
        request, "register_import/list.html", {"form": form, "jobs": jobs}, status=status
    )


@login_required
def import_job(request: HttpRequest, pk: int) -> HttpResponse:
    _staff_only(request)
    job = get_object_or_404(ImportJob.objects.defer("content"), pk=pk)
    return render(
        request,
        "register_import/job.html",
        {
            "job": job,
            "errors": job.errors[:SHOWN_ERRORS],
            "flags": job.flags[:SHOWN_ERRORS],
            "more_errors": max(0, len(job.errors) - SHOWN_ERRORS),
            "running": job.status in (ImportJob.Status.CHECKING, ImportJob.Status.IMPORTING),
        },
    )


@login_required
def import_job_progress(request: HttpRequest, pk: int) -> JsonResponse:
    _staff_only(request)
    job = get_object_or_404(ImportJob.objects.defer("content", "errors"), pk=pk)
    return JsonResponse(
        {"status": job.status, "done": job.done_rows, "total": job.total_rows,
         "percent": job.percent}
    )


@login_required
def import_job_report(request: HttpRequest, pk: int, fmt: str) -> HttpResponse:
    _staff_only(request)
    if fmt not in ("csv", "xlsx"):
        raise Http404
    job = get_object_or_404(ImportJob.objects.defer("content"), pk=pk)
    content_type = (
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        if fmt == "xlsx" else "text/csv; charset=utf-8"
    )
    # A rejected row may carry the CPF of a driver already in the register: the report is
    # a reading of those drivers.
    cpfs = {re.sub(r"\D", "", str(e.get("value", ""))) for e in job.errors + job.flags}
    personal_data_read(
        actor=request.user,
        drivers=Driver.objects.filter(cpf__in={c for c in cpfs if len(c) == 11}),
        case=None,
        channel="file",
        path=request.path,
        what="relatório de rejeições e sinalizações da importação",
        purpose="register",
    )
    response = HttpResponse(report_write(job, fmt=fmt), content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="importacao-{job.pk}.{fmt}"'
    return response


@login_required
@require_POST
def import_job_confirm(request: HttpRequest, pk: int) -> HttpResponse:
    _staff_only(request)
    job = get_object_or_404(ImportJob.objects.defer("content"), pk=pk)
    if job.status != ImportJob.Status.CHECKED:
        messages.error(request, _("Só uma importação conferida e sem erros pode ser confirmada."))
        return redirect("register-import-job", pk=job.pk)
    with transaction.atomic():
        ImportJob.objects.filter(pk=job.pk).update(done_rows=0)
        actor_id = request.user.pk
        transaction.on_commit(lambda: import_apply_task.delay(job.pk, actor_id))
    messages.info(request, _("Importação iniciada."))
    return redirect("register-import-job", pk=job.pk)


@login_required
def invitations(request: HttpRequest) -> HttpResponse:
    _staff_only(request)
    rows = TermoInvitation.objects.select_related(
        "authorization", "authorization__holder", "authorization__vehicle"
    )[:500]
    personal_data_read(
        actor=request.user,
        drivers=[row.authorization.holder for row in rows],
        case=None,
        channel="page",
        path=request.path,
        what="convites para assinar o Termo",
        purpose="register",
    )
    return render(request, "register_import/invitations.html", {"invitations": rows})
