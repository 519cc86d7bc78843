"""The path of a route whose one argument is a primary key, for lists that link every
row: `pk_path("case", 42)` is `reverse("case", args=[42])`.

`reverse()` matches the route's pattern anew at each call (some 15 µs): a page of fifty
cases linking each case and its applicant spent a third of its template's time there
(issue 25, the broad name search). The path around the key is the same for every row, so
it is reversed once (per URLconf and script prefix) with a key no row has, and each row's
key is written between the two halves.
"""

from __future__ import annotations

from functools import lru_cache

from django.urls import get_script_prefix, get_urlconf, reverse

# A key reversed in place of a row's: digits that a real key's path never holds.
_PROBE = 918_273_645_546_372_819


@lru_cache(maxsize=256)
def _around(urlconf: object, prefix: str, name: str) -> tuple[str, str]:
    del prefix  # the cache's key: reverse() reads the current one
    path = reverse(name, args=[_PROBE], urlconf=urlconf)  # type: ignore[arg-type]
    head, found, tail = path.partition(str(_PROBE))
    if not found or str(_PROBE) in tail:
        raise ValueError(f"route {name!r} does not take one key")
    return head, tail


def pk_path(name: str, pk: int) -> str:
    """The path of route `name` for primary key `pk` (an int: a list's row, never input)."""
    head, tail = _around(get_urlconf(), get_script_prefix(), name)
    return f"{head}{int(pk)}{tail}"
