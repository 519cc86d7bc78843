"""Reads of the auxiliary kind: who must still register an auxiliary (Art. 28), the last
binding ended and the swaps a holder has used (Art. 27 §2)."""

from __future__ import annotations

import datetime as dt

from django.db.models import Exists, OuterRef, QuerySet

from registers.models import Authorization, AuxiliaryBinding, Driver
from workflows.auxiliary.models import AuxiliaryCase, AuxiliaryState


def retired_holders_without_auxiliary() -> QuerySet[Driver]:
    """Retired holders of an authorization in force with no auxiliary bound (Art. 28).

    For the clerks' follow-up and the fiscal agents: such a holder may go on only with an
    auxiliary ("com a obrigação de colocar um auxiliar").
    """
    in_force = Authorization.objects.filter(
        holder=OuterRef("pk"),
        status__in=[Authorization.Status.ACTIVE, Authorization.Status.SUSPENDED],
    )
    bound = AuxiliaryBinding.objects.filter(
        authorization__holder=OuterRef("pk"), ended_on__isnull=True
    )
    return (
        Driver.objects.filter(retired=True)
        .filter(Exists(in_force))
        .exclude(Exists(bound))
        .order_by("name")
    )


def last_ended_binding(authorization: Authorization) -> AuxiliaryBinding | None:
    return (
        AuxiliaryBinding.objects.filter(authorization=authorization, ended_on__isnull=False)
        .order_by("-ended_on", "-id")
        .first()
    )


def swap_days(authorization: Authorization, holder: Driver) -> list[dt.date]:
    """The days on which this holder's counted swaps were granted (Art. 27 §2)."""
    return list(
        AuxiliaryCase.objects.filter(
            authorization=authorization,
            applicant=holder,
            state=AuxiliaryState.APPROVED,
            counts_as_swap=True,
            decided_on__isnull=False,
        ).values_list("decided_on", flat=True)
    )
