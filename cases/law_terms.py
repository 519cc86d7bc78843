"""The statute's day counts as people read them, from the law package only.

`law_days_text("appeal")` is "30 dias úteis" (in the active language): the length of a rule
of `law.deadlines.RULES` and how it is counted, or a named constant of a law module
("suspension.MAX_DAYS"). Templates use the `law_days` tag (cases/templatetags/law_terms.py).
"""

from __future__ import annotations

import importlib

from django.utils.translation import gettext, ngettext

from law import deadlines as law_deadlines


def law_days_value(name: str) -> int:
    """The number of days `name` names: a rule code, or `<law module>.<CONSTANT>`."""
    rule = law_deadlines.RULES.get(name)
    if rule is not None:
        if rule.length is None:
            raise LookupError(f"the rule {name!r} takes its length from the decision")
        return rule.length
    module_name, _dot, constant = name.rpartition(".")
    if not module_name or not constant.isupper():
        raise LookupError(f"{name!r} is neither a rule nor a constant of the law package")
    value = getattr(importlib.import_module(f"law.{module_name}"), constant)
    if not isinstance(value, int) or isinstance(value, bool):
        raise LookupError(f"law.{name} is not a number of days")
    return value


def law_days_text(name: str, *, bare: bool = False) -> str:
    """ "30 dias úteis" for a rule counted in business days; "N dias" when `bare` or for
    a constant (a period whose counting the sentence says itself)."""
    days = law_days_value(name)
    rule = law_deadlines.RULES.get(name)
    if rule is None or bare or rule.counting not in law_deadlines.CALENDAR_DEPENDENT:
        return ngettext("%(days)d dia", "%(days)d dias", days) % {"days": days}
    return gettext("%(days)d %(counting)s") % {
        "days": days,
        "counting": gettext(rule.counting.label),
    }
