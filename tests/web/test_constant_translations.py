"""A constant `{% translate "…" %}` is translated once per language and escaping
(web.template_loader); a translated variable, a filtered or `as` one, each render."""

from __future__ import annotations

from django.template import Context, Engine
from django.utils import translation

from web.template_loader import ConstantTranslateNode

SOURCE = (
    '{% load i18n %}{% translate "Sair" %}|{% translate word %}|'
    '{% translate "Sair" as x %}{{ x }}|{% translate "Sair"|upper %}'
)


def _engine() -> Engine:
    locmem = ("django.template.loaders.locmem.Loader", {"t.html": SOURCE})
    return Engine(
        loaders=[("web.template_loader.Loader", [locmem])],
        libraries={"i18n": "django.templatetags.i18n"},
    )


def test_constants_follow_the_language_and_variables_each_render():
    template = _engine().get_template("t.html")
    constants = template.nodelist.get_nodes_by_type(ConstantTranslateNode)
    assert len(constants) == 1  # the `as` and the filtered one are left as they are
    with translation.override("pt-br"):
        assert template.render(Context({"word": "Entrar"})) == "Sair|Entrar|Sair|SAIR"
        assert template.render(Context({"word": "Sair"})) == "Sair|Sair|Sair|SAIR"
    with translation.override("en"):
        assert template.render(Context({"word": "Entrar"})) == "Log out|Log in|Log out|LOG OUT"
    with translation.override("pt-br"):
        assert template.render(Context({"word": "Entrar"})) == "Sair|Entrar|Sair|SAIR"
