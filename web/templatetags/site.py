"""`{% site_links %}`: the header's links, written once per roles and language.

Every page's header offers the links of the user's roles; through the template engine
they cost a `{% url %}` and a `{% translate %}` each, on every request (issue 13's page
figures). What they show depends only on the roles, whether someone is signed in, the
language and the site's URL prefix, so each combination is rendered once per process.
"""

from __future__ import annotations

from typing import Any

from django import template
from django.template.loader import get_template
from django.urls import get_script_prefix
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from accounts.roles import roles_of
from web.context_processors import roles

register = template.Library()

_written: dict[tuple[Any, ...], SafeString] = {}
_KEEP = 256  # combinations of roles × languages; more would be a leak, not a cache


@register.simple_tag(takes_context=True)
def site_links(context: template.Context) -> SafeString:
    # An error page may be rendered before the request has a user, or without a request.
    request = context.get("request")
    user = getattr(request, "user", None)
    signed_in = bool(getattr(user, "is_authenticated", False))
    key = (roles_of(user), signed_in, get_language(), get_script_prefix())
    html = _written.get(key)
    if html is None:
        flags = {"user_authenticated": signed_in, **roles(request)}
        html = mark_safe(get_template("web/site_links.html").render(flags))  # noqa: S308
        if len(_written) < _KEEP:
            _written[key] = html
    return html
