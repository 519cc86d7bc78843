"""LGPD Art. 37: the read log's row names who read, whose data and which case — and
writing it writes nothing to them. A database constraint on those references made every
logged read check each of them at commit and lock it (FOR KEY SHARE), which marks the
row itself: each page view dirtied the case's, the driver's and the reader's rows (half
the log insert's time, and every clerk's page a write on his own account row). The
references are kept by the application instead: a user, driver or case the log names is
never deleted (PROTECT)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.models import ProtectedError

from accounts.models import PersonalDataAccess
from accounts.roles import Role
from accounts.services import personal_data_read_case
from tests.factories import SuspensionCaseFactory, UserFactory

pytestmark = pytest.mark.django_db(transaction=True)


def _marks(rows: dict[str, int]) -> dict[str, str]:
    """Each row's xmax: the last transaction that deleted, updated or locked it."""
    marks = {}
    with connection.cursor() as cursor:
        for table, pk in rows.items():
            cursor.execute(f"SELECT xmax::text FROM {table} WHERE id = %s", [pk])  # noqa: S608
            marks[table] = cursor.fetchone()[0]
    return marks


def test_a_logged_read_writes_nothing_to_the_case_the_driver_or_the_reader():
    reader = UserFactory(role=Role.CLERK)
    case = SuspensionCaseFactory()
    named = {
        "cases_case": case.pk,
        "registers_driver": case.applicant_id,
        "accounts_user": reader.pk,
    }
    before = _marks(named)
    personal_data_read_case(actor=reader, case=case, channel="page", path="/p/")
    assert _marks(named) == before
    row = PersonalDataAccess.objects.get(case=case)
    assert (row.user_id, row.driver_id) == (reader.pk, case.applicant_id)


def test_a_user_driver_or_case_the_log_names_is_never_deleted():
    reader = UserFactory(role=Role.CLERK)
    case = SuspensionCaseFactory()
    personal_data_read_case(actor=reader, case=case, channel="page", path="/p/")
    for named in (case.applicant, reader):
        with pytest.raises(ProtectedError):
            named.delete()
    assert PersonalDataAccess.objects.filter(case=case, user=reader).count() == 1
