"""core.paths.pk_path: the path of a route whose one argument is a primary key, the one
reverse() writes, for every route of the URLconf that takes one key (so a route added
tomorrow is covered), under a script prefix too."""

from __future__ import annotations

import pytest
from django.urls import NoReverseMatch, get_resolver, reverse, set_script_prefix
from django.urls.converters import IntConverter
from django.urls.resolvers import URLPattern, URLResolver

from core.paths import pk_path

KEYS = (1, 42, 9_000_000_000)


def _one_key_routes(resolver: URLResolver | None = None, prefix: str = "") -> list[str]:
    resolver = resolver or get_resolver()
    names = []
    for entry in resolver.url_patterns:
        if isinstance(entry, URLResolver):
            space = f"{entry.namespace}:" if entry.namespace else prefix
            names += _one_key_routes(entry, space)
        elif isinstance(entry, URLPattern) and entry.name:
            converters = list(entry.pattern.converters.values())
            if len(converters) == 1 and isinstance(converters[0], IntConverter):
                names.append(prefix + entry.name)
    return names


def test_every_one_key_route_is_written_as_reverse_writes_it():
    names = _one_key_routes()
    assert {"case", "workspace-driver", "workspace-vehicle", "workspace-authorization"} <= set(
        names
    )
    for name in names:
        for key in KEYS:
            assert pk_path(name, key) == reverse(name, args=[key]), name


def test_under_a_script_prefix():
    set_script_prefix("/taxi/")
    try:
        assert pk_path("case", 7) == reverse("case", args=[7]) == "/taxi/processos/7/"
    finally:
        set_script_prefix("/")
    assert pk_path("case", 7) == "/processos/7/"


def test_a_route_without_a_key_is_refused_as_reverse_refuses_it():
    with pytest.raises(NoReverseMatch):
        pk_path("workspace-search", 1)
