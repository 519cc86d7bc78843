"""One spelling per citation (issue 19; issue 23 §5): articles are data in `law.citations`.

The code, the templates and the message catalogue are read as text: a citation is spelled
as the table spells it ("Art. 59 V f", "Art. 63 §2", "Art. 23 parágrafo único"), a string
that is nothing but a citation comes from the table, and no module outside the statute
keeps its own `ART_*` constants.
"""

from __future__ import annotations

import ast
import re
import subprocess
from collections.abc import Iterator
from pathlib import Path

from law.citations import CITATIONS, english

ROOT = Path(__file__).resolve().parents[2]

# Modules allowed to keep their own citations for a while (none now).
NOT_YET: frozenset[str] = frozenset()
# Texts quoted word for word from the law, its spelling included: the 29 items of Art. 58.
VERBATIM: frozenset[str] = frozenset({"law/infractions.py"})

_PART = r"(?:§§?\d+(?:-\d+)?|parágrafo único|sole paragraph|[IVXL]+(?: (?:e|and) [IVXL]+)?|[a-z])"
_ONE = rf"(?:[A-Z]{{2,3}} )?Art\. \d+(?: {_PART})*"
CANONICAL = re.compile(rf"{_ONE}(?:; {_ONE})*")
"""A whole citation as the table writes it, one provision or several."""

MISSPELLED = re.compile(
    r"\bart\.\s?\d"  # a lower-case "art."
    r"|\bArts?\.\s?\d+(?:\.\d+)?[º°]"  # an ordinal sign after the article
    r"|\bArts?\.\d"  # no space after "Art."
    r"|§\s\d"  # a space after "§"
    r"|§§?\d+[º°]"  # an ordinal sign after the paragraph
    r"|\bArts?\. \d+(?:\.\d+)?,\s(?:§|[IVXL]+\b|parágrafo)"  # a comma after the article
    r"|§\d+,\s(?:[IVXL]+\b)"  # a comma after the paragraph
    r"|\b[IVXL]+,\s[a-z]\b(?!\s(?:[Aa]rt|§|\d))"  # a comma between inciso and alínea
)
"""The other spellings found before the table: "art. 63", "Art. 63º", "§ 2º", "Art. 58, XXI"."""


def _tracked(*patterns: str) -> list[Path]:
    listed = subprocess.run(
        ["git", "ls-files", *patterns], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    return [ROOT / name for name in listed if "/migrations/" not in name]


def _code() -> list[Path]:
    return [
        path
        for path in _tracked("*.py")
        if not path.relative_to(ROOT).as_posix().startswith("tests/")
        and path.relative_to(ROOT).as_posix() not in NOT_YET
    ]


def _literals(path: Path) -> Iterator[tuple[int, str, bool]]:
    """Every string literal of a module but its docstrings: (line, text, a whole literal)."""
    tree = ast.parse(path.read_text())
    docstrings = {
        id(statement.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        for statement in node.body
        if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant)
    }
    in_fstrings = {
        id(part)
        for node in ast.walk(tree)
        if isinstance(node, ast.JoinedStr)
        for part in node.values
    }
    for node in ast.walk(tree):
        text = node.value if isinstance(node, ast.Constant) else None
        if isinstance(text, str) and id(node) not in docstrings:
            yield node.lineno, text, id(node) not in in_fstrings


def test_the_table_spells_each_citation_one_way_in_each_language() -> None:
    assert len(CITATIONS) > 100
    for key, citation in CITATIONS.items():
        assert CANONICAL.fullmatch(citation.pt), key
        assert CANONICAL.fullmatch(citation.en), key
        assert english(citation.pt) == citation.en
    assert CITATIONS["ART_23_SOLE"].en == "Art. 23 sole paragraph"
    assert CITATIONS["ART_59_V_F_AND_70"].pt == "Art. 59 V f; Art. 70"
    spellings = [citation.pt for citation in CITATIONS.values()]
    assert len(spellings) == len(set(spellings)), "two keys for one provision"


def test_no_module_outside_the_statute_keeps_its_own_art_constants() -> None:
    found = []
    for path in _code():
        relative = path.relative_to(ROOT).as_posix()
        if relative.startswith("law/"):
            continue
        for node in ast.parse(path.read_text()).body:
            targets = (
                node.targets
                if isinstance(node, ast.Assign)
                else [node.target]
                if isinstance(node, ast.AnnAssign)
                else []
            )
            for target in targets:
                # A table of a provision's items (ART_10_I_ITEMS) is data, not a citation.
                table = isinstance(node.value, ast.Dict | ast.List | ast.Tuple)
                if isinstance(target, ast.Name) and target.id.startswith("ART_") and not table:
                    found.append(f"{relative}:{node.lineno} {target.id}")
    assert found == [], "import it from law.citations:\n" + "\n".join(found)


def test_a_string_that_is_only_a_citation_comes_from_the_table() -> None:
    found = []
    for path in _code():
        relative = path.relative_to(ROOT).as_posix()
        if relative.startswith("law/"):
            continue
        for line, text, whole in _literals(path):
            if whole and CANONICAL.fullmatch(text):
                found.append(f"{relative}:{line} {text!r}")
    assert found == [], "use a name of law.citations:\n" + "\n".join(found)


def test_every_citation_in_code_templates_and_catalogue_is_spelled_as_the_table() -> None:
    found = []
    for path in _code():
        if path.relative_to(ROOT).as_posix() in VERBATIM:
            continue
        for line, text, _whole in _literals(path):
            for match in MISSPELLED.finditer(text):
                found.append(f"{path.relative_to(ROOT)}:{line} {match.group(0)!r} in {text!r}")
    templates = [path for path in _tracked("*.html", "*.txt") if "/templates/" in path.as_posix()]
    catalogue = ROOT / "locale" / "en" / "LC_MESSAGES" / "django.po"
    for path in [*templates, catalogue]:
        for number, text in enumerate(path.read_text().splitlines(), start=1):
            if path == catalogue and text.startswith("#"):
                continue
            if path == catalogue and "14, 15 e 16 desta Lei" in text:
                continue  # Art. 58 XXI quoted word for word (VERBATIM)
            for match in MISSPELLED.finditer(text):
                found.append(f"{path.relative_to(ROOT)}:{number} {match.group(0)!r}")
    assert found == [], "\n".join(found)


def test_the_check_sees_each_spelling_it_refuses() -> None:
    """The patterns themselves: each former spelling is refused, the table's is not."""
    for wrong in (
        "art. 63",
        "Art. 63º",
        "Art. 63 § 2º",
        "Art. 63 §2º",
        "Art. 58, XXI",
        "Art. 59, §1",
        "Art. 59 V, f",
        "Art. 23, parágrafo único",
        "Art.63",
    ):
        assert MISSPELLED.search(wrong), wrong
    for right in CITATIONS.values():
        assert not MISSPELLED.search(right.pt), right.pt
