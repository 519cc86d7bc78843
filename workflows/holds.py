"""What keeps an authorization suspended: a suspension on request in effect (Art. 24) or a
penalty being served (Art. 59 III and IV). It returns to service only when none is left.
"""

from __future__ import annotations

import datetime as dt

from django.db.models import Exists

from accounts.models import User
from cases.models import Case
from registers.models import Authorization
from workflows.authorizations import case_authorization_reactivate
from workflows.suspension.selectors import suspensions_holding
from workflows.violation.selectors import penalty_periods_serving


def authorization_holds(authorization: Authorization, *, today: dt.date) -> list[str]:
    holds = [
        f"Art. 24 ({number})"
        for number in suspensions_holding(authorization).values_list("number", flat=True)
    ]
    holds += [str(period) for period in penalty_periods_serving(authorization)]
    return holds


def _held(authorization: Authorization) -> bool:
    """Whether anything of `authorization_holds` is left, in one query (the sweeper asks
    this for every suspension that ends)."""
    suspensions = suspensions_holding(authorization)
    penalties = penalty_periods_serving(authorization)
    return bool(
        Authorization.objects.filter(pk=authorization.pk)
        .filter(Exists(suspensions) | Exists(penalties))
        .exists()
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
