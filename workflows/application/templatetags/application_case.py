"""`{% application_panel case %}`: the checklist and the waiting-list position of an
application, for any page that shows the case (the generic case page included)."""

from __future__ import annotations

from django import template

from cases.models import Case
from workflows.application.selectors import application_checklist, waiting_list_position

register = template.Library()


@register.inclusion_tag("application/panel.html")
def application_panel(case: Case) -> dict[str, object]:
    return {
        "case": case,
        "checklist": application_checklist(case),
        "position": waiting_list_position(case),
    }
