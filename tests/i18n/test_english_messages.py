"""English ("en") is a full translation: statute errors, pages and the catalogue itself.

The msgids are the Portuguese source texts; locale/en/LC_MESSAGES/django.po holds the
English for every one of them (see locale/README.md for how to refresh it).
"""

from __future__ import annotations

import ast
import gettext
import re
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


def _catalogue() -> list[tuple[str, str, set[str]]]:
    """(msgid, msgstr, flags) of every entry of the .po, the header excluded."""
    entries: list[tuple[str, str, set[str]]] = []
    for block in PO_FILE.read_text(encoding="utf-8").split("\n\n"):
        flags: set[str] = set()
        fields = {"msgid": "", "msgstr": ""}
        current = None
        for line in block.splitlines():
            if line.startswith("#,"):
                flags |= {flag.strip() for flag in line[2:].split(",")}
            elif line.startswith(("msgid ", "msgstr ")):
                current, _, text = line.partition(" ")
                fields[current] = ast.literal_eval(text)
            elif line.startswith('"') and current:
                fields[current] += ast.literal_eval(line)
        if current and fields["msgid"]:
            entries.append((fields["msgid"], fields["msgstr"], flags))
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
    untranslated = [msgid for msgid, msgstr, _ in entries if not msgstr.strip()]
    fuzzy = [msgid for msgid, _, flags in entries if "fuzzy" in flags]
    assert untranslated == []
    assert fuzzy == []
    assert "#, fuzzy" not in PO_FILE.read_text(encoding="utf-8")


def test_translations_keep_the_placeholders() -> None:
    changed = [
        msgid
        for msgid, msgstr, _ in _catalogue()
        if sorted(PLACEHOLDER.findall(msgid)) != sorted(PLACEHOLDER.findall(msgstr))
    ]
    assert changed == []


def test_every_statute_text_marked_with_n_is_in_the_catalogue() -> None:
    # The stock makemessages does not know N_: a run without --keyword=N_ drops these.
    templates = _law_templates()
    assert len(templates) > 40
    missing = sorted(templates - {msgid for msgid, _, _ in _catalogue()})
    assert missing == [], "run the makemessages command of locale/README.md"


def test_compiled_catalogue_matches_the_po_file() -> None:
    # django.mo is committed: it must be recompiled whenever django.po changes.
    with MO_FILE.open("rb") as handle:
        compiled = gettext.GNUTranslations(handle)
    stale = [msgid for msgid, msgstr, _ in _catalogue() if compiled.gettext(msgid) != msgstr]
    assert stale == [], "run compilemessages (see locale/README.md)"
