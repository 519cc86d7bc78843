"""`{% pk_url "case" c.pk %}`: `{% url "case" c.pk %}` for a route whose one argument is
a primary key, in a list that links every row (core.paths: reversed once, not per row)."""

from __future__ import annotations

from django import template

from core.paths import pk_path

register = template.Library()


@register.simple_tag
def pk_url(name: str, pk: int) -> str:
    return pk_path(name, pk)
