"""Bounds a database enforces on its own, for the columns SQLite would otherwise overrun.

SQLite ignores a DecimalField's max_digits: it stores a twenty-digit amount that Django
then cannot read back (every later read of the case fails). A CHECK constraint holds the
bound in PostgreSQL and SQLite alike; the validator gives forms and `full_clean` the same
limit with a message.
"""

from __future__ import annotations

from decimal import Decimal

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models


def decimal_limit(max_digits: int, decimal_places: int = 2) -> Decimal:
    """The smallest value that no longer fits the column."""
    return Decimal(10) ** (max_digits - decimal_places)


def amount_validators(max_digits: int, decimal_places: int = 2) -> list:
    """A non-negative amount that fits the column (model validators)."""
    limit = decimal_limit(max_digits, decimal_places)
    return [
        MinValueValidator(Decimal(0)),
        MaxValueValidator(limit - Decimal(1).scaleb(-decimal_places)),
    ]


def amount_fits(
    field: str, *, max_digits: int, decimal_places: int = 2, name: str
) -> models.CheckConstraint:
    """A CHECK that `field` is empty or a non-negative amount the column can hold."""
    limit = decimal_limit(max_digits, decimal_places)
    return models.CheckConstraint(
        condition=models.Q(**{f"{field}__isnull": True})
        | models.Q(**{f"{field}__gte": 0, f"{field}__lt": limit}),
        name=name,
    )
