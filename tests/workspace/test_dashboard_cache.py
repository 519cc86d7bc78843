"""The dashboard's figures are counted at most once every DASHBOARD_CACHE_SECONDS for the
same scope, period and language (issue 25: at a million cases the live counts took 0.4 s a
page); the page says when they were counted, and its exports come from the same figures."""

from __future__ import annotations

import csv
import io
from decimal import Decimal

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from registers.models import PointRecord
from tests.factories import ViolationNoticeFactory
from workspace.tasks import refresh_dashboard_figures

pytestmark = pytest.mark.django_db

LOCAL_CACHE = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}


@pytest.fixture
def kept(settings):
    settings.CACHES = {
        "default": {**LOCAL_CACHE["default"], "LOCATION": "dashboard-cache-test"}
    }
    settings.DASHBOARD_CACHE_SECONDS = 300
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()


def _near_the_limit(authorization, points):
    notice = ViolationNoticeFactory(authorization=authorization)
    PointRecord.objects.create(
        driver=authorization.holder, violation=notice, on=timezone.localdate(),
        points=Decimal(points), article="Art. 56",
    )


def _points_csv(client):
    body = client.get("/painel/exportar/points.csv").content.decode("utf-8-sig")
    return list(csv.reader(io.StringIO(body), delimiter=";"))[1:]


def test_art_59_v_d_a_new_point_record_shows_after_the_kept_figures_expire(
    client, clerk, authorization, kept, settings
):
    client.force_login(clerk)
    first = client.get("/painel/")
    assert first.status_code == 200
    assert 'id="figures-as-of"' in first.content.decode()
    assert authorization.holder.name not in first.content.decode()

    _near_the_limit(authorization, "18")  # 18 of the 20 of Art. 59 V d: near the limit

    # Within the time the figures are kept, the page and its export show the same ones.
    assert authorization.holder.name not in client.get("/painel/").content.decode()
    assert _points_csv(client) == []

    # Counted at every request (DASHBOARD_CACHE_SECONDS = 0), the record shows at once.
    settings.DASHBOARD_CACHE_SECONDS = 0
    assert authorization.holder.name in client.get("/painel/").content.decode()
    assert [row[0] for row in _points_csv(client)] == [authorization.holder.name]


def test_the_figures_are_kept_per_language(client, clerk, kept):
    client.force_login(clerk)
    portuguese = client.get("/painel/").content.decode()
    english = client.get("/painel/", HTTP_ACCEPT_LANGUAGE="en").content.decode()

    assert "Processos abertos e encerrados por mês" in portuguese
    assert "Cases opened and closed per month" in english


def test_the_worker_counts_the_opening_figures_again_before_they_expire(
    client, clerk, authorization, kept
):
    # Given the page's figures counted and kept, then a driver near the limit of Art. 59 V d
    client.force_login(clerk)
    assert authorization.holder.name not in client.get("/painel/").content.decode()
    _near_the_limit(authorization, "18")

    # When the beat's task counts the opening figures again, in both languages
    assert refresh_dashboard_figures() == 2

    # Then the page, in either language, shows the new record without counting anything
    for language in ("pt-br", "en"):
        refresh_dashboard_figures()
        with CaptureQueriesContext(connection) as queries:
            body = client.get("/painel/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
        assert authorization.holder.name in body
        assert not [q for q in queries if "registers_pointrecord" in q["sql"]]
        # drawn by the worker as the page draws it
        cache.clear()
        assert _panels(client.get("/painel/", HTTP_ACCEPT_LANGUAGE=language)) == _panels(body)


def _panels(page):
    body = page if isinstance(page, str) else page.content.decode()
    return body[body.index('<section class="card panel"') : body.rindex("</section>")]


def test_without_the_cache_the_worker_counts_nothing(clerk, settings):
    settings.DASHBOARD_CACHE_SECONDS = 0
    assert refresh_dashboard_figures() == 0
