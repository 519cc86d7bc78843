"""Gap-free numbering: the next number of a series kept in a counter row.

The row is created once per series key; afterwards its UPDATE lock serialises the callers,
so a rolled-back transaction gives its number back and the series has no gaps. Call it in
the transaction that writes what the number is for.
"""

from __future__ import annotations

from typing import Any

from django.db import models


def sequence_next(model: type[models.Model], **key: Any) -> int:
    """Increment and return the `last` field of `model`'s row for `key`."""
    model.objects.bulk_create([model(last=0, **key)], ignore_conflicts=True)  # type: ignore[attr-defined]
    counter = model.objects.select_for_update().get(**key)  # type: ignore[attr-defined]
    counter.last += 1
    counter.save(update_fields=["last"])
    return int(counter.last)
