from __future__ import annotations

from typing import Any

from django import template
from django.utils import timezone

from workspace.landing import queue_counts as _queue_counts

register = template.Library()


@register.inclusion_tag("workspace/queue_counts.html", takes_context=True)
def queue_counts(context: dict[str, Any]) -> dict[str, Any]:
    """The clerk's queue header: overdue, due this week, failed (each a link)."""
    user = context["request"].user
    return {"counts": _queue_counts(user, today=timezone.localdate())}
