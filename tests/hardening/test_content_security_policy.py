"""Issue 12 §6: every page carries a Content-Security-Policy that forbids inline script,
and no page of ours has an inline script or event handler left to forbid."""

from __future__ import annotations

import re

import pytest

from accounts.roles import Role
from tests.clandestine.factories import ClandestineCaseFactory
from tests.factories import SuspensionCaseFactory, UserFactory

pytestmark = pytest.mark.django_db

INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.I)
INLINE_HANDLER = re.compile(r"<[^>]+\son[a-z]+\s*=", re.I)
INLINE_STYLE = re.compile(r"<style\b|\sstyle\s*=", re.I)


def _policy(response) -> dict[str, list[str]]:
    header = response["Content-Security-Policy"]
    return {
        part.split()[0]: part.split()[1:] for part in (p.strip() for p in header.split(";")) if part
    }


def test_pages_send_a_policy_without_inline_script(client):
    policy = _policy(client.get("/entrar/"))
    assert policy["script-src"] == ["'self'"]
    assert policy["object-src"] == ["'none'"]
    assert policy["frame-ancestors"] == ["'none'"]
    assert "'unsafe-inline'" not in policy["style-src"]


@pytest.mark.parametrize(
    ("role", "paths"),
    [
        (Role.CLERK, ["/processos/", "/correio/", "/processos/{suspension}/"]),
        (
            Role.FISCAL_AGENT,
            ["/processos/", "/processos/{clandestine}/", "/fiscalizacao/autos/novo/"],
        ),
        (None, ["/", "/entrar/", "/verificar/", "/reclamacao/"]),
    ],
)
def test_no_page_has_inline_script_handlers_or_styles(client, role, paths):
    ids = {"suspension": SuspensionCaseFactory().pk, "clandestine": ClandestineCaseFactory().pk}
    if role is not None:
        client.force_login(UserFactory(role=role))
    for path in paths:
        response = client.get(path.format(**ids))
        assert response.status_code == 200, path
        html = response.content.decode()
        assert not INLINE_SCRIPT.search(html), path
        assert not INLINE_HANDLER.search(html), (path, INLINE_HANDLER.search(html))
        assert not INLINE_STYLE.search(html), path


def test_the_script_the_pages_load_is_our_static_file(client):
    html = client.get("/entrar/").content.decode()
    assert re.search(r'<script src="/static/web/site\.js" defer></script>', html)
    assert "data-autosubmit" in html


# Rendered only to PDF by WeasyPrint, never served as a page: inline style is their way.
PDF_ONLY_TEMPLATES = (
    "documents/templates/documents/pdf/",
    "municipal/lost_property/receipt.html",
    "web/templates/web/my_data_pdf.html",
)


def test_no_template_of_a_page_carries_inline_script_handlers_or_styles():
    from pathlib import Path

    from django.conf import settings

    root = Path(settings.BASE_DIR)
    offenders = []
    for template in root.rglob("templates/**/*.html"):
        relative = template.relative_to(root).as_posix()
        if relative.startswith((".venv/", "var/")) or any(
            p in relative for p in PDF_ONLY_TEMPLATES
        ):
            continue
        text = template.read_text(encoding="utf-8")
        for pattern in (INLINE_SCRIPT, INLINE_HANDLER, INLINE_STYLE):
            if pattern.search(text):
                offenders.append((relative, pattern.search(text).group(0)))
    assert offenders == []
