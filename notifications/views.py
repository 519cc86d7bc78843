"""Pages for notices: the driver's notices, the staff mailbox, recording posting and AR."""

from __future__ import annotations

from email.utils import getaddresses

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db.models.functions import Lower
from django.http import FileResponse, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.roles import Role, has_role, is_staff_member, sees_every_case
from accounts.services import personal_data_read
from cases.errors import DomainError
from core.files import open_stored
from core.paging import web_keyset_page
from notifications.forms import AttemptForm, PostingForm, ReceiptForm
from notifications.mailbox import mailbox_enabled, mailbox_read
from notifications.post import letter_record_attempt, letter_record_posting, letter_record_receipt
from notifications.selectors import (
    NOTIFICATION_ORDER,
    letters_in_scope,
    letters_to_post,
    notifications_visible_to,
)
from notifications.services import notification_resend
from registers.models import Driver


@login_required
def my_notices(request: HttpRequest) -> HttpResponse:
    """/portal/notificacoes/ — the notices the user may read, newest first, a page at a
    time (issue 25)."""
    page = web_keyset_page(
        request, notifications_visible_to(request.user), order=NOTIFICATION_ORDER
    )
    return render(
        request,
        "notifications/my_notices.html",
        {"rows": page.rows, "next_query": page.next_query},
        status=page.status,
    )


@login_required
def mailbox(request: HttpRequest) -> HttpResponse:
    # Every e-mail sent to anyone: only for the staff who handle every case (the
    # commission sees only the cases it judges, so not this).
    if not sees_every_case(request.user):
        raise PermissionDenied
    mails = mailbox_read()
    # The e-mails are the drivers' notices, with their names and addresses: logged once
    # per driver they were sent to.
    addresses = {address.lower() for _, address in getaddresses([m.to for m in mails])}
    personal_data_read(
        actor=request.user,
        drivers=Driver.objects.alias(_email=Lower("email")).filter(_email__in=addresses)
        if addresses
        else [],
        case=None,
        channel="page",
        path=request.path,
        what="e-mails enviados (/correio/)",
        purpose="notice",
    )
    return render(
        request,
        "notifications/mailbox.html",
        {"enabled": mailbox_enabled(), "mails": mails},
    )


@login_required
def letters_waiting(request: HttpRequest) -> HttpResponse:
    """/correio/a-postar/ — the clerk's queue of registered letters to take to the post
    office, each with its posting form (Art. 46)."""
    if not has_role(request.user, Role.CLERK):
        raise PermissionDenied
    # Fifty at a time, oldest first, by `notification_to_post_idx`: five hundred letters
    # with a form each took 0.7 s to draw at a million cases (issue 25).
    page = web_keyset_page(
        request,
        letters_to_post(request.user)
        .select_related("case", "recipient", "letter")
        .only(
            *("address", "subject", "created_at", "case__number", "case__kind"),
            *("case__closed_at", "recipient__name", "letter__status"),
            "letter__verification_code",
        ),
        order=("created_at", "id"),
    )
    return render(
        request,
        "notifications/letters_to_post.html",
        # No ids: one form per letter on the page, each label wrapping its input.
        {
            "rows": page.rows,
            "next_query": page.next_query,
            # Every row's form is the same unbound one: drawn once, not fifty times.
            "posting_fields": render_to_string(
                "notifications/posting_fields.html", {"posting_form": PostingForm(auto_id=False)}
            ),
            "next": request.get_full_path(),
        },
        status=page.status,
    )


def _record(request: HttpRequest, pk: int, form_class, action) -> HttpResponse:  # type: ignore[no-untyped-def]
    notification = get_object_or_404(letters_in_scope(request.user), pk=pk)
    form = form_class(request.POST, request.FILES)
    if not form.is_valid():
        for errors in form.errors.values():
            for error in errors:
                messages.error(request, error)
    else:
        try:
            action(notification=notification, actor=request.user, **form.cleaned_data)
        except DomainError as exc:
            messages.error(request, str(exc))
        else:
            messages.success(request, _("Registro salvo."))
    # The letters' queue posts here too and wants its list back.
    back = request.POST.get("next", "")
    if back and url_has_allowed_host_and_scheme(
        back, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return redirect(back)
    return redirect("case", pk=notification.case_id)


@login_required
@require_POST
def record_posting(request: HttpRequest, pk: int) -> HttpResponse:
    return _record(request, pk, PostingForm, letter_record_posting)


@login_required
@require_POST
def record_attempt(request: HttpRequest, pk: int) -> HttpResponse:
    return _record(request, pk, AttemptForm, letter_record_attempt)


def _receipt(**kwargs):  # type: ignore[no-untyped-def]
    kwargs["return_reason"] = kwargs.get("return_reason") or ""
    return letter_record_receipt(**kwargs)


@login_required
@require_POST
def record_receipt(request: HttpRequest, pk: int) -> HttpResponse:
    return _record(request, pk, ReceiptForm, _receipt)


@login_required
@require_POST
def resend(request: HttpRequest, pk: int) -> HttpResponse:
    if not is_staff_member(request.user):
        raise PermissionDenied
    notification = get_object_or_404(letters_in_scope(request.user), pk=pk)
    notification_resend(notification=notification)
    messages.success(request, _("Notificação recolocada na fila de envio."))
    return redirect("case", pk=notification.case_id)


@login_required
def ar_scan(request: HttpRequest, pk: int) -> FileResponse:
    """/notificacoes/<pk>/ar/digitalizacao/ — the scanned AR card, for whoever sees the
    letter (staff of the case, the addressee)."""
    notification = get_object_or_404(letters_in_scope(request.user), pk=pk)
    handle = open_stored(notification.ar_scan)
    personal_data_read(
        actor=request.user,
        drivers=[notification.recipient],
        case=notification.case,
        channel="file",
        path=request.path,
        what="AR digitalizado",
        purpose="notice",
    )
    name = notification.ar_scan.name.rsplit("/", 1)[-1]
    return FileResponse(handle, filename=name)
