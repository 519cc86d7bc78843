"""Issue 20 §1, the admin page row of the policy table (accounts.policy: only the
administrator): every model the Django admin shows — its list and the page of one of its
rows — opens for the administrator's staff account, and for no other role, whatever its
groups."""

from __future__ import annotations

import pytest
from django.contrib import admin
from django.urls import reverse

from accounts.policy import HANDLING, Record, may_reach
from accounts.roles import Role
from tests.access.world import ANONYMOUS, APPLICANT, ROLES, build
from tests.factories import DriverFactory, UserFactory

pytestmark = pytest.mark.django_db


def _pages() -> list[str]:
    pages = []
    for model in admin.site._registry:
        meta = model._meta
        pages.append(reverse(f"admin:{meta.app_label}_{meta.model_name}_changelist"))
        row = model._default_manager.order_by("pk").first()
        if row is not None:
            pages.append(reverse(f"admin:{meta.app_label}_{meta.model_name}_change", args=[row.pk]))
    return pages


def test_only_the_administrator_opens_the_admin(client):
    build(Role.CLERK)  # a row of most models, so that their pages exist
    pages = _pages()
    assert len(pages) > 40
    wrong = []
    for role in ROLES:
        client.logout()
        me = None
        if role != ANONYMOUS:
            me = (
                DriverFactory().user if role in (Role.DRIVER, APPLICANT) else UserFactory(role=role)
            )
            if may_reach(me, Record.ADMIN_PAGE, {HANDLING}):
                # The administrator's account is a staff account of the admin site.
                me.is_staff = me.is_superuser = True
                me.save()
            client.force_login(me)
        expected = me is not None and me.is_staff
        for page in pages:
            status = client.get(page).status_code
            if (status == 200) != expected:
                wrong.append((role, page, status))
    assert wrong == []
