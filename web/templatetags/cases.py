from collections.abc import Iterable

from django import template

from cases.models import Case
from cases.workflow import event_label as _event_label
from cases.workflow import state_label as _state_label
from web.presenters import CaseListRow, case_list_rows

register = template.Library()


@register.filter
def list_rows(cases: Iterable[Case]) -> list[CaseListRow]:
    """The rows workspace/_case_rows.html draws (`web.presenters.case_list_rows`)."""
    return case_list_rows(cases)


@register.simple_tag
def state_label(case: Case) -> str:
    return _state_label(case.kind, case.state)


@register.simple_tag
def event_state(case: Case, state: str) -> str:
    return _state_label(case.kind, state)


@register.filter
def get_item(mapping: dict, key: str) -> object:
    return mapping.get(key) if mapping else None


@register.simple_tag
def event_label(case: Case, transition: str) -> str:
    return _event_label(case.kind, transition)


@register.simple_tag
def is_overdue(case: Case, today: object) -> bool:
    from cases.selectors import case_is_overdue

    return case_is_overdue(case, today)  # type: ignore[arg-type]
