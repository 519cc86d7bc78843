"""Issue 24 §5: every visible word in both languages. Each page of the URLconf, for each
role (the world of tests/access), is rendered in English (language cookie and
Accept-Language "en"), and no Portuguese source text of the catalogue
(locale/en/LC_MESSAGES/django.po) may be left in it untranslated.

A msgid is looked for when it is a phrase of its own: two words or more, no placeholder
(the values would differ), not kept as is by its own English or by another English text
(a name such as "Tiradentes"). What a person typed (names, addresses, notes) is not a
msgid and is not looked for; what a page marks as Portuguese (lang="pt-BR": a letter's
subject and body as sent) is not looked into, nor an official document's preview, drawn
up in Portuguese by design.
"""

from __future__ import annotations

import html
import re

import pytest
from django.db import transaction
from rest_framework.test import APIClient

from accounts.policy import PUBLIC_ROUTES, ROUTES, may_reach
from accounts.roles import has_role, is_staff_member
from tests.access import world as access_world
from tests.access.test_every_route import TARGET, _path, _routes
from tests.i18n.test_english_messages import _catalogue

pytestmark = pytest.mark.django_db

# An official document is drawn up in the municipality's language whatever the reader's
# (documents.services.document_html): its preview is Portuguese by design.
IN_PORTUGUESE_BY_DESIGN = {"document-preview"}
PAGES = sorted(
    (name, route)
    for route, name in _routes()
    if not route.startswith(("admin/", "api/", "static/", "media/"))
    and name
    and name not in IN_PORTUGUESE_BY_DESIGN
)
# Not looked into: what the browser does not show, and what the page itself marks as
# Portuguese (lang="pt-BR", WCAG 3.1.2): the subjects and bodies of the letters and e-mails
# as they were sent, a record kept in the language it was written in.
_HIDDEN = re.compile(
    r"<(script|style|template)\b.*?</\1>|<(\w+)\b[^>]*\blang=\"pt-BR\"[^>]*>.*?</\2>",
    re.S | re.I,
)
_TAG = re.compile(r"<[^>]+>")


def _portuguese() -> list[str]:
    entries = [e for e in _catalogue() if e.plural is None and e.forms and e.forms[0]]
    english = "\n".join(e.forms[0] for e in entries)
    return sorted(
        {
            e.msgid
            for e in entries
            if len(e.msgid.split()) >= 2
            and "%" not in e.msgid
            and "{" not in e.msgid
            and e.msgid != e.forms[0]
            and e.msgid not in english
        },
        key=len,
        reverse=True,
    )


PORTUGUESE = _portuguese()


def _visible_text(page: str) -> str:
    return " ".join(html.unescape(_TAG.sub(" ", _HIDDEN.sub(" ", page))).split())


def _left_in_portuguese(text: str) -> list[str]:
    found = []
    for msgid in PORTUGUESE:
        if msgid in text:
            found.append(msgid)
            text = text.replace(msgid, " ")
    return found


def _paths(me, role, targets) -> list[tuple[str, str]]:
    """Every page the role may open: those without an id, and those with one for a record
    the policy lets the role see."""
    paths = []
    for name, route in PAGES:
        if "<" not in route:
            paths.append((name, "/" + route))
            continue
        if name in PUBLIC_ROUTES or name not in ROUTES:
            continue
        declared = ROUTES[name]
        if declared.action:
            continue
        for target in targets.get(TARGET.get(name, ""), []):
            allowed = (
                may_reach(me, declared.record, target.relations(me, role))
                and not (declared.staff_page and not is_staff_member(me))
                and (not declared.only or has_role(me, *declared.only))
            )
            if allowed:
                paths.append((name, _path(route, target.kwargs)))
                break
    return paths


@pytest.mark.parametrize("role", access_world.ROLES)
def test_every_page_in_english_leaves_no_portuguese_of_the_catalogue(role, settings):
    settings.RATELIMIT_ENABLE = False
    me, targets = access_world.build(role)
    client = APIClient()
    client.cookies["django_language"] = "en"
    if me is not None:
        client.force_login(me)
    left = []
    rendered = 0
    for name, path in _paths(me, role, targets):
        savepoint = transaction.savepoint()
        response = client.get(path, HTTP_ACCEPT_LANGUAGE="en")
        transaction.savepoint_rollback(savepoint)
        if response.status_code != 200 or "text/html" not in response.get("Content-Type", ""):
            continue
        rendered += 1
        found = _left_in_portuguese(_visible_text(response.content.decode()))
        left += [f"{path} ({name}): {msgid!r}" for msgid in found]
    assert rendered > 5
    assert not left, "\n".join(left)
