"""A fiscal agent — only an agent (Arts. 41, 46) — turns a forwarded complaint into
violation notices, prefilled with the complaint's taxi, place and time; it links to them."""

from __future__ import annotations

import pytest

from cases.errors import NotPermitted, RuleViolation, StateConflict
from cases.models import AuditEvent
from tests.complaint.factories import ComplaintCaseFactory
from tests.factories import PASSWORD
from workflows.complaint.models import ComplaintCase, ComplaintState
from workflows.complaint.services import complaint_convert
from workflows.violation.models import ViolationNotice, ViolationState

pytestmark = pytest.mark.django_db


def test_an_agent_converts_a_forwarded_complaint_into_a_linked_notice_art46(agent):
    complaint = ComplaintCaseFactory(forwarded=True)

    converted, [notice] = complaint_convert(
        case=complaint, actor=agent, items=["XVI"], conductor="holder", password=PASSWORD
    )

    assert converted.state == ComplaintState.CONVERTED and converted.closed_at is not None
    assert list(converted.notices.all()) == [notice]
    notice = ViolationNotice.objects.get()
    assert (notice.state, notice.item, notice.agent, notice.offender) == (
        ViolationState.ISSUED,
        "XVI",
        agent,
        complaint.taxi.holder,
    )
    assert (notice.authorization, notice.place, notice.occurred_at) == (
        complaint.taxi,
        complaint.place,
        complaint.occurred_at,
    )
    assert notice.description == (
        f"Lavrado a partir da reclamação de passageiro nº {complaint.number}."
    )
    assert list(
        AuditEvent.objects.filter(case=complaint).values_list("transition", "to_state", "data")
    ) == [("convert", "converted", {"notices": [notice.number]})]


def test_two_items_make_two_notices_both_linked_art51(agent):
    complaint = ComplaintCaseFactory(forwarded=True)

    converted, notices = complaint_convert(
        case=complaint,
        actor=agent,
        items=["IX", "XVI"],
        conductor="unidentified",
        place="Rodoviária, ponto 2 (conferido)",
        password=PASSWORD,
    )

    assert [n.item for n in notices] == ["IX", "XVI"]
    assert set(converted.notices.all()) == set(notices)
    assert {n.place for n in notices} == {"Rodoviária, ponto 2 (conferido)"}
    assert {n.offender for n in notices} == {None}


def test_a_clerk_cannot_issue_notices_from_a_complaint_art41(clerk):
    complaint = ComplaintCaseFactory(forwarded=True)

    with pytest.raises(NotPermitted) as refused:
        complaint_convert(
            case=complaint, actor=clerk, items=["XVI"], conductor="holder", password=PASSWORD
        )

    assert refused.value.article == "Art. 41"
    assert not ViolationNotice.objects.exists()
    assert ComplaintCase.objects.get(pk=complaint.pk).state == ComplaintState.FORWARDED


def test_a_clerk_gets_403_with_the_article_from_the_api_art41(api, clerk):
    complaint = ComplaintCaseFactory(forwarded=True)

    response = api(clerk).post(
        f"/api/complaints/{complaint.pk}/convert/",
        {"items": ["XVI"], "conductor": "holder"},
        format="json",
    )

    assert response.status_code == 403
    assert response.json()["article"] == "Art. 41"
    assert not ViolationNotice.objects.exists()


def test_a_complaint_still_in_triage_cannot_be_converted(agent):
    complaint = ComplaintCaseFactory(triage=True)

    with pytest.raises(StateConflict):
        complaint_convert(
            case=complaint, actor=agent, items=["XVI"], conductor="holder", password=PASSWORD
        )

    assert not ViolationNotice.objects.exists()


def test_a_complaint_about_no_authorized_taxi_cannot_be_converted_art47_ii(agent):
    complaint = ComplaintCaseFactory(forwarded=True, taxi=None)

    with pytest.raises(RuleViolation) as refused:
        complaint_convert(
            case=complaint, actor=agent, items=["XVI"], conductor="holder", password=PASSWORD
        )

    assert refused.value.article == "Art. 47 II"
    assert not ViolationNotice.objects.exists()
    assert ComplaintCase.objects.get(pk=complaint.pk).state == ComplaintState.FORWARDED


def test_item_xxi_is_refused_and_the_complaint_stays_forwarded(agent):
    complaint = ComplaintCaseFactory(forwarded=True)

    with pytest.raises(RuleViolation) as refused:
        complaint_convert(
            case=complaint, actor=agent, items=["XVI", "XXI"], conductor="holder", password=PASSWORD
        )

    assert refused.value.article == "Art. 58 XXI"
    assert not ViolationNotice.objects.exists()
    assert ComplaintCase.objects.get(pk=complaint.pk).state == ComplaintState.FORWARDED


