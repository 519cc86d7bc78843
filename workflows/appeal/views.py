"""The appeal's pages: the notices open to appeal (the portal's "Recorrer"), the filing
page, and the appeal's dossier for the commission. Thin: the selectors decide what a user
may see, the services decide the rest. Actions post to the generic case action page."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from accounts.roles import Role, has_role
from accounts.services import personal_data_read_case
from cases.action_inputs import action_fields_html
from cases.errors import DomainError
from cases.services.transitions import available_edges, local_today
from cases.workflow import workflow_for
from core.paging import web_keyset_page
from documents.templatetags.documents_format import date_br
from workflows.appeal.forms import AppealForm
from workflows.appeal.selectors import (
    APPEAL_ORDER,
    WINDOW_ORDER,
    appeal_rows_for,
    appeal_window,
    appealable_notice_rows_for,
    appeals_visible_to,
    commission_on,
    notices_appealable_by,
    windows_of,
)
from workflows.appeal.services import appeal_file
from workflows.violation.services import violation_notice_context


@login_required
def appeal_notices(request: HttpRequest) -> HttpResponse:
    """The notices the user may appeal, each with the last day to do it (Art. 63)."""
    today = local_today()
    # Both lists a page at a time (issue 25): the notices oldest first, by `?autos=`, the
    # counter's whole town reachable page by page; the appeals newest first, by `?cursor=`.
    notices = web_keyset_page(
        request, appealable_notice_rows_for(request.user), order=WINDOW_ORDER, param="autos"
    )
    page = web_keyset_page(request, appeal_rows_for(request.user), order=APPEAL_ORDER)
    # The sentence of a closed window translated once for the page, not once a row (a
    # phrase of the language the code is written in walks every fallback catalog).
    closed = _("Prazo encerrado em %(day)s")
    windows = [
        (w, "" if w.open else closed % {"day": date_br(w.closes_on)})
        for w in windows_of(notices.rows, today=today)
    ]
    return render(
        request,
        "appeal/notices.html",
        {
            "windows": windows,
            "more_notices_query": notices.next_query,
            "appeals": page.rows,
            "next_query": page.next_query,
            "counter": has_role(request.user, Role.CLERK),
            "today": today,
        },
        status=max(page.status, notices.status),
    )


@login_required
def appeal_new(request: HttpRequest, notice_pk: int) -> HttpResponse:
    notice = get_object_or_404(notices_appealable_by(request.user), pk=notice_pk)
    # At the counter the clerk files for the driver, with the notice's data on screen.
    personal_data_read_case(
        actor=request.user, case=notice, channel="page", path=request.path, what="auto de infração"
    )
    counter = has_role(request.user, Role.CLERK)
    form = AppealForm(request.POST or None, request.FILES or None, notice=notice, counter=counter)
    if request.method == "POST" and form.is_valid():
        try:
            case = appeal_file(actor=request.user, notice=notice, **form.service_arguments())
        except DomainError as exc:
            form.add_error(None, str(exc))
        else:
            messages.success(
                request, _("Recurso protocolado sob o número %(n)s.") % {"n": case.number}
            )
            return redirect("appeal-detail", pk=case.pk)
    window = appeal_window(notice, today=local_today())
    return render(
        request,
        "appeal/new.html",
        {
            "form": form,
            "notice": notice,
            "details": violation_notice_context(notice),
            "window": window,
        },
        status=400 if form.errors else 200,
    )


@login_required
def appeal_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """The appeal as the commission reads it: the notice, the appellant's case, the
    witnesses, the diligences (numbered, as the actions ask for them) and the votes."""
    appeal = get_object_or_404(appeals_visible_to(request.user), pk=pk)
    personal_data_read_case(
        actor=request.user, case=appeal, channel="page", path=request.path, what="recurso"
    )
    workflow = workflow_for(appeal.kind)
    return render(
        request,
        "appeal/detail.html",
        {
            "appeal": appeal,
            "state_label": workflow.state_label(appeal.state),
            "details": violation_notice_context(appeal.notice),
            "commission": sorted(commission_on(local_today()).values(), key=lambda t: t.seat),
            "actions": [
                (e, action_fields_html(e)) for e in available_edges(appeal, request.user)
            ],
        },
    )
