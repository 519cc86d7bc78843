"""Public verification pages (no login) and the staff's HTML preview of a document.

Thin: read through `documents.selectors`, render. The live standing is computed per
request, so the pages are never cached (a suspension shows at once).
"""

from __future__ import annotations

from csp.constants import UNSAFE_INLINE
from csp.decorators import csp_update
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import FileResponse, Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from accounts.roles import Role, has_role, is_staff_member
from accounts.services import personal_data_read
from cases.workflow import workflow_for
from core.files import open_stored
from core.paging import web_keyset_page
from documents.codes import verification_code_normalize
from documents.models import OfficialDocument
from documents.ratelimit import rate_limit
from documents.selectors import (
    Standing,
    TaxiVerification,
    document_in_scope,
    verification_by_code,
    verification_by_plate,
    verification_lookup,
)
from documents.services import document_html, document_render_retry
from documents.signing.forms import PdfUploadForm
from documents.signing.lifecycle import seal_certificate_status
from documents.signing.selectors import (
    UploadVerification,
    document_signatures,
    pdf_upload_verify,
)
from documents.signing.services import SIGNATURE_PENDING_ORDER, documents_signature_pending
from registers.validators import normalize_plate

MAX_QUERY_LENGTH = 40

public_rate_limit = rate_limit(scope="public-verify", setting="PUBLIC_VERIFY_RATE", default=60)


def _page(
    request: HttpRequest,
    query: str,
    result: TaxiVerification | None,
    *,
    upload: UploadVerification | None = None,
    upload_form: PdfUploadForm | None = None,
) -> HttpResponse:
    signatures = (
        document_signatures(result.document) if result is not None and result.document else None
    )
    response = render(
        request,
        "documents/verify.html",
        {
            "query": query,
            "result": result,
            "signatures": signatures,
            "upload": upload,
            "upload_form": upload_form or PdfUploadForm(),
        },
        status=400 if upload_form is not None and upload_form.errors else 200,
    )
    # Drivers' names are on these pages: keep them out of search engines.
    response["X-Robots-Tag"] = "noindex, nofollow"
    return response


@never_cache
@public_rate_limit
def verify(request: HttpRequest) -> HttpResponse:
    """/verificar/?q=… — the form, and the answer for a plate, IM number or code."""
    query = request.GET.get("q", "")[:MAX_QUERY_LENGTH]
    return _page(request, query, verification_lookup(query, today=timezone.localdate()))


@never_cache
@public_rate_limit
def verify_code(request: HttpRequest, code: str) -> HttpResponse:
    """/verificar/<code>/ — what the QR code on every document opens."""
    code = code[:MAX_QUERY_LENGTH]
    normalized = verification_code_normalize(code) or code
    return _page(request, code, verification_by_code(normalized, today=timezone.localdate()))


@never_cache
@public_rate_limit
def verify_plate(request: HttpRequest, plate: str) -> HttpResponse:
    """/verificar/placa/<plate>/ — a plate in either format (ABC-1234, ABC1D23)."""
    today = timezone.localdate()
    try:
        result = verification_by_plate(normalize_plate(plate), today=today)
    except ValidationError:
        result = TaxiVerification(standing=Standing.UNKNOWN, today=today)
    return _page(request, plate, result)


@never_cache
@public_rate_limit
@require_POST
def verify_upload(request: HttpRequest) -> HttpResponse:
    """/verificar/arquivo/ — anyone uploads a PDF and learns whether it is an unaltered copy
    of a document the municipality issued (its signatures validated, its bytes looked up)."""
    form = PdfUploadForm(request.POST, request.FILES)
    if not form.is_valid():
        return _page(request, "", None, upload_form=form)
    return _page(request, "", None, upload=pdf_upload_verify(form.cleaned_data["content"]))


@never_cache
@login_required
def signature_pending_list(request: HttpRequest) -> HttpResponse:
    """/documentos/assinatura-pendente/ — the administrator's list of documents whose seal
    is still missing, with the last error (a failure is visible, never silent), and the
    seal certificate's expiry."""
    if not has_role(request.user, Role.ADMINISTRATOR):
        raise PermissionDenied
    # A page at a time (issue 25): five hundred rows at once made the page's cost grow
    # with the failures, up to that many.
    rows = documents_signature_pending().only("kind", "number", "issued_at", "signature_error")
    page = web_keyset_page(request, rows, order=SIGNATURE_PENDING_ORDER)
    return render(
        request,
        "documents/signature_pending.html",
        {
            "documents": page.rows,
            "next_query": page.next_query,
            "seal": seal_certificate_status(today=timezone.localdate()),
        },
        status=page.status,
    )


@never_cache
@login_required
# The document's own template styles it inline, as WeasyPrint reads it for the PDF.
@csp_update({"style-src": [UNSAFE_INLINE]})
def document_preview(request: HttpRequest, code: str) -> HttpResponse:
    """/documentos/<code>/previa/ — a document as HTML, for staff to check before printing.

    Staff only: a Termo carries the holder's full CPF.
    """
    if not is_staff_member(request.user):
        raise PermissionDenied
    document = document_in_scope(request.user, code, rendered=False)
    if document is None:
        raise Http404
    _log_read(request, document)
    return HttpResponse(document_html(document))


def _log_read(request: HttpRequest, document: OfficialDocument) -> None:
    """An official document names its driver (a Termo his CPF, CNH and address): the
    read goes in the LGPD log, with the document's kind and number."""
    case = document.case
    holder = None
    if document.driver_id:
        # The identification of Art. 4 X names its driver (a holder or an auxiliary).
        holder = document.driver
    elif document.authorization_id:
        holder = document.authorization.holder
    elif document.registration_id:
        holder = document.registration.authorization.holder
    drivers = [holder]
    persons: list[tuple[str, str]] = []
    if case is not None:
        drivers += [case.applicant, case.authorization.holder if case.authorization_id else None]
        # A kind whose case names a person with no driver's register (the clandestine
        # offender, issue 20) says so on its own model: the paper shows him too.
        # Read only for such a kind: the other kinds' papers cost no query more.
        model = workflow_for(case.kind).model
        if hasattr(model, "persons_named"):
            concrete = model.objects.filter(pk=case.pk).first()
            persons = list(getattr(concrete, "persons_named", ()))
    personal_data_read(
        actor=request.user,
        drivers=drivers,
        persons=persons,
        case=case,
        channel="file",
        path=request.path,
        what=f"{document.get_kind_display()} {document.number}",
    )


@login_required
def document_pdf(request: HttpRequest, code: str) -> FileResponse:
    """/documentos/<code>/pdf/ — the stored PDF, for staff and for the driver it concerns."""
    document = document_in_scope(request.user, code, rendered=True)
    if document is None:
        raise Http404
    handle = open_stored(document.file)
    _log_read(request, document)
    return FileResponse(
        handle,
        content_type="application/pdf",
        filename=f"{document.number.replace('/', '-')}.pdf",
    )


@login_required
@require_POST
def document_render_retry_page(request: HttpRequest, code: str) -> HttpResponse:
    """/documentos/<code>/gerar/ — a clerk puts a document that failed back in the queue."""
    if not is_staff_member(request.user):
        raise PermissionDenied
    document = document_in_scope(request.user, code, rendered=False)
    if document is None:
        raise Http404
    document_render_retry(document=document)
    messages.success(request, _("O documento voltará a ser gerado em instantes."))
    if document.case_id is not None:
        return redirect("case", pk=document.case_id)
    return redirect("queue")
