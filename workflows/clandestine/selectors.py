"""Reads of the clandestine kind: earlier records of a person or vehicle, and what is owed."""

from __future__ import annotations

import datetime as dt
import re
import unicodedata
from dataclasses import dataclass
from decimal import Decimal

from django.db.models import Q, Sum
from django.utils import timezone

from law.clandestine import PastSeizure
from workflows.clandestine.models import ClandestineCase, ClandestineState

ZERO = Decimal("0.00")


def normalize_person_name(name: str) -> str:
    """A name as compared for Art. 62 §1: no accents, case or repeated spaces."""
    decomposed = unicodedata.normalize("NFKD", name)
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return " ".join(plain.casefold().split())


def normalize_document(document: str) -> str:
    """An identity document number as compared: letters and digits only, upper case."""
    return re.sub(r"[^0-9A-Za-z]", "", document).upper()


def clandestine_same_person(
    *, cpf: str, name: str, document: str
) -> list[ClandestineCase]:
    """Every record of the person (Art. 62 §1), annulled ones included, by date of the facts.

    The person is the CPF when there is one; without it, the name together with an
    identity document (a name alone is not an identity: homonyms are common). A record
    with the same name and document but another CPF is another person.
    """
    document = normalize_document(document)
    if not cpf and not document:
        return []
    scope = Q(pk__in=[])
    if cpf:
        scope |= Q(person_cpf=cpf)
    if document:
        scope |= Q(person_document=document)
    wanted = normalize_person_name(name)
    rows = ClandestineCase.objects.filter(scope).order_by("occurred_at", "id")
    return [
        row
        for row in rows
        if (cpf and row.person_cpf == cpf)
        or (
            document
            and row.person_document == document
            and normalize_person_name(row.person_name) == wanted
            and not (cpf and row.person_cpf)
        )
    ]


def clandestine_history(
    *, cpf: str, name: str, document: str, before: dt.datetime, exclude_pk: int | None = None
) -> list[PastSeizure]:
    """The person's earlier records that still stand, for Art. 62 §1: facts before
    `before`, annulled records (the commission found no clandestine transport) left out.
    """
    return [
        PastSeizure(
            occurred_on=timezone.localtime(row.occurred_at).date(),
            fine_vrte=row.fine_vrte,
            seizure_days=row.seizure_days,
            reference=row.number,
        )
        for row in clandestine_same_person(cpf=cpf, name=name, document=document)
        if row.occurred_at < before
        and row.pk != exclude_pk
        and row.state != ClandestineState.ANNULLED
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
