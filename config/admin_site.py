"""The admin site: Django's, with the models' sidebar off and the list of every model
built only where a page shows it.

Installed in place of `django.contrib.admin` (`AdminConfig.default_site`, Django's
documented way to replace the default site), so `admin.site` and `@admin.register` are this
site's.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from django.contrib import admin
from django.contrib.admin.apps import AdminConfig as DjangoAdminConfig
from django.http import HttpRequest
from django.utils.functional import SimpleLazyObject


class AdminSite(admin.AdminSite):
    # Without the sidebar of every model (Django's documented switch): it drew 38 models'
    # links beside each list, a third of the LGPD read log's page (issue 25); the admin's
    # index and breadcrumbs lead to the same places.
    enable_nav_sidebar = False

    def get_app_list(self, request: HttpRequest, app_label: str | None = None) -> Any:
        """Django's list of apps and models, built when a template reads it. Every page's
        context asks for it (`each_context`'s `available_apps`) for the sidebar alone,
        which is off: its 38 models' permissions, addresses and translated names were a
        fifth of the LGPD read log's page, more than a whole answer of the trivial
        endpoint (issue 25). The index pages read it, and there it is built."""
        return SimpleLazyObject(partial(super().get_app_list, request, app_label))


class AdminConfig(DjangoAdminConfig):
    default_site = "config.admin_site.AdminSite"
