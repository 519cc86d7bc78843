"""A search whose words name more drivers than `workspace.search.FEW` (issue 25: "condutor
12" names 20,000 of 250,000 drivers at a million cases) walks the cases newest first,
testing each one's applicant and its Termo's holder by the names the case keeps, and does
not count them: the same cases in the same order as the lists of ids found, the
page says whether more follow, and no statement hands on the drivers' ids."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from accounts.roles import Role
from tests.factories import AuthorizationFactory, SuspensionCaseFactory, UserFactory
from workspace import search as search_module
from workspace.search import CaseFilter, Matches, search

pytestmark = pytest.mark.django_db


@pytest.fixture
def clerk():
    return UserFactory(role=Role.CLERK)


@pytest.fixture
def souzas():
    """Five drivers named Souza with two cases each; a case Lima filed on Souza 0's Termo
    (named by its holder, not its applicant); a case of Lima's own."""
    cases = []
    for n in range(5):
        authorization = AuthorizationFactory(holder__name=f"Souza {n}")
        cases += [SuspensionCaseFactory(authorization=authorization) for _ in range(2)]
    lima = SuspensionCaseFactory(authorization=AuthorizationFactory(holder__name="Lima"))
    cases.append(
        SuspensionCaseFactory(authorization=cases[0].authorization, applicant=lima.applicant)
    )
    return cases


def _numbers(user, q, page=1, per_page=50):
    found = search(user=user, filters=CaseFilter(q=q, status="all"), page=page, per_page=per_page)
    return [case.number for case in found.page.rows], found


def test_the_broad_walk_finds_what_the_lists_find_in_the_same_order(
    clerk, souzas, monkeypatch
):
    listed, found = _numbers(clerk, "souza")
    assert not Matches(clerk, "souza").broad
    assert sorted(listed) == sorted(c.number for c in souzas) and found.page.total == 11

    monkeypatch.setattr(search_module, "FEW", 2)
    assert Matches(clerk, "souza").broad
    walked, found = _numbers(clerk, "souza")

    assert walked == listed
    assert (found.page.total, found.page.capped, found.page.has_next) == (11, False, False)
    assert {d.name for d in found.hits.drivers} == {f"Souza {n}" for n in range(5)}
    assert len(found.hits.authorizations) == 5


def test_a_broad_page_reads_one_row_more_to_say_another_follows(clerk, souzas, monkeypatch):
    listed, _ = _numbers(clerk, "souza")
    monkeypatch.setattr(search_module, "FEW", 2)

    first, found = _numbers(clerk, "souza", page=1, per_page=4)
    assert first == listed[:4]
    assert (found.page.capped, found.page.has_next, found.page.walked) == (True, True, True)
    third, found = _numbers(clerk, "souza", page=3, per_page=4)
    assert third == listed[8:11]
    assert (found.page.capped, found.page.has_next) == (False, False)
    # A page past the end answers the first.
    beyond, found = _numbers(clerk, "souza", page=9, per_page=4)
    assert beyond == listed[:4] and found.page.number == 1


def test_a_broad_search_counts_nothing_and_hands_on_no_driver_ids(
    clerk, souzas, monkeypatch
):
    monkeypatch.setattr(search_module, "FEW", 2)
    with CaptureQueriesContext(connection) as ctx:
        _numbers(clerk, "souza")
    statements = [q["sql"] for q in ctx.captured_queries]
    assert not any("COUNT(" in sql for sql in statements)
    assert not any('"applicant_id" = ANY' in sql or '"applicant_id" IN' in sql
                   for sql in statements)


def test_a_driver_sees_only_his_own_cases_however_broad_the_words(souzas, monkeypatch):
    """The walk is for those who see every driver and Termo; a driver's search keeps his
    scope (his own cases), however many drivers the words would name."""
    monkeypatch.setattr(search_module, "FEW", 2)
    mine = souzas[0]
    user = UserFactory(role=Role.DRIVER)
    mine.authorization.holder.user = user
    mine.authorization.holder.save()

    assert not Matches(user, "souza").broad
    found, _ = _numbers(user, "souza")
    # His two cases, and the one Lima filed on his Termo.
    assert set(found) == {souzas[0].number, souzas[1].number, souzas[10].number}


def test_the_search_page_shows_a_broad_page_without_a_total(client, clerk, souzas, monkeypatch):
    monkeypatch.setattr(search_module, "FEW", 2)
    monkeypatch.setattr(search_module, "SEARCH_PAGE_SIZE", 4)
    client.force_login(clerk)
    html = client.get("/busca/", {"q": "souza", "status": "all"}).content.decode()
    assert "1–4 (há mais; refine a busca)" in html
    assert 'rel="next"' in html and " de " not in html.split('class="pager"')[1][:80]


