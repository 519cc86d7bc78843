"""The template loader: Django's cached loader, whose templates translate each constant
`{% translate "…" %}` once per language instead of at every render.

A page's headings, labels and buttons are constant strings; through the template engine
each costs a catalog lookup at every render, and in the site's own language (the messages
are written in Portuguese, so pt-BR finds them in no catalog) the lookup walks every
catalog's fallback before giving the text back: a tenth of the case page's rendering
(bench/, issue 13). Translations do not change while a process runs, so the text of a
constant is the same for every render in a language.
"""

from __future__ import annotations

from typing import Any

from django.template import Context, Template
from django.template.loaders import cached
from django.templatetags.i18n import TranslateNode
from django.utils.translation import get_language

_texts: dict[tuple[Any, ...], str] = {}
_KEEP = 20_000  # constants × languages × escaping: far more than the templates hold


class ConstantTranslateNode(TranslateNode):
    """`{% translate "text" %}` (no variable, filter, context or `as`): its rendered text
    remembered per language and escaping."""

    def render(self, context: Context) -> str:
        key = (get_language(), context.autoescape, self.noop, self.filter_expression.token)
        text = _texts.get(key)
        if text is None:
            text = super().render(context)
            if len(_texts) < _KEEP:
                _texts[key] = text
        return text


def _is_constant(node: TranslateNode) -> bool:
    expression = node.filter_expression
    return (
        type(node) is TranslateNode
        and not expression.filters
        and not node.asvar
        and node.message_context is None
        and getattr(expression.var, "literal", None) is not None
    )


class Loader(cached.Loader):
    def get_template(self, template_name: str, skip: list[Any] | None = None) -> Template:
        template = super().get_template(template_name, skip)
        if not getattr(template, "_constants_remembered", False):
            for node in template.nodelist.get_nodes_by_type(TranslateNode):
                if _is_constant(node):
                    node.__class__ = ConstantTranslateNode
            template._constants_remembered = True  # type: ignore[attr-defined]
        return template
