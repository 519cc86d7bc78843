"""One way to write a deadline (issue 19; DESIGN "a deadline moves with the calendar"): every
deadline row is written from a named rule of `law.deadlines`, so a day declared closed
moves every pending row it covers (CPC art. 224 §1).

The code is read, not sampled: an AST walk over every module of the project lists each
write of a `Deadline` row, so a new surface that writes one without a rule fails here.
"""

from __future__ import annotations

import ast
import datetime as dt
import re
from pathlib import Path

import pytest

from cases.services import deadlines as engine
from law import deadlines as law_deadlines
from law.deadlines import CALENDAR_DEPENDENT, RULES, Counting, DeadlineRule
from tests.factories import SuspensionCaseFactory

ROOT = Path(__file__).resolve().parents[2]
ENGINE = Path("cases/services/deadlines.py")
SKIP = {".venv", "tests", "migrations", "node_modules", ".git"}

# The only public writers of a row; each is given a named rule.
WRITERS = {"deadline_start", "deadline_fix"}
# The low-level setter, private to the engine (and its former public name).
SETTERS = {"_deadline_set", "deadline_set"}
# Model writes that would bypass the engine.
MODEL_WRITES = {
    "create",
    "bulk_create",
    "get_or_create",
    "update_or_create",
    "update",
    "bulk_update",
}
ROW_FIELDS = {"due_on", "rule", "starts_on", "counting"}


def _modules() -> list[Path]:
    return [
        path
        for path in sorted(ROOT.rglob("*.py"))
        if not SKIP.intersection(path.relative_to(ROOT).parts)
    ]


def _root_name(node: ast.AST) -> str | None:
    """The first name of a chain such as `Deadline.objects.filter(...).update`."""
    while True:
        if isinstance(node, ast.Attribute):
            node = node.value
        elif isinstance(node, ast.Call):
            node = node.func
        elif isinstance(node, ast.Subscript):
            node = node.value
        elif isinstance(node, ast.Name):
            return node.id
        else:
            return None


def _called(node: ast.Call) -> str | None:
    func = node.func
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return None


def _offences(path: Path) -> list[str]:
    relative = path.relative_to(ROOT)
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(relative))
    in_engine = relative == ENGINE
    found: list[str] = []

    def say(node: ast.AST, what: str) -> None:
        found.append(f"{relative}:{getattr(node, 'lineno', '?')}: {what}")

    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == "cases.services.deadlines":
            for alias in node.names:
                if alias.name in SETTERS:
                    say(node, f"imports the low-level setter {alias.name}")
        if in_engine:
            continue
        if isinstance(node, ast.Call):
            name = _called(node)
            if name in SETTERS:
                say(node, f"writes a deadline row with {name}, not from a named rule")
            if name in WRITERS:
                rule = next((k.value for k in node.keywords if k.arg == "rule"), None)
                if rule is None:
                    say(node, f"{name} without rule=")
                elif isinstance(rule, ast.Call) and _called(rule) == "DeadlineRule":
                    say(node, f"{name} with a rule made up on the spot")
            if name == "Deadline":
                say(node, "builds a Deadline outside the engine")
            if name in MODEL_WRITES and _root_name(node.func) == "Deadline":
                fields = {k.arg for k in node.keywords}
                if name != "update" or fields & ROW_FIELDS:
                    say(node, f"Deadline.{name} outside the engine")
        if isinstance(node, ast.Assign | ast.AugAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                if (
                    isinstance(target, ast.Attribute)
                    and target.attr in {"rule", "starts_on"}
                    and _root_name(target) in {"row", "deadline"}
                ):
                    say(node, f"changes a row's {target.attr} outside the engine")
                if (
                    isinstance(target, ast.Attribute)
                    and target.attr == "due_on"
                    and _root_name(target) in {"row", "deadline"}
                ):
                    say(node, "moves a row's last day outside the engine")
    return found


def test_every_deadline_write_in_the_code_is_made_from_a_named_rule_cpc_224_p1():
    """CPC art. 224 §1 (via DESIGN's one-place guarantee): each write of a deadline row
    goes through `deadline_start` or `deadline_fix` with a rule of `law.deadlines`."""
    modules = _modules()
    assert len(modules) > 200, "the walk found too few modules: is ROOT right?"
    offences = [offence for path in modules for offence in _offences(path)]
    assert offences == []


def test_the_low_level_setter_is_private():
    assert not hasattr(engine, "deadline_set")
    assert hasattr(engine, "_deadline_set")


def test_every_rule_counted_on_the_calendar_is_written_from_its_start():
    """A rule counted in business or calendar days can only be written from its start day
    (and so recomputed when a day is declared closed); `deadline_fix` refuses it."""
    assert {r.code for r in RULES.values() if r.counting in CALENDAR_DEPENDENT} >= {
        "appeal",
        "payment",
        "notification_limit",
        "revocation_appeal",
        "lost_property_handing_in",
        "judicial_seizure_communication",
    }


@pytest.mark.django_db
def test_a_rule_counted_on_the_calendar_cannot_be_written_as_a_fixed_date_art_63():
    case = SuspensionCaseFactory()
    with pytest.raises(ValueError, match="deadline_start"):
        engine.deadline_fix(
            rule=law_deadlines.APPEAL,
            case=case,
            kind="suspension.end",
            due_on=dt.date(2026, 3, 1),
        )


@pytest.mark.django_db
def test_a_rule_that_is_not_in_law_deadlines_is_refused():
    case = SuspensionCaseFactory()
    made_up = DeadlineRule(
        code="appeal", length=5, counting=Counting.BUSINESS_DAYS, article="Art. 63"
    )
    with pytest.raises(LookupError):
        engine.deadline_start(
            rule=made_up, start=dt.date(2026, 3, 2), case=case, kind="suspension.end"
        )


# "Art. 59 §2", "Art. 46 §1; Art. 53 II", "Art. 59 IV a": no commas inside a citation.
CITATION = re.compile(
    r"^Art\. \d+(?: (?:§\d+|[IVXL]+|[a-z]|parágrafo único))*"
    r"(?:; Art\. \d+(?: (?:§\d+|[IVXL]+|[a-z]|parágrafo único))*)*$"
)


@pytest.mark.parametrize("rule", list(RULES.values()), ids=list(RULES))
def test_one_spelling_per_citation_on_every_deadline_rule(rule):
    """A deadline row carries its rule's article: one spelling, so the rows, the timeline
    and the letters cite it alike ("Art. 24 §2", never "Art. 24, §2")."""
    assert CITATION.match(rule.article), rule.article
