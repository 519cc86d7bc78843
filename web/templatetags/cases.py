from django import template

from cases.models import Case
from cases.workflow import state_label as _state_label

register = template.Library()


@register.simple_tag
def state_label(case: Case) -> str:
    return _state_label(case.kind, case.state)


@register.simple_tag
def event_state(case: Case, state: str) -> str:
    return _state_label(case.kind, state)


@register.filter
def get_item(mapping: dict, key: str) -> object:
    return mapping.get(key) if mapping else None
