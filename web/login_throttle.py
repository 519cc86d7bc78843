"""django-axes' answers in the site's terms: the client address by the rule of the public
rate limits, and a lockout as the API's Error body or a page in Portuguese (429)."""

from __future__ import annotations

import ipaddress
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from documents.ratelimit import client_ip
from web.api_errors import error_body, error_response, is_api


def client_address(request: HttpRequest) -> str:
    """The client's address for axes, by the same rule as the public rate limits."""
    address = client_ip(request)
    try:
        ipaddress.ip_address(address)
    except ValueError:
        return "0.0.0.0"  # axes wants an address; an unknown one counts as one client
    return address


def lockout_response(
    request: HttpRequest, original_response: HttpResponse | None = None, credentials: Any = None
) -> HttpResponse:
    """429 for a locked-out login: the Error body under /api/, a page in Portuguese else."""
    minutes = int(settings.AXES_COOLOFF_TIME.total_seconds() // 60)
    message = _(
        "Muitas tentativas de entrada com senha errada. Tente de novo em %(minutes)d minutos."
    ) % {"minutes": minutes}
    retry = str(int(settings.AXES_COOLOFF_TIME.total_seconds()))
    if is_api(request):
        response: HttpResponse = error_response(error_body(message, "too_many_attempts"), 429)
    else:
        response = render(request, "accounts/locked_out.html", {"message": message}, status=429)
    response["Retry-After"] = retry
    return response
