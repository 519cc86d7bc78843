from __future__ import annotations

import pytest

from tests.documents.helpers import local_cache, queued_renders  # noqa: F401 — fixtures


@pytest.fixture(autouse=True)
def _fresh_cache(local_cache):  # noqa: F811
    """Every test counts its requests from zero, in a cache of its own."""
    return local_cache


@pytest.fixture(autouse=True)
def _renders_stay_here(queued_renders):  # noqa: F811
    """No render task leaves for the shared Redis queue; tests render in process."""
    return queued_renders
