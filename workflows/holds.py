"""What keeps an authorization suspended: whatever a kind declares in its `Workflow.holds`
(today a suspension on request in effect, Art. 24, and a penalty being served, Art. 59 III
and IV). It returns to service only when none is left.

The kinds are read from the registered workflows: this module imports none of them.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from functools import reduce
from operator import or_

from django.db.models import Exists, OuterRef, Q

from accounts.models import User
from cases.models import Case
from cases.workflow import AuthorizationHold, all_workflows
from registers.models import Authorization
from workflows.authorizations import case_authorization_reactivate, case_authorizations_reactivate


@dataclass(frozen=True)
class Hold:
    """Something that keeps the taxi off the road, and its last day (None: open-ended)."""

    label: str
    last_day: dt.date | None


def _declared() -> list[AuthorizationHold]:
    return [w.holds for w in all_workflows() if w.holds is not None]


def authorization_holds(authorization: Authorization) -> tuple[Hold, ...]:
    """Everything that holds the authorization now, kind by kind, as the portal says it."""
    return tuple(
        Hold(hold.label(row), hold.last_day(row))
        for hold in _declared()
        for row in hold.rows(authorization)
    )


def _still_held() -> Q:
    """An authorization that something of `authorization_holds` still holds."""
    held = [Q(Exists(hold.rows(OuterRef("pk")))) for hold in _declared()]
    return reduce(or_, held) if held else Q(pk__in=[])


def _held(authorization: Authorization) -> bool:
    """Whether anything of `authorization_holds` is left, in one query."""
    return Authorization.objects.filter(pk=authorization.pk).filter(_still_held()).exists()


def authorizations_release_if_free_all(*, cases: Sequence[Case], article: str) -> None:
    """`authorization_release_if_free` for the authorizations of many cases whose hold has
    just ended, by the system, in a few statements (the sweeper's set of suspensions
    ending). Each case holds a different authorization: the one a case frees is released
    only when nothing holds it, which for two ends of one authorization in the same set
    depends on their order, so the caller gives them to the row path instead."""
    ids = [case.authorization_id for case in cases]
    if None in ids or len(set(ids)) != len(ids):
        raise ValueError("one case per authorization")
    locked = {
        row.pk: row
        for row in Authorization.objects.select_for_update().filter(pk__in=ids).order_by("pk")
    }
    suspended = [pk for pk in ids if locked[pk].status == Authorization.Status.SUSPENDED]
    held = set(
        Authorization.objects.filter(pk__in=suspended)
        .filter(_still_held())
        .order_by()
        .values_list("pk", flat=True)
    )
    case_authorizations_reactivate(
        released=[
            (locked[case.authorization_id], case)
            for case in cases
            if case.authorization_id in suspended and case.authorization_id not in held
        ],
        article=article,
    )


def authorization_release_if_free(
    *,
    authorization: Authorization,
    case: Case,
    actor: User | None,
    article: str,
    today: dt.date,
) -> bool:
    """Reactivate the authorization when it is suspended and nothing holds it any more."""
    fresh = Authorization.objects.select_for_update().get(pk=authorization.pk)
    if fresh.status != Authorization.Status.SUSPENDED:
        return False
    if _held(fresh):
        return False
    case_authorization_reactivate(authorization=fresh, case=case, actor=actor, article=article)
    return True
