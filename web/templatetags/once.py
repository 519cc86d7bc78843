"""`{% csrf_token %}` that also gives every POST form a one-time `form_token`.

Loaded as a template builtin after Django's own (config.settings TEMPLATES "builtins"), so
the tag every form already has renders both hidden inputs: no form can be left without
its token, and web.idempotency makes a repeat of it (Back and resubmit, a double tap)
land on the first submission's result instead of doing the work twice.
"""

from __future__ import annotations

import uuid

from django import template
from django.template.defaulttags import CsrfTokenNode
from django.utils.html import format_html
from django.utils.safestring import SafeString

register = template.Library()


class CsrfAndOnceTokenNode(template.Node):
    def __init__(self) -> None:
        self.csrf = CsrfTokenNode()

    def render(self, context: template.Context) -> SafeString:
        csrf = self.csrf.render(context)
        if not csrf:
            return csrf
        once = format_html('<input type="hidden" name="form_token" value="{}">', uuid.uuid4().hex)
        return format_html("{}{}", csrf, once)


@register.tag("csrf_token")
def csrf_token(parser: template.base.Parser, token: template.base.Token) -> CsrfAndOnceTokenNode:
    return CsrfAndOnceTokenNode()
