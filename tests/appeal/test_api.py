"""The appeal's endpoints: filing (Arts. 63, 64) and voting (Art. 52), with the status each
refusal maps to — 400 rule, 403 role, 404 out of sight, 409 state."""

from __future__ import annotations

import datetime as dt

import pytest
from rest_framework.test import APIClient

from tests.appeal.factories import commission_member, filed_appeal, notified_notice, pdf
from tests.factories import PASSWORD
from workflows.appeal.models import AppealCase, Vote
from workflows.appeal.services import WitnessInput
from workflows.violation.models import ViolationNotice, ViolationState

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_20_april_2026")]


def _api(user):
    client = APIClient()
    client.force_authenticate(user)
    return client


def test_a_driver_files_an_appeal_through_the_api_art63_art64():
    notice = notified_notice()
    response = _api(notice.applicant.user).post(
        "/api/appeals/",
        {
            "notice": notice.pk,
            "qualification": "Fulano, taxista.",
            "facts_and_law": "A tabela estava afixada.",
            "diligences": ["Ouvir o agente."],
            "witnesses": [{"name": "Beltrano", "qualification": "passageiro"}],
        },
        format="json",
    )
    assert response.status_code == 201, response.content
    body = response.json()
    assert (body["state"], body["filer_kind"], body["filed_on"]) == (
        "review",
        "driver",
        "2026-04-20",
    )
    assert body["witnesses"] == [{"position": 1, "name": "Beltrano", "qualification": "passageiro"}]
    assert [d["status"] for d in body["diligences"]] == ["requested"]
    assert ViolationNotice.objects.get(pk=notice.pk).state == ViolationState.APPEALED


def test_a_clerk_files_an_attorneys_appeal_with_its_mandate_at_the_counter_art63_p2(clerk):
    notice = notified_notice()
    response = _api(clerk).post(
        "/api/appeals/",
        {
            "notice": notice.pk,
            "filer_kind": "attorney",
            "attorney_name": "Dra. Ana Souza",
            "attorney_document": "OAB/ES 12.345",
            "qualification": "Fulano, representado por sua procuradora.",
            "facts_and_law": "Razões.",
            "mandate": pdf("procuracao.pdf"),
            "documents": [pdf("foto.pdf")],
        },
        format="multipart",
    )
    assert response.status_code == 201, response.content
    appeal = AppealCase.objects.get()
    assert sorted(appeal.documents.values_list("item", flat=True)) == ["evidence", "mandate"]


def test_a_late_appeal_through_the_api_is_a_400_with_the_closing_day_art63():
    notice = notified_notice(received_on=dt.date(2026, 3, 2))
    response = _api(notice.applicant.user).post(
        "/api/appeals/",
        {"notice": notice.pk, "qualification": "Q", "facts_and_law": "F"},
        format="json",
    )
    assert response.status_code == 400
    assert response.json() == {
        "detail": "Recurso fora do prazo: o prazo terminou em 15/04/2026.",
        "code": "appeal_late",
        "article": "Art. 63",
    }
    assert not AppealCase.objects.exists()


def test_four_witnesses_through_the_api_are_a_400_art64_p1():
    notice = notified_notice()
    response = _api(notice.applicant.user).post(
        "/api/appeals/",
        {
            "notice": notice.pk,
            "qualification": "Q",
            "facts_and_law": "F",
            "witnesses": [{"name": f"T{n}", "qualification": "vizinho"} for n in range(4)],
        },
        format="json",
    )
    assert response.status_code == 400
    assert (response.json()["code"], response.json()["article"]) == (
        "too_many_witnesses",
        "Art. 64 §1",
    )


def test_voting_through_the_api_403_for_no_seat_409_for_a_second_vote_art52(members):
    appeal = filed_appeal()
    _api(members[0]).post(f"/api/cases/{appeal.pk}/actions/open_voting/", {}, format="json")
    url = f"/api/appeals/{appeal.pk}/votes/"
    vote = {"vote": "denied", "reason": "As fotos do agente bastam.", "password": PASSWORD}
    # a commission member without a seat: 403
    response = _api(commission_member()).post(url, vote, format="json")
    assert (response.status_code, response.json()["code"]) == (403, "not_a_seat_holder")
    # the appellant himself: 403 as well
    assert _api(appeal.applicant.user).post(url, vote, format="json").status_code == 403
    # a sitting member: 201, then 409 for a second vote of his seat
    response = _api(members[1]).post(url, vote, format="json")
    assert response.status_code == 201, response.content
    assert [(v["seat"], v["vote"]) for v in response.json()["votes"]] == [("II", "denied")]
    response = _api(members[1]).post(url, vote, format="json")
    assert (response.status_code, response.json()["code"]) == (409, "seat_already_voted")
    # the generic action endpoint runs the same service (choice and textarea inputs)
    response = _api(members[2]).post(
        f"/api/cases/{appeal.pk}/actions/vote/",
        {"vote": "denied", "reason": "Mantenho.", "password": PASSWORD},
        format="json",
    )
    assert response.status_code == 200, response.content
    assert response.json()["state"] == "denied"
    assert Vote.objects.filter(appeal=appeal).count() == 2


def test_the_list_gives_each_appeal_its_witnesses_and_diligences_in_order_art64(clerk):
    """Each appeal's lists as the appeal's own page gives them (the list reads them for the
    whole page at once, ordered by the appeal's key, not by the appeals' order)."""
    first = filed_appeal(
        witnesses=[WitnessInput("Ana", "passageira"), WitnessInput("Bruno", "vizinho")],
        diligences=["Ouvir o agente.", "Juntar a foto."],
    )
    second = filed_appeal(
        witnesses=[WitnessInput("Carla", "passageira"), WitnessInput("Davi", "taxista")],
        diligences=["Vistoriar o veículo."],
    )
    rows = {row["id"]: row for row in _api(clerk).get("/api/appeals/").json()}
    for appeal in (first, second):
        detail = _api(clerk).get(f"/api/appeals/{appeal.pk}/").json()
        assert rows[appeal.pk]["witnesses"] == detail["witnesses"]
        assert rows[appeal.pk]["diligences"] == detail["diligences"]
    assert [w["name"] for w in rows[first.pk]["witnesses"]] == ["Ana", "Bruno"]
    assert [w["name"] for w in rows[second.pk]["witnesses"]] == ["Carla", "Davi"]
    assert [d["description"] for d in rows[first.pk]["diligences"]] == [
        "Ouvir o agente.",
        "Juntar a foto.",
    ]
