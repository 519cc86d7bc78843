"""`core.db.rows_by_key`: the rows of a model by one key, in a given order, read by a
statement written once per model, key and order (issue 25): the same instances, values
and order as the queryset `filter(key=value).order_by(*order)` gives."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from cases.models import AuditEvent, Case
from core.db import rows_by_key
from tests.factories import SuspensionCaseFactory

pytestmark = pytest.mark.django_db

FIELDS = [f.attname for f in AuditEvent._meta.concrete_fields]


def _events(case: Case) -> None:
    now = timezone.now()
    for hours, transition in ((2, "b"), (0, "a"), (2, "c")):
        AuditEvent.objects.create(
            case=case,
            at=now + dt.timedelta(hours=hours),
            to_state="filed",
            transition=transition,
            data={"n": hours},
        )


@pytest.mark.parametrize("order", [("at", "id"), ("-at", "id"), ("-at", "-id")])
def test_the_rows_are_the_querysets_in_its_order(order):
    case = SuspensionCaseFactory()
    _events(case)
    _events(SuspensionCaseFactory())  # another case's rows are not read
    read = list(rows_by_key(AuditEvent, "case", case.pk, order=order))
    orm = list(AuditEvent.objects.filter(case=case).order_by(*order))
    assert [[getattr(e, f) for f in FIELDS] for e in read] == [
        [getattr(e, f) for f in FIELDS] for e in orm
    ]
    assert len(read) == 3
    assert all(timezone.is_aware(e.at) for e in read)
    assert isinstance(read[0].data, dict)


def test_one_statement_whatever_the_rows_and_none_for_a_key_without_rows():
    case = SuspensionCaseFactory()
    _events(case)
    with CaptureQueriesContext(connection) as ctx:
        assert len(list(rows_by_key(AuditEvent, "case", case.pk, order=("at",)))) == 3
        assert list(rows_by_key(AuditEvent, "case", 0, order=("at",))) == []
    assert len(ctx.captured_queries) == 2


def test_a_child_model_is_refused_its_row_spans_its_parents_tables():
    with pytest.raises(TypeError, match="parents"):
        rows_by_key(type(SuspensionCaseFactory.build()), "applicant", 1, order=("id",))