def test_the_commission_walks_the_cases_before_it_and_finds_what_the_lists_find(monkeypatch):
    """Art. 52: the commission reads the drivers and Termos of the cases before it, so a
    broad search may test those cases' applicants row by row; a Souza whose only case is
    not before the commission is found neither way."""
    import datetime as dt

    import time_machine

    from tests.appeal.factories import filed_appeal, notified_notice

    member = UserFactory(role=Role.COMMISSION_MEMBER)
    for n in range(3):
        authorization = AuthorizationFactory(holder__name=f"Souza {n}")
        notice = notified_notice(authorization=authorization)
        with time_machine.travel(dt.datetime(2026, 4, 10, 12, tzinfo=dt.UTC), tick=False):
            filed_appeal(notice, actor=authorization.holder.user or UserFactory())
    elsewhere = SuspensionCaseFactory(authorization=AuthorizationFactory(holder__name="Souza 9"))

    listed, found = _numbers(member, "souza")
    assert not Matches(member, "souza").broad
    monkeypatch.setattr(search_module, "FEW", 1)
    assert Matches(member, "souza").broad
    walked, walked_found = _numbers(member, "souza")

    assert walked == listed and len(walked) == 6  # three appeals and their notices
    assert elsewhere.number not in walked
    assert {d.name for d in walked_found.hits.drivers} == {d.name for d in found.hits.drivers}


def test_the_commission_asks_broadness_of_the_register_and_is_shown_only_its_cases_parties(
    monkeypatch,
):
    """Art. 52: whether the words are broad is asked of the whole register (a count, not a
    driver: the commission's scope asked of each driver named cost 0.2 s at a million
    cases); the drivers and Termos shown beside the page are still only the parties of
    the cases before it, taken from the cases found, not the register scoped row by row."""
    import datetime as dt

    import time_machine

    from tests.appeal.factories import filed_appeal, notified_notice

    member = UserFactory(role=Role.COMMISSION_MEMBER)
    judged = AuthorizationFactory(holder__name="Souza 0")
    notice = notified_notice(authorization=judged)
    with time_machine.travel(dt.datetime(2026, 4, 10, 12, tzinfo=dt.UTC), tick=False):
        filed_appeal(notice, actor=judged.holder.user or UserFactory())
    elsewhere = [
        SuspensionCaseFactory(authorization=AuthorizationFactory(holder__name=f"Souza {n}"))
        for n in range(1, 4)
    ]
    # Not broad: the four drivers named in the register are handed on as a list, and
    # only the cases before the commission, and their parties, are found.
    listed, found = _numbers(member, "souza")
    assert not Matches(member, "souza").broad and len(listed) == 2
    assert [d.name for d in found.hits.drivers] == ["Souza 0"]
    assert [a.pk for a in found.hits.authorizations] == [judged.pk]
    monkeypatch.setattr(search_module, "FEW", 2)

    matches = Matches(member, "souza")
    with CaptureQueriesContext(connection) as ctx:
        assert matches.broad and matches.through_its_cases
    # One probe of the register (beside the user's roles), no case read for it.
    statements = [q["sql"] for q in ctx.captured_queries]
    assert [sql for sql in statements if "registers_driver" in sql] == statements[-1:]
    assert not any("cases_case" in sql for sql in statements)

    walked, found = _numbers(member, "souza")
    assert walked == listed  # the appeal and its notice
    assert not {case.number for case in elsewhere} & set(walked)
    assert [d.name for d in found.hits.drivers] == ["Souza 0"]
    assert [a.pk for a in found.hits.authorizations] == [judged.pk]
    assert found.hits.vehicles == []  # plates are the staff's to search


def test_a_broad_walk_tests_the_names_the_case_keeps_and_reads_no_other_row(
    clerk, souzas, monkeypatch
):
    """The walk tests each case's applicant and Termo holder by the keys of their names
    kept on the case's own row (`Case.applicant_key`, `Case.holder_key`, issue 25): no
    Termo read for a case, and a case with no applicant is found by its holder alone."""
    unnamed = SuspensionCaseFactory(authorization=souzas[2].authorization, applicant=None)
    listed, _ = _numbers(clerk, "souza")
    assert unnamed.number in listed
    monkeypatch.setattr(search_module, "FEW", 2)

    with CaptureQueriesContext(connection) as ctx:
        walked, found = _numbers(clerk, "souza")

    assert walked == listed and found.page.total == 12
    (page,) = [q["sql"] for q in ctx.captured_queries if 'FROM "cases_case"' in q["sql"]]
    where = page[page.index(" WHERE ") :]
    assert '"applicant_key"' in where and '"holder_key"' in where
    assert "registers_" not in where  # neither the driver's nor the Termo's row is asked
