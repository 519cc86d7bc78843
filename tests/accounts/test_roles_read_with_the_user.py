"""A signed-in user's roles come with him, in the statement that reads him from the
session (accounts.authentication.UserWithRolesBackend, issue 13), and still count from
the very next request when they change."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Group
from django.db import connection
from django.test.utils import CaptureQueriesContext

from accounts.roles import Role
from tests.factories import SuspensionCaseFactory, UserFactory

pytestmark = pytest.mark.django_db


def _get(client, path: str):  # type: ignore[no-untyped-def]
    with CaptureQueriesContext(connection) as ctx:
        response = client.get(path)
    return response, [q["sql"] for q in ctx.captured_queries]


def test_a_clerks_request_reads_his_roles_with_him(client, clerk):
    case = SuspensionCaseFactory()
    client.force_login(clerk)
    response, statements = _get(client, f"/api/cases/{case.pk}/")
    assert response.status_code == 200  # the clerk's role let him read the case
    user_reads = [s for s in statements if 'FROM "accounts_user"' in s]
    assert len(user_reads) == 1 and '"auth_group"' in user_reads[0]
    assert not any(s.lstrip().startswith('SELECT "auth_group"') for s in statements)


def test_a_role_taken_away_counts_from_the_next_request(client, clerk):
    case = SuspensionCaseFactory()
    client.force_login(clerk)
    assert client.get(f"/api/cases/{case.pk}/").status_code == 200
    clerk.groups.remove(Group.objects.get(name=Role.CLERK))
    # No role: no relation of the access policy reaches a case, the route is closed to him.
    assert client.get(f"/api/cases/{case.pk}/").status_code == 403


def test_a_role_given_counts_from_the_next_request(client):
    case = SuspensionCaseFactory()
    user = UserFactory(username="novo.servidor")
    client.force_login(user)
    assert client.get(f"/api/cases/{case.pk}/").status_code == 403
    user.groups.add(Group.objects.get_or_create(name=Role.CLERK)[0])
    assert client.get(f"/api/cases/{case.pk}/").status_code == 200


def test_a_superuser_is_an_administrator_and_a_deactivated_user_is_signed_out(client):
    admin = UserFactory(username="root", is_superuser=True)
    client.force_login(admin)
    case = SuspensionCaseFactory()
    assert client.get(f"/api/cases/{case.pk}/").status_code == 200
    admin.is_active = False
    admin.save(update_fields=["is_active"])
    assert client.get(f"/api/cases/{case.pk}/").status_code == 401
