"""The dashboard's figures are kept in the cache as text in the language they were counted
in (their key names it): a lazy translation kept there unpickles as a class built anew at
each page that reads them, and the garbage those classes leave made the collector pause
one page in eight at a million cases (issue 25)."""

from __future__ import annotations

import pickle

import pytest
from django.utils import timezone, translation
from django.utils.functional import Promise

from workspace import dashboard

pytestmark = pytest.mark.django_db


def _lazy_values(figures: dashboard.DashboardFigures) -> list[object]:
    found = []
    for table in figures.tables.values():
        cells = [table.title, *table.headers, *(c for row in table.rows for c in row)]
        cells += list(table.chart.values())
        found += [c for c in cells if isinstance(c, Promise)]
    return found


@pytest.mark.parametrize(("language", "title"), [("pt-br", "Frota e limite"), ("en", "Fleet")])
def test_the_kept_figures_are_text_in_their_language(clerk, language, title):
    today = timezone.localdate()
    with translation.override(language):
        figures = dashboard.dashboard_figures(clerk, today, dashboard.Period.last_months(today))
    assert _lazy_values(figures) == []
    assert b"_lazy_proxy_unpickle" not in pickle.dumps(figures)
    # Read back in another language, they still say what they said when counted.
    with translation.override("en" if language == "pt-br" else "pt-br"):
        kept = pickle.loads(pickle.dumps(figures))
        assert str(kept.tables["fleet"].title).startswith(title)
