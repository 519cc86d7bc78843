"""Art. 52: two concurring votes decide; the decision says whose seat did not vote (not a
bare "por maioria"), and the member of that seat finds the decision on the commission's
page instead of nothing (issue 19, item 15)."""

from __future__ import annotations

import pytest
from django.test import Client

from cases.services.transitions import case_act
from tests.appeal.factories import filed_appeal
from tests.factories import PASSWORD
from workflows.appeal.models import AppealCase, Outcome

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_20_april_2026")]


@pytest.fixture(autouse=True)
def _first_offence_fined(settings):
    settings.FIRST_OFFENCE_WARNING = "as_well"  # a fine to decide on (Art. 59 I-II)


@pytest.fixture
def decided(members):
    appeal = filed_appeal()
    case_act(case=appeal, action="open_voting", actor=members[0])
    for member, reason in ((members[1], "Tabela visível."), (members[2], "Foto convincente.")):
        case_act(
            case=appeal,
            action="vote",
            actor=member,
            vote=Outcome.GRANTED,
            reason=reason,
            password=PASSWORD,
        )
    return AppealCase.objects.get(pk=appeal.pk)


def test_art_52_a_decision_by_two_votes_names_the_seat_that_did_not_vote(decided, members):
    absent = members[0].get_full_name() or members[0].username
    assert "por maioria de dois votos concordantes, sem o voto da cadeira I" in decided.summary
    assert absent in decided.summary


def test_art_52_the_third_seat_sees_the_decision_on_the_commission_page(decided, members):
    client = Client()
    client.force_login(members[0])
    html = client.get("/comissao/").content.decode()
    assert decided.number in html
    assert "sem o voto da cadeira I" in html
