"""Public pages of the complaint kind: the form (no login) and its receipt.

Thin: forms check shape, services decide, selectors scope. The public form is CSRF
protected (the middleware), rate limited per client address (documents.ratelimit, POSTs
only: reading the form costs nothing) and carries a honeypot field.
"""

from __future__ import annotations

from django.core import signing
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache

from cases.errors import DomainError
from documents.ratelimit import rate_limit
from workflows.complaint.forms import HONEYPOT, ComplaintForm, local_now_input
from workflows.complaint.services import complaint_file

# Filings per client address per RATE_PERIOD seconds (settings.PUBLIC_COMPLAINT_RATE).
RATE_SETTING = "PUBLIC_COMPLAINT_RATE"
RATE_DEFAULT = 5
RATE_PERIOD = 600
RATE_SCOPE = "public-complaint"
RECEIPT_SALT = "complaint-receipt"
RECEIPT_MAX_AGE = 7 * 24 * 3600

complaint_rate_limit = rate_limit(
    scope=RATE_SCOPE, setting=RATE_SETTING, default=RATE_DEFAULT, period=RATE_PERIOD
)


def _form_page(request: HttpRequest, form: ComplaintForm, status: int = 200) -> HttpResponse:
    return render(
        request, "complaint/new.html", {"form": form, "honeypot": HONEYPOT}, status=status
    )


@never_cache
def complaint_new(request: HttpRequest) -> HttpResponse:
    """/reclamacao/ — Art. 39 IV, VI: any passenger, no login."""
    if request.method == "POST":
        return _complaint_post(request)
    return _form_page(request, ComplaintForm(initial={"occurred_at": local_now_input()}))


@complaint_rate_limit
def _complaint_post(request: HttpRequest) -> HttpResponse:
    form = ComplaintForm(request.POST)
    if not form.is_valid():
        return _form_page(request, form, status=400)
    if form.is_bot:
        form.add_error(
            None,
            _("Não foi possível registrar a reclamação. Recarregue a página e tente de novo."),
        )
        return _form_page(request, form, status=400)
    try:
        case = complaint_file(
            actor=request.user if request.user.is_authenticated else None,
            channel="web",
            **form.complaint_fields(),
        )
    except DomainError as exc:
        form.add_error(None, str(exc))
        return _form_page(request, form, status=exc.http_status)
    token = signing.dumps(case.number, salt=RECEIPT_SALT)
    return redirect(f"{reverse('complaint-received')}?r={token}")


@never_cache
def complaint_received(request: HttpRequest) -> HttpResponse:
    """The receipt: the complaint's number and nothing else (the URL is signed, so nobody
    makes the page say that a number of their choosing was received)."""
    try:
        number = signing.loads(request.GET.get("r", ""), salt=RECEIPT_SALT, max_age=RECEIPT_MAX_AGE)
    except signing.BadSignature:
        raise Http404 from None
    response = render(request, "complaint/received.html", {"number": number})
    response["X-Robots-Tag"] = "noindex, nofollow"
    return response
