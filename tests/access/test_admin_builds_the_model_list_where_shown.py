"""Issue 25: the admin builds its list of every app and model only on the pages that show
it (the index, an app's index); a list page — the LGPD read log's — with the models'
sidebar off does not, though Django's context for every admin page asks for it."""

from __future__ import annotations

import pytest
from django.contrib import admin
from django.contrib.admin import AdminSite

from accounts.models import PersonalDataAccess
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def built(monkeypatch) -> list[str | None]:
    """The app labels Django's own `get_app_list` was asked to build, in order."""
    calls: list[str | None] = []
    django_get_app_list = AdminSite.get_app_list

    def counted(self, request, app_label=None):  # type: ignore[no-untyped-def]
        calls.append(app_label)
        return django_get_app_list(self, request, app_label)

    monkeypatch.setattr(AdminSite, "get_app_list", counted)
    return calls


@pytest.fixture
def administrator(client):
    client.force_login(UserFactory(username="raiz", is_staff=True, is_superuser=True))
    return client


def test_the_read_log_list_does_not_build_the_model_list(administrator, built):
    assert not admin.site.enable_nav_sidebar
    assert PersonalDataAccess in admin.site._registry
    response = administrator.get("/admin/accounts/personaldataaccess/")
    assert response.status_code == 200
    assert built == []


def test_the_index_pages_list_the_models(administrator, built):
    index = administrator.get("/admin/").content.decode()
    assert "/admin/accounts/personaldataaccess/" in index
    assert built == [None]
    app = administrator.get("/admin/accounts/").content.decode()
    assert "/admin/accounts/personaldataaccess/" in app
    assert built == [None, "accounts"]
    assert administrator.get("/admin/nenhum/").status_code == 404
