"""Revocation (cassação), Art. 59 V: how other processes open one.

Opened by the system (vehicle age, Art. 12; points thresholds, Art. 59 V d-e; recidivism)
or by a clerk. The process steps belong to the enforcement chapter.
"""

from __future__ import annotations

from django.db import transaction

from accounts.models import User
from cases.services.transitions import case_open
from cases.workflow import Workflow, register
from registers.models import Authorization
from workflows.models import RevocationCase, RevocationState


def revocation_open(
    *, authorization: Authorization, article: str, reason: str, actor: User | None = None
) -> RevocationCase:
    """Open a revocation case, once per authorization and ground while one is open."""
    with transaction.atomic():
        existing = (
            RevocationCase.objects.select_for_update()
            .filter(authorization=authorization, ground_article=article, closed_at__isnull=True)
            .first()
        )
        if existing is not None:
            return existing
        return case_open(
            model=RevocationCase, actor=actor, article=article, note=reason,
            applicant=authorization.holder, authorization=authorization,
            ground_article=article, reason=reason, opened_by_system=actor is None,
        )


WORKFLOW = register(
    Workflow(
        kind=RevocationCase.KIND,
        model=RevocationCase,
        states=RevocationState,
        initial=RevocationState.OPENED,
        final_states=frozenset(),
        edges=(),
    )
)
