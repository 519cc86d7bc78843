"""Which cases are before the appeal commission (Art. 52), stored so its reads use indexes.

A kind says the commission decides its cases (`Workflow.commission_sees`: the appeal, the
clandestine transport), or names the lookups through which a case of another kind brings
one of its cases before it (`Workflow.commission_scope`: the notice an appeal is about).
The rule is evaluated when a case is opened (`case_open`): the new case by its kind, and the
cases it reaches through those lookups — and stored in `Case.before_commission`, which the
scoping selectors read (cases.selectors.cases_judged). Nothing takes a case away from the
commission: cases are not deleted, and an appeal keeps its notice.

`cases_commission_refresh` recomputes every case's flag in two statements: the nightly
safety net, as for the overdue flags, and a database loaded by other means (bin/bench).
"""

from __future__ import annotations

from django.db.models import Exists, Model, OuterRef, Q

from cases.models import Case
from cases.workflow import all_workflows


def commission_rule() -> Q:
    """The rule `Case.before_commission` stores, on a case's kind and the rows around it:
    the kinds the commission decides, and what each kind's table says they reach."""
    rule = Q(kind__in=[w.kind for w in all_workflows() if w.commission_sees])
    for workflow in all_workflows():
        for lookup in workflow.commission_scope:
            reached = Case.objects.filter(pk=OuterRef("pk"), **{f"{lookup}__isnull": False})
            rule |= Q(kind=workflow.kind) & Q(Exists(reached))
    return rule


def _reaching_model(lookup: str) -> type[Model]:
    """The model at the far end of a `commission_scope` lookup from a case (the appeal, of
    "violationnotice__appeals"): opening one of its cases may bring another before the
    commission."""
    model: type[Model] = Case
    for name in lookup.split("__"):
        model = model._meta.get_field(name).related_model  # type: ignore[assignment]
    return model


def cases_reached_mark(case: Case) -> int:
    """Put before the commission the cases a case just opened reaches (the notice an
    appeal is filed against), in the caller's transaction; how many it marked. No query
    for a case of a kind that reaches none."""
    marked = 0
    for workflow in all_workflows():
        for lookup in workflow.commission_scope:
            if isinstance(case, _reaching_model(lookup)):
                reached = Case.objects.filter(
                    kind=workflow.kind, before_commission=False, **{lookup: case.pk}
                )
                marked += reached.update(before_commission=True)
    return marked


def cases_commission_refresh() -> int:
    """Store the rule's answer for every case whose flag says otherwise; how many."""
    rule = commission_rule()
    added = Case.objects.filter(rule, before_commission=False).update(before_commission=True)
    removed = Case.objects.filter(~rule, before_commission=True).update(before_commission=False)
    return added + removed
