"""Issue 12 §2: the database itself refuses an amount the application could not read
back (a CHECK constraint holds in SQLite, which ignores max_digits, and in PostgreSQL)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.db import IntegrityError, transaction

from tests.clandestine.factories import ClandestineCaseFactory
from workflows.appeal.models import AppealCase, Vote
from workflows.clandestine.models import ClandestineCase, ClandestinePayment

pytestmark = pytest.mark.django_db


def test_art_62_iii_a_negative_cost_is_refused_by_the_database():
    case = ClandestineCaseFactory()
    with pytest.raises(IntegrityError), transaction.atomic():
        ClandestineCase.objects.filter(pk=case.pk).update(removal_cost=Decimal("-1.00"))
    assert ClandestineCase.objects.get(pk=case.pk).removal_cost is None


@pytest.mark.parametrize(
    ("model", "field", "limit"),
    [
        (ClandestineCase, "removal_cost", Decimal("1e10")),
        (ClandestineCase, "storage_cost", Decimal("1e10")),
        (ClandestineCase, "fine_vrte", Decimal("1e7")),
        (ClandestinePayment, "amount", Decimal("1e10")),
        (Vote, "fine_vrte", Decimal("1e7")),
        (AppealCase, "fine_kept_vrte", Decimal("1e7")),
    ],
)
def test_every_amount_column_carries_a_check_of_its_bound(model, field, limit):
    checks = [c for c in model._meta.constraints if f"'{field}__lt', Decimal(" in str(c.condition)]
    assert len(checks) == 1, model._meta.constraints
    assert f"Decimal('{limit:f}')" in str(checks[0].condition) or str(limit) in str(
        checks[0].condition
    )
    # And the model validator gives forms and full_clean the same bound.
    column = model._meta.get_field(field)
    assert any(
        getattr(v, "limit_value", None) == limit - Decimal("0.01") for v in column.validators
    )
