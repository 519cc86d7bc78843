"""Reads of the auxiliary kind: who must still register an auxiliary (Art. 28)."""

from __future__ import annotations

from django.db.models import Exists, OuterRef, QuerySet

from registers.models import Authorization, AuxiliaryBinding, Driver


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
