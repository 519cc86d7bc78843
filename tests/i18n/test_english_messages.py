"""English ("en") is a full translation: statute errors, pages and the catalogue itself.

The msgids are the Portuguese source texts; locale/en/LC_MESSAGES/django.po holds the
English for every one of them (see locale/README.md for how to refresh it).
"""

from __future__ import annotations

import ast
import gettext
import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from rest_framework.test import APIClient

from tests.factories import AuthorizationFactory

ROOT = Path(__file__).resolve().parents[2]
PO_FILE = ROOT / "locale" / "en" / "LC_MESSAGES" / "django.po"
MO_FILE = PO_FILE.with_suffix(".mo")
LAW_DIR = ROOT / "law"

PT_PERIOD = "O prazo da suspensão deve ser de 1 a 120 dias; foram pedidos 121."
EN_PERIOD = "The suspension period must be from 1 to 120 days; 121 were requested."
PLACEHOLDER = re.compile(r"%\(\w+\)[sdr]")


@dataclass(frozen=True)
class Entry:
    msgid: str
    plural: str | None
    forms: tuple[str, ...]  # msgstr, or msgstr[0], msgstr[1], ...
    flags: frozenset[str]


def _catalogue() -> list[Entry]:
    """Every entry of the .po, the header excluded."""
    entries: list[Entry] = []
    for block in PO_FILE.read_text(encoding="utf-8").split("\n\n"):
        flags: set[str] = set()
        fields: dict[str, str] = {}
        current = None
        for line in block.splitlines():
            if line.startswith("#,"):
                flags |= {flag.strip() for flag in line[2:].split(",")}
            elif line.startswith(("msgid", "msgstr")):
                current, _, text = line.partition(" ")
                fields[current] = ast.literal_eval(text)
            elif line.startswith('"') and current:
                fields[current] += ast.literal_eval(line)
        if not current or not fields.get("msgid"):
            continue
        forms = tuple(v for k, v in sorted(fields.items()) if k.startswith("msgstr"))
        entries.append(Entry(fields["msgid"], fields.get("msgid_plural"), forms, frozenset(flags)))
    return entries


def _law_templates() -> set[str]:
    """Every string literal marked with N_(...) in the statute package."""
    found: set[str] = set()
    for module in LAW_DIR.glob("*.py"):
        for node in ast.walk(ast.parse(module.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "N_"
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
            ):
                found.add(node.args[0].value)
    return found


def _file_too_long_suspension(**headers: str):
    driver = AuthorizationFactory().holder
    client = APIClient()
    client.force_authenticate(driver.user)
    return client.post("/api/suspensions/", {"ground": "IV", "days": 121}, **headers)


@pytest.mark.django_db
def test_statute_error_is_in_english_when_asked_art24() -> None:
    # given a driver whose client asks for English
    # when he asks for a 121-day suspension
    response = _file_too_long_suspension(HTTP_ACCEPT_LANGUAGE="en")
    # then the statute's message comes back translated, the article unchanged
    assert response.status_code == 400, response.content
    body = response.json()
    assert body["detail"] == EN_PERIOD
    assert body["article"] == "Art. 24"
    assert response["Content-Language"] == "en"


@pytest.mark.django_db
@pytest.mark.parametrize("headers", [{}, {"HTTP_ACCEPT_LANGUAGE": "pt-BR"}])
def test_statute_error_is_in_portuguese_by_default_art24(headers: dict[str, str]) -> None:
    response = _file_too_long_suspension(**headers)
    assert response.status_code == 400, response.content
    assert response.json()["detail"] == PT_PERIOD
    assert response.json()["article"] == "Art. 24"


@pytest.mark.django_db
def test_login_page_in_english(client) -> None:
    # when the login page is asked for in English
    response = client.get("/entrar/", HTTP_ACCEPT_LANGUAGE="en")
    # then "Entrar" is shown as "Log in"
    assert response.status_code == 200
    page = response.content.decode()
    assert "<h1>Log in</h1>" in page
    assert "Entrar" not in page
    assert '<html lang="en">' in page


@pytest.mark.django_db
def test_login_page_in_portuguese_by_default(client) -> None:
    page = client.get("/entrar/").content.decode()
    assert "<h1>Entrar</h1>" in page


def test_every_msgid_has_an_english_translation_and_none_is_fuzzy() -> None:
    entries = _catalogue()
    assert len(entries) > 300
    untranslated = [e.msgid for e in entries if not all(form.strip() for form in e.forms)]
    fuzzy = [e.msgid for e in entries if "fuzzy" in e.flags]
    assert untranslated == []
    assert fuzzy == []
    assert "#, fuzzy" not in PO_FILE.read_text(encoding="utf-8")


def test_translations_keep_the_placeholders() -> None:
    changed = []
    for entry in _catalogue():
        expected = set(PLACEHOLDER.findall(entry.msgid + (entry.plural or "")))
        if any(set(PLACEHOLDER.findall(form)) - expected for form in entry.forms) or (
            entry.plural is None
            and sorted(PLACEHOLDER.findall(entry.msgid))
            != sorted(PLACEHOLDER.findall(entry.forms[0]))
        ):
            changed.append(entry.msgid)
    assert changed == []


def test_every_statute_text_marked_with_n_is_in_the_catalogue() -> None:
    # The stock makemessages does not know N_: a run without --keyword=N_ drops these.
    templates = _law_templates()
    assert len(templates) > 40
    missing = sorted(templates - {entry.msgid for entry in _catalogue()})
    assert missing == [], "run the makemessages command of locale/README.md"


def test_compiled_catalogue_matches_the_po_file() -> None:
    # django.mo is committed: it must be recompiled whenever django.po changes.
    with MO_FILE.open("rb") as handle:
        compiled = gettext.GNUTranslations(handle)
    stale = []
    for entry in _catalogue():
        if entry.plural is None:
            if compiled.gettext(entry.msgid) != entry.forms[0]:
                stale.append(entry.msgid)
        elif (
            compiled.ngettext(entry.msgid, entry.plural, 1),
            compiled.ngettext(entry.msgid, entry.plural, 5),
        ) != entry.forms[:2]:
            stale.append(entry.msgid)
    assert stale == [], "run compilemessages (see locale/README.md)"
