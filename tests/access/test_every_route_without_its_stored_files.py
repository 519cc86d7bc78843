"""A restore without the media volume (or a file deleted by hand) leaves rows whose file
is gone: every page that names such a row still answers — the page itself, or 404 for the
file — and never a server error. The routes are read from the URLconf, as the access walk
reads them, so a page added tomorrow that opens a stored file is tried too."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from rest_framework.test import APIClient

from accounts.policy import PUBLIC_ROUTES
from accounts.roles import Role
from tests.access import world as access_world
from tests.access.test_every_route import ROUTES_WITH_IDS, TARGET, _path

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("role", [Role.ADMINISTRATOR, Role.CLERK, Role.DRIVER])
def test_no_route_fails_on_a_file_missing_from_storage(role, settings):
    settings.RATELIMIT_ENABLE = False
    me, targets = access_world.build(role)
    media = Path(settings.MEDIA_ROOT)
    stored = [p for p in media.rglob("*") if p.is_file()]
    assert stored, "the world stores files (uploads, PDFs, AR scans, exports)"
    shutil.rmtree(media)
    client = APIClient(raise_request_exception=False)
    client.force_login(me)
    failed = []
    for name, route in ROUTES_WITH_IDS:
        if name in PUBLIC_ROUTES:
            continue
        for target in targets[TARGET[name]]:
            path = _path(route, target.kwargs)
            status = client.get(path).status_code
            if status >= 500:
                failed.append((path, name, target.label, status))
    assert failed == []
