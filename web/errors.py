"""Error pages in Portuguese (English on request) and the Error body under /api/.

Django calls these for failures outside any API view (an unknown URL, a page that raises
Http404 or PermissionDenied, a server error); an API path always answers the API's Error
body, a page the site's own template, never Django's English defaults.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.utils.translation import gettext as _

from web.api_errors import is_api, json_error


def _page(request: HttpRequest, status_code: int) -> HttpResponse:
    if is_api(request):
        return json_error(request, status_code)
    try:
        html = render_to_string(f"{status_code}.html", {}, request)
    except Exception:
        # A page that cannot render its own error page still must not answer a blank 500.
        html = render_to_string(f"{status_code}.html", {})
    return HttpResponse(html, status=status_code)


def bad_request(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return _page(request, 400)


def permission_denied(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return _page(request, 403)


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """A form whose CSRF token did not match (an old page, an expired session): 403 with
    what to do, in the visitor's language, instead of Django's English page."""
    if is_api(request):
        return json_error(request, 403)
    message = _(
        "O formulário expirou ou veio de outra página. Recarregue a página e envie de novo."
    )
    return HttpResponse(render_to_string("403.html", {"message": message}, request), status=403)


def page_not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return _page(request, 404)


def server_error(request: HttpRequest) -> HttpResponse:
    if is_api(request):
        return json_error(request, 500)
    # No request context: the 500 page must render even when the context processors fail.
    return HttpResponse(render_to_string("500.html", {}), status=500)
