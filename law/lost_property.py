"""Objects left in a taxi, Art. 37 XVIII, as pure functions.

"Entregar ao Poder Executivo Municipal, no prazo de 2 (dois) dias úteis, qualquer objeto
esquecido no veículo, mediante recibo." The two business days are counted as the CPC
counts (start day excluded, business days only, a start on a day without office hours
taken as the next business day; see :func:`law.deadlines.count_start`) from the day the
object was found.
"""

from __future__ import annotations

import datetime as dt
from typing import Final

from law._dates import require_date
from law.calendar import Calendar
from law.deadlines import LOST_PROPERTY_HANDING_IN, LOST_PROPERTY_HANDING_IN_DAYS, due_date
from law.errors import LawError
from law.i18n import N_

ART_37_XVIII: Final = LOST_PROPERTY_HANDING_IN.article

HANDING_IN_BUSINESS_DAYS: Final = LOST_PROPERTY_HANDING_IN_DAYS
"""Art. 37 XVIII: "no prazo de 2 (dois) dias úteis" (``law.deadlines.LOST_PROPERTY_HANDING_IN``)."""

RETURNED: Final = "returned"
"""Given back to its owner."""
DONATED: Final = "donated"
DISCARDED: Final = "discarded"
OTHER_BODY: Final = "other_body"
"""Passed on to another public body (documents to their issuer, e.g.)."""
DESTINATIONS: Final = (RETURNED, DONATED, DISCARDED, OTHER_BODY)


def handing_in_due(found_on: dt.date, calendar: Calendar) -> dt.date:
    """Art. 37 XVIII: the last day to hand in an object found on ``found_on``."""
    return due_date(LOST_PROPERTY_HANDING_IN, require_date(found_on, "found_on"), calendar)


def check_found_on(*, found_on: dt.date, today: dt.date) -> None:
    """Art. 37 XVIII: an object is found on a past day or today."""
    if require_date(found_on, "found_on") > require_date(today, "today"):
        raise LawError(
            N_("O dia em que o objeto foi encontrado (%(day)s) não pode ser futuro."),
            article=ART_37_XVIII,
            day=f"{found_on:%d/%m/%Y}",
        )


def check_handed_in_on(*, found_on: dt.date, handed_in_on: dt.date, today: dt.date) -> None:
    """Art. 37 XVIII: the object is handed in after it was found, and not in the future."""
    check_found_on(found_on=found_on, today=today)
    if require_date(handed_in_on, "handed_in_on") > today:
        raise LawError(
            N_("A data da entrega (%(day)s) não pode ser futura."),
            article=ART_37_XVIII,
            day=f"{handed_in_on:%d/%m/%Y}",
        )
    if handed_in_on < found_on:
        raise LawError(
            N_("O objeto não pode ser entregue (%(handed)s) antes de ser encontrado (%(found)s)."),
            article=ART_37_XVIII,
            handed=f"{handed_in_on:%d/%m/%Y}",
            found=f"{found_on:%d/%m/%Y}",
        )


def is_late(*, found_on: dt.date, handed_in_on: dt.date, calendar: Calendar) -> bool:
    """Art. 37 XVIII: whether the object was handed in after the two business days."""
    return require_date(handed_in_on, "handed_in_on") > handing_in_due(found_on, calendar)


def check_destination(*, destination: str, owner_name: str, owner_document: str) -> None:
    """The end of the register's row: returned to its identified owner, or a destination."""
    if destination not in DESTINATIONS:
        raise LawError(N_("Destinação inválida para o objeto."), article=ART_37_XVIII)
    if destination == RETURNED and not (owner_name.strip() and owner_document.strip()):
        raise LawError(
            N_("Para devolver o objeto, informe o nome e o documento de quem o recebe."),
            article=ART_37_XVIII,
        )
