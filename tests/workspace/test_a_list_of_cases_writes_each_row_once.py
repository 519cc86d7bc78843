"""The lists of cases (the search, the commission's decisions, a register file) draw each
case's row in one writer (`web.presenters.case_list_rows`): its number linking the case,
its kind's and state's labels, its applicant linking his file, the day it was opened and
closed (issue 25: fifty rows through the template's nodes were a tenth of a broad search)."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse
from django.utils.translation import override

from cases.workflow import state_label
from tests.factories import AuthorizationFactory, SuspensionCaseFactory
from web import presenters
from web.presenters import case_list_rows

pytestmark = pytest.mark.django_db


def _row(html: str, number: str) -> str:
    start = html.index(f">{number}</a>")
    return html[html.rindex("<tr>", 0, start) : html.index("</tr>", start)]


def test_a_row_shows_the_case_as_the_search_finds_it(clerk_client):
    case = SuspensionCaseFactory(
        authorization=AuthorizationFactory(holder__name="Ana <b>Souza</b> & Filhos")
    )
    case.opened_at = dt.datetime(2026, 3, 1, 1, 30, tzinfo=dt.UTC)  # 28/02 in Mantenópolis
    case.save(update_fields=["opened_at"])

    html = clerk_client.get("/busca/", {"q": case.number, "status": "all"}).content.decode()
    row = _row(html, case.number)

    assert f'<a href="{reverse("case", args=[case.pk])}">{case.number}</a>' in row
    kind, state = case.get_kind_display(), state_label(case.kind, case.state)
    assert f"</a></td><td>{kind}</td><td>{state}</td>" in row
    driver_link = reverse("workspace-driver", args=[case.applicant_id])
    assert f'<a href="{driver_link}">Ana &lt;b&gt;Souza&lt;/b&gt; &amp; Filhos</a>' in row
    assert "<b>" not in row
    assert '<td class="hide-sm">28/02/2026</td><td class="hide-sm">—</td>' in row


def test_a_closed_case_shows_the_day_it_closed_and_a_case_without_applicant_a_dash():
    closed = SuspensionCaseFactory(closed_at=dt.datetime(2026, 5, 4, 13, tzinfo=dt.UTC))
    orphan = SuspensionCaseFactory(applicant=None)

    closed_row, orphan_row = (row.__html__() for row in case_list_rows([closed, orphan]))

    assert closed_row.endswith('<td class="hide-sm">04/05/2026</td></tr>')
    assert '<td class="hide-sm">—</td>' in orphan_row and "taxistas" not in orphan_row


def test_each_kind_and_state_is_translated_once_a_page(monkeypatch):
    cases = [SuspensionCaseFactory() for _ in range(3)]
    asked = []
    monkeypatch.setattr(
        presenters,
        "state_label",
        lambda kind, state: asked.append((kind, state)) or state_label(kind, state),
    )
    with override("en"):
        rows = case_list_rows(cases)
        assert {row.state for row in rows} == {state_label(cases[0].kind, cases[0].state)}
    assert asked == [(cases[0].kind, cases[0].state)]
