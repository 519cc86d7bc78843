"""The texts people read take their day counts from the law package (issue 19, "one way to
write a deadline"): no form, letter, portal page or template writes "30 dias" itself, so an
amendment of Art. 63 (or 55, 59 §2, 37 XVIII, 24...) changes every text at once.

Templates are read whole; Python is read through its AST (every string that is not a
docstring), outside the `law` package, which is where the numbers live.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from django.template import Context, Template
from django.utils import translation

from cases.law_terms import law_days_text, law_days_value
from law import deadlines as law_deadlines
from law import suspension as law_suspension

ROOT = Path(__file__).resolve().parents[2]
SKIP = {".venv", "tests", "migrations", "node_modules", ".git", "law", "bench", "docs"}

# A number of days written out: "30 dias", "10 (dez) dias", "2 dias úteis".
LITERAL = re.compile(r"\b\d+\s+(?:\([^)]*\)\s+)?dias?\b")

# Texts of the violation notice and appeal, rewritten with the warning and the penalty's
# description on another branch (issue 19, items 1-2); each leaves this list when it reads
# its days from the law. The list may only shrink (see the last test).
PENDING = {
    "workflows/violation/templates/notifications/violation_notice.txt",
    "workflows/violation/models.py",
    "workflows/violation/services/notice.py",
    "workflows/appeal/services/decision.py",
    "workflows/appeal/models.py",
    "workflows/appeal/templates/appeal/notices.html",
    "documents/templates/documents/pdf/violation_notice.html",
    "documents/templates/documents/pdf/fine_notification.html",
}


def _files(suffixes: tuple[str, ...]) -> list[Path]:
    return [
        path
        for path in sorted(ROOT.rglob("*"))
        if path.suffix in suffixes
        and path.is_file()
        and not SKIP.intersection(path.relative_to(ROOT).parts)
    ]


def _docstrings(tree: ast.AST) -> set[int]:
    ids: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                ids.add(id(body[0].value))
    return ids


def _literals() -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for path in _files((".html", ".txt")):
        if "templates" not in path.parts:
            continue
        hits = LITERAL.findall(path.read_text(encoding="utf-8"))
        if hits:
            found[str(path.relative_to(ROOT))] = hits
    for path in _files((".py",)):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        skip = _docstrings(tree)
        hits = [
            node.value
            for node in ast.walk(tree)
            if isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in skip
            and LITERAL.search(node.value)
        ]
        if hits:
            found[str(path.relative_to(ROOT))] = hits
    return found


def test_no_text_outside_the_law_package_writes_a_number_of_days_art_63():
    """Arts. 63, 55, 59 §2, 37 XVIII, 24: every day count a person reads comes from `law`."""
    found = _literals()
    assert {path: hits for path, hits in found.items() if path not in PENDING} == {}


def test_the_pending_list_only_shrinks():
    found = _literals()
    assert sorted(PENDING - found.keys()) == []


@pytest.mark.parametrize(
    ("name", "bare", "pt", "en"),
    [
        ("appeal", False, "30 dias úteis", "30 business days"),
        ("revocation_appeal", False, "10 dias úteis", "10 business days"),
        ("payment", False, "10 dias corridos", "10 calendar days"),
        ("lost_property_handing_in", False, "2 dias úteis", "2 business days"),
        ("seizure", True, "15 dias", "15 days"),
        ("suspension.MAX_DAYS", False, "120 dias", "120 days"),
    ],
)
def test_law_days_reads_the_rule_in_both_languages(name, bare, pt, en):
    with translation.override("pt-br"):
        assert law_days_text(name, bare=bare) == pt
    with translation.override("en"):
        assert law_days_text(name, bare=bare) == en


def test_law_days_follows_the_law_package():
    assert law_days_value("appeal") == law_deadlines.APPEAL_DAYS
    assert law_days_value("suspension.MAX_DAYS") == law_suspension.MAX_DAYS
    with pytest.raises(LookupError):
        law_days_value("suspension_on_request")  # the decision fixes its length
    with pytest.raises(LookupError):
        law_days_value("nowhere")


def test_the_template_tag_art_37_xviii():
    text = Template(
        '{% load i18n law_terms %}{% law_days "lost_property_handing_in" as days %}'
        "{% blocktranslate %}Objetos esquecidos no táxi devem ser entregues à Prefeitura em "
        "até {{ days }}, mediante recibo (Art. 37 XVIII).{% endblocktranslate %}"
    ).render(Context())
    assert "em até 2 dias úteis, mediante recibo" in text
    with translation.override("en"):
        text = Template(
            '{% load i18n law_terms %}{% law_days "lost_property_handing_in" as days %}'
            "{% blocktranslate %}Objetos esquecidos no táxi devem ser entregues à Prefeitura "
            "em até {{ days }}, mediante recibo (Art. 37 XVIII).{% endblocktranslate %}"
        ).render(Context())
    assert "within 2 business days, against a receipt" in text
