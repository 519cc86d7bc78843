"""The contest of the agent's classification (Art. 61 §2), decided by the commission."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from accounts.models import User
from cases.errors import RuleViolation
from cases.models import Case
from cases.services.deadlines import deadlines_cancel
from cases.services.transitions import case_step, local_today
from law import deadlines as law_deadlines
from law.citations import (
    ART_61_P2,
    ART_63,
)
from workflows.clandestine.models import (
    ClandestineCase,
    ClandestineState,
)
from workflows.clandestine.services.recording import penalties_recompute_after_annulment
from workflows.steps.guards import appeal_in_time_check

# --- The contest of the classification (Art. 61 §2) -------------------------------------------


def clandestine_contest(
    *, case: Case, actor: User, note: str = "", reasons: str = ""
) -> ClandestineCase:
    """The person contests the agent's classification at the counter; the seizure stays.

    Within the 30 days of Art. 63 (business days, from the record, when the person was
    notified on the spot)."""
    if not reasons.strip():
        raise RuleViolation(_("Apresente as razões do recurso."), article=ART_61_P2)
    today = local_today()

    def in_time(locked: ClandestineCase) -> None:
        last_day = law_deadlines.appeal_deadline(locked.noticed_on)
        appeal_in_time_check(filed_on=today, last_day=last_day, article=ART_63)

    with transaction.atomic(durable=True):
        return case_step(
            case=case, action="contest", actor=actor, note=note, guard=in_time,
            kwargs={"filed_on": today, "reasons": reasons.strip()},
            data={"filed_on": today.isoformat()},
        )


def _decide(case: Case, actor: User, note: str, action: str) -> ClandestineCase:
    today = local_today()
    with transaction.atomic(durable=True):
        before = ClandestineCase.objects.get(pk=case.pk).classification
        decided = case_step(
            case=case, action=action, actor=actor, note=note,
            kwargs={"on": today, "grounds": note.strip()},
            data={"classification_before": before},
        )
        if decided.state == ClandestineState.ANNULLED:
            deadlines_cancel(case=decided)
            penalties_recompute_after_annulment(decided, actor)
    return decided


def clandestine_uphold(*, case: Case, actor: User, note: str = "") -> ClandestineCase:
    """The commission keeps the agent's classification (Art. 61 §2)."""
    return _decide(case, actor, note, "uphold")


def clandestine_reclassify(*, case: Case, actor: User, note: str = "") -> ClandestineCase:
    """The commission changes the classification; the sanctions of Art. 62 stay."""
    return _decide(case, actor, note, "reclassify")


def clandestine_annul(*, case: Case, actor: User, note: str = "") -> ClandestineCase:
    """The commission finds neither clandestine nor irregular transport (Art. 60 §§1-2):
    nothing is owed and the vehicle goes back."""
    return _decide(case, actor, note, "annul")
