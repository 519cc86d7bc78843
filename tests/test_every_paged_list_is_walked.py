"""Every list given a page at a time (`core.paging`) is walked to its end and sent hostile
page parameters by a test (tests/paging.py): found from the URLconf and the views' own
source, so a paged list added tomorrow fails here until a test module describes it with a
`Listing` (issue 25, and the last review: prove it by generation, not by example)."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

from django.urls import URLPattern, URLResolver, get_resolver

TESTS = Path(__file__).resolve().parent
PAGED = re.compile(r"\b(web|api)_keyset_page\(")


def _views(patterns=None, prefix=""):  # type: ignore[no-untyped-def]
    for pattern in patterns if patterns is not None else get_resolver().url_patterns:
        if isinstance(pattern, URLResolver):
            yield from _views(pattern.url_patterns, prefix + str(pattern.pattern))
        elif isinstance(pattern, URLPattern):
            callback = pattern.callback
            view = getattr(callback, "view_class", None) or callback
            yield "/" + prefix + str(pattern.pattern), inspect.unwrap(view)


def _source(view) -> str:  # type: ignore[no-untyped-def]
    try:
        return inspect.getsource(view)
    except OSError:
        # A class made at run time (a kind's generated filing page) has no source of its
        # own: it pages nothing.
        return ""


def paged_routes() -> list[str]:
    return sorted(
        route for route, view in _views() if "<" not in route and PAGED.search(_source(view))
    )


def described_listings() -> set[str]:
    """The paths and API paths described as `Listing`s by the test modules that send them
    the hostile parameters (a class inheriting `RefusesHostilePageParameters`, or
    `RefusesHostileApiPageParameters` for a list the API alone gives)."""
    found: set[str] = set()
    for module in TESTS.rglob("test_*.py"):
        text = module.read_text()
        if "(RefusesHostilePageParameters" not in text and "(RefusesHostileApiPage" not in text:
            continue
        for block in re.findall(r"Listing\((.*?)\)\n", text, flags=re.S):
            found.update(re.findall(r'(?:path|api)\s*=\s*"([^"]+)"', block))
    return found


def test_the_paged_lists_are_found():
    # The lists paged today, so that a search that finds nothing cannot pass.
    assert {"/correio/a-postar/", "/api/notifications/", "/api/appeals/"} <= set(paged_routes())


def test_every_paged_list_has_a_listing_that_walks_it_and_sends_it_hostile_parameters():
    assert [route for route in paged_routes() if route not in described_listings()] == []
