"""Reads of the clandestine kind: earlier records of a person or vehicle, and what is owed."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from django.db.models import Q, Sum

from law.clandestine import PastSeizure
from workflows.clandestine.models import ClandestineCase, ClandestineState

ZERO = Decimal("0.00")


def clandestine_history(*, plate: str, cpf: str = "") -> list[PastSeizure]:
    """Earlier records of the same vehicle or the same person (by CPF), for Art. 62 §1.

    An annulled record (the commission found no clandestine transport) does not count.
    """
    scope = Q(plate=plate)
    if cpf:
        scope |= Q(person_cpf=cpf)
    rows = (
        ClandestineCase.objects.filter(scope)
        .exclude(state=ClandestineState.ANNULLED)
        .values_list("noticed_on", "fine_vrte", "seizure_days")
    )
    return [
        PastSeizure(noticed_on=on, fine_vrte=fine, seizure_days=days) for on, fine, days in rows
    ]


@dataclass(frozen=True)
class Balance:
    """What the person owes for a record (Art. 62 II, III) and what was paid (§3)."""

    fine: Decimal | None
    removal: Decimal | None
    storage: Decimal | None
    paid: Decimal

    @property
    def charged(self) -> Decimal:
        return sum((v for v in (self.fine, self.removal, self.storage) if v), ZERO)

    @property
    def owed(self) -> Decimal:
        return self.charged - self.paid

    @property
    def costs_recorded(self) -> bool:
        return self.removal is not None and self.storage is not None


def clandestine_balance(case: ClandestineCase) -> Balance:
    paid = case.payments.aggregate(total=Sum("amount"))["total"] or ZERO
    return Balance(
        fine=case.fine_reais, removal=case.removal_cost, storage=case.storage_cost, paid=paid
    )