def test_the_api_converts_and_answers_the_notices(api, agent):
    complaint = ComplaintCaseFactory(forwarded=True)

    response = api(agent).post(
        f"/api/complaints/{complaint.pk}/convert/",
        {
            "items": ["VIII", "XVI"],
            "conductor": "holder",
            "offender_signed": True,
            "password": PASSWORD,
        },
        format="json",
    )

    assert response.status_code == 201, response.content
    body = response.json()
    assert (body["complaint"], body["complaint_state"]) == (complaint.number, "converted")
    assert [(n["item"], n["article"], n["points"], n["state"]) for n in body["notices"]] == [
        ("VIII", "Art. 58 VIII", 2, "issued"),
        ("XVI", "Art. 58 XVI", 5, "issued"),
    ]
    assert set(ViolationNotice.objects.values_list("offender_signed", flat=True)) == {True}


def test_the_agents_page_starts_from_the_complaint_and_converts_it(client, agent):
    complaint = ComplaintCaseFactory(forwarded=True)
    client.force_login(agent)

    page = client.get(f"/fiscalizacao/autos/novo/?reclamacao={complaint.pk}")
    html = page.content.decode()
    assert page.status_code == 200
    assert complaint.taxi.holder.name in html and 'value="Rodoviária, ponto 2"' in html

    response = client.post(
        "/fiscalizacao/autos/novo/",
        {
            "authorization": complaint.taxi.pk,
            "complaint": complaint.pk,
            "items": ["XVI"],
            "conductor": "holder",
            "place": "Rodoviária, ponto 2",
            "occurred_at": "2026-05-04T07:00",
            "description": "Cobrança acima da tabela, conferida com o passageiro.",
            "password": PASSWORD,
        },
    )

    assert response.status_code == 302
    complaint = ComplaintCase.objects.get(pk=complaint.pk)
    notice = complaint.notices.get()
    assert complaint.state == ComplaintState.CONVERTED
    confirmation = client.get(response["Location"]).content.decode()
    assert notice.number in confirmation and complaint.number in confirmation


@pytest.mark.django_db(transaction=True)
def test_two_agents_converting_at_once_issue_the_notices_once_art46():
    """The complaint is locked for the whole conversion: the second agent finds it
    converted and gets a conflict, and no duplicate notice is issued."""
    import threading

    from django.db import connection

    from accounts.roles import Role
    from cases.errors import StateConflict
    from tests.factories import UserFactory
    from workflows.violation.models import ViolationNotice

    complaint = ComplaintCaseFactory(forwarded=True)
    agents = [UserFactory(role=Role.FISCAL_AGENT) for _ in range(2)]
    barrier = threading.Barrier(2)
    outcomes: list[str] = []

    def convert(user):
        try:
            barrier.wait(timeout=10)
            complaint_convert(
                case=complaint, actor=user, items=["XVI"], conductor="holder", password=PASSWORD
            )
            outcomes.append("converted")
        except StateConflict:
            outcomes.append("conflict")
        finally:
            connection.close()

    threads = [threading.Thread(target=convert, args=(a,)) for a in agents]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    assert sorted(outcomes) == ["conflict", "converted"]
    assert ViolationNotice.objects.count() == 1
    assert ComplaintCase.objects.get(pk=complaint.pk).notices.count() == 1


def test_the_case_page_links_agents_to_their_page_and_the_generic_action_is_refused(
    client, api, agent, clerk
):
    complaint = ComplaintCaseFactory(forwarded=True)
    client.force_login(agent)

    page = client.get(f"/processos/{complaint.pk}/").content.decode()
    assert f'href="/fiscalizacao/autos/novo/?reclamacao={complaint.pk}"' in page
    assert 'data-action="convert"' not in page
    client.force_login(clerk)
    assert "?reclamacao=" not in client.get(f"/processos/{complaint.pk}/").content.decode()

    # Converting is issuing notices: only through complaint_convert, never a bare step.
    response = api(agent).post(f"/api/cases/{complaint.pk}/actions/convert/", {}, format="json")

    assert response.status_code == 403
    assert ComplaintCase.objects.get(pk=complaint.pk).state == ComplaintState.FORWARDED


def test_the_complaints_page_links_the_notices_issued_from_it_art47(agent, clerk, client):
    complaint = ComplaintCaseFactory(forwarded=True)
    converted, notices = complaint_convert(
        case=complaint, actor=agent, items=["IX", "XVI"], conductor="holder", password=PASSWORD
    )
    client.force_login(clerk)

    html = client.get(f"/processos/{complaint.pk}/").content.decode()

    listed = html[
        html.index('data-testid="notices"') : html.index(
            "</dd>", html.index('data-testid="notices"')
        )
    ]
    for notice in sorted(notices, key=lambda n: n.number):
        assert (
            f'<a href="/processos/{notice.pk}/">{notice.number}</a> (Art. 58, {notice.item})'
            in listed
        )
    assert converted.issued_notices() == sorted((n.pk, n.number, n.item) for n in notices)


def test_a_complaint_not_converted_has_no_notice_to_ask_for(django_assert_num_queries):
    complaint = ComplaintCaseFactory(forwarded=True)
    with django_assert_num_queries(0):
        assert complaint.issued_notices() == []
