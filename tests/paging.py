"""Walking a list page by page, as a browser or an API client does (core.paging), and the
page parameters a hostile or careless client sends."""

from __future__ import annotations

import base64
import re

import pytest

# `?page=` is not a parameter of ours: whatever it says, the first page comes.
HOSTILE_PAGES = ["0", "-1", "1e999", "99999999999999999999", "abc", ""]


def _cursor(text: str) -> str:
    return base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


# Cursors this code never wrote: each answers 400 with what to do, never 500.
HOSTILE_CURSORS = [
    "abc",
    "0",
    "-1",
    "%%%",
    _cursor("9999-99-99|1"),
    _cursor("2026-03-02|99999999999999999999"),
    _cursor("2026-03-02T10:00:00|1"),  # a moment without its offset
    _cursor("2026-03-02T10:00:00-03:00|1|2"),
    _cursor("1e999|abc"),
]

hostile_pages = pytest.mark.parametrize("page", HOSTILE_PAGES)
hostile_cursors = pytest.mark.parametrize("cursor", HOSTILE_CURSORS)


def next_href(html: str) -> str | None:
    """The query string of the page's "next page" link, if it has one."""
    found = re.search(r'<a rel="next" href="\?([^"]+)"', html)
    return found.group(1).replace("&amp;", "&") if found else None


def next_link(response) -> str | None:  # type: ignore[no-untyped-def]
    """The URL of the API's `Link: <…>; rel="next"` header, if there is one."""
    found = re.match(r'<([^>]+)>; rel="next"', response.headers.get("Link", ""))
    return found.group(1) if found else None
