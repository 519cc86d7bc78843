"""The amounts of the clandestine records (Arts. 54, 62): money typed in, the VRTE of a
year, and the date bounds of what is done about a record (issue 19)."""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _l

from cases.errors import RuleViolation
from cases.models import Case
from core.dates import UNDER_THE_LAW
from registers.models import VrteValue
from workflows.clandestine.models import (
    ClandestineCase,
)

# Issue 19: what is paid or done about a record is not dated before it. A payment towards
# the fine of Art. 62 comes after the record (its `noticed_on`); the referral to the
# police (Art. 62 IV) not before the facts were found.
PAID_AFTER = UNDER_THE_LAW.after("noticed_on", _l("a autuação"))
REFERRED_AFTER = UNDER_THE_LAW.after("occurred_at", _l("a constatação dos fatos"))


def clandestine_of(case: Case) -> ClandestineCase:
    """The case as its kind's row, whose facts the dates are checked against."""
    if isinstance(case, ClandestineCase):
        return case
    return ClandestineCase.objects.get(pk=case.pk)
SEIZURE_END = "clandestine.seizure_end"
PENALTY_RECOMPUTED = "penalty_recomputed"
CENTS = Decimal("0.01")



def reais(value: Decimal) -> str:
    text = f"{value:,.2f}".replace(",", "_").replace(".", ",").replace("_", ".")
    return f"R$ {text}"


MONEY_LIMIT = Decimal(10) ** 10


def money(value: object, *, label: str) -> Decimal:
    """An amount in reais as typed at the counter: "1.234,56", "1234.56" or a Decimal."""
    if isinstance(value, Decimal):
        amount = value
    else:
        text = re.sub(r"[R$\s]", "", str(value or ""))
        if "," in text:
            text = text.replace(".", "").replace(",", ".")
        try:
            amount = Decimal(text)
        except InvalidOperation:
            raise RuleViolation(
                _("Valor inválido em “%(label)s”: %(value)s.") % {"label": label, "value": value}
            ) from None
    # The columns hold 12 digits with 2 places; SQLite would store more and fail on reading.
    if (
        not amount.is_finite()
        or amount < 0
        or amount >= MONEY_LIMIT
        or amount != amount.quantize(CENTS)
    ):
        raise RuleViolation(
            _("Valor inválido em “%(label)s”: %(value)s.") % {"label": label, "value": value}
        )
    return amount


def vrte_of(year: int) -> Decimal | None:
    """Art. 54: the value of one VRTE in the year, as the administrator recorded it."""
    return VrteValue.objects.filter(year=year).values_list("value", flat=True).first()
