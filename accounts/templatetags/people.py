"""`{{ user|person }}`: a person as accounts.display names him, in any template."""

from __future__ import annotations

from django import template

from accounts.display import person_label
from accounts.models import User

register = template.Library()


@register.filter
def person(user: User | None) -> str:
    return person_label(user)
