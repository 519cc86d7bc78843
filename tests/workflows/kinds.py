"""The case kinds installed today, read from INSTALLED_APPS (each a sub-app of `workflows`)."""

from __future__ import annotations

from django.apps import apps


def installed_kind_apps() -> list[str]:
    """The module of every installed case kind: `workflows.<label>`."""
    return sorted(
        config.name
        for config in apps.get_app_configs()
        if config.name.startswith("workflows.") and config.name.count(".") == 1
    )
