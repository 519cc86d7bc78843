"""Arts. 10 II a, 12, 17 and 20 through the REST API alone: a holder files a substitution,
the clerk reviews the CRLV, books the inspection, a fiscal agent records it and the clerk
approves — every step a request, after the users and the authorization are set up."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from accounts.roles import Role
from cases.models import AuditEvent, Document
from inspections.models import Inspection
from law import inspection as law_inspection
from registers.models import Authorization, MunicipalRegistration
from tests.factories import AuthorizationFactory, MunicipalRegistrationFactory, UserFactory
from tests.substitution.factories import crlv, new_vehicle
from workflows.substitution.models import SubstitutionCase, SubstitutionState

pytestmark = pytest.mark.django_db

ALL_MET = {item.code: True for item in law_inspection.ITEMS}


def _filing():
    data = new_vehicle()
    return {
        "plate": data.plate,
        "renavam": data.renavam,
        "make": data.make,
        "model": data.model,
        "manufacture_year": data.manufacture_year,
        "doors": data.doors,
        "capacity": data.capacity,
        "air_conditioning": True,
        "airbag": True,
        "colour": data.colour,
        "crlv": crlv(),
    }


def _act(client, case_id, action, body=None):
    return client.post(f"/api/cases/{case_id}/actions/{action}/", body or {}, format="json")


def test_a_substitution_goes_from_filing_to_approval_through_the_api_alone_art20(api, clerk):
    # Given a holder with an authorization in force, a clerk and a fiscal agent
    authorization = AuthorizationFactory(vehicle__manufacture_year=2018)
    MunicipalRegistrationFactory(authorization=authorization)
    holder = authorization.holder
    agent = UserFactory(role=Role.FISCAL_AGENT, username="agente")

    # When the holder files the new vehicle with its CRLV
    filed = api(holder.user).post("/api/substitutions/", _filing(), format="multipart")
    assert filed.status_code == 201, filed.content
    case_id = filed.json()["id"]
    # the clerk's actions on the case include the review of the CRLV
    detail = api(clerk).get(f"/api/cases/{case_id}/").json()
    assert "review_document" in [action["name"] for action in detail["actions"]]
    # the clerk accepts the CRLV, then books the inspection
    reviewed = _act(api(clerk), case_id, "review_document", {"item": "crlv", "decision": "accept"})
    assert reviewed.status_code == 200, reviewed.content
    when = (timezone.now() + dt.timedelta(days=1)).isoformat()
    booked = _act(api(clerk), case_id, "schedule_inspection", {"when": when, "place": "Pátio"})
    assert booked.status_code == 200, booked.content
    # the fiscal agent records the inspection: every item met
    inspection_id = Inspection.objects.get(case_id=case_id).pk
    recorded = api(agent).post(
        f"/api/inspections/{inspection_id}/result/", {"items": ALL_MET}, format="json"
    )
    assert recorded.status_code == 200, recorded.content
    # and the clerk approves
    approved = _act(api(clerk), case_id, "approve")
    assert approved.status_code == 200, approved.content

    # Then the new vehicle serves the authorization under a new IM (Arts. 17, 20)
    case = SubstitutionCase.objects.get(pk=case_id)
    assert case.state == SubstitutionState.APPROVED
    assert Authorization.objects.get(pk=authorization.pk).vehicle_id == case.new_vehicle_id
    assert MunicipalRegistration.objects.filter(
        authorization=authorization, vehicle=case.new_vehicle, status="valid"
    ).exists()
    assert Document.objects.get(case=case, item="crlv").review == Document.Review.ACCEPTED
    assert [
        (e.transition, e.to_state, e.actor_id)
        for e in AuditEvent.objects.filter(case=case).order_by("id")
        if e.from_state != e.to_state or e.transition == "review_document"
    ] == [
        ("open", "awaiting_vehicle", holder.user.pk),
        ("file", "filed", holder.user.pk),
        ("review_document", "filed", clerk.pk),
        ("schedule_inspection", "inspection_scheduled", clerk.pk),
        ("pass_inspection", "awaiting_decision", agent.pk),
        ("approve", "approved", clerk.pk),
    ]


def _filed_case(api, holder):
    response = api(holder.user).post("/api/substitutions/", _filing(), format="multipart")
    assert response.status_code == 201, response.content
    return SubstitutionCase.objects.get(pk=response.json()["id"])


def _nothing_changed(case):
    assert SubstitutionCase.objects.get(pk=case.pk).state == SubstitutionState.FILED
    assert list(AuditEvent.objects.filter(case=case).values_list("transition", flat=True)) == [
        "open",
        "file",
        "document_attached",
    ]
    assert Document.objects.get(case=case).review == Document.Review.PENDING
    assert not Inspection.objects.filter(case=case).exists()


def test_the_inspection_is_refused_before_the_crlv_is_accepted_400_art10_II_a(api, clerk):
    case = _filed_case(api, AuthorizationFactory().holder)
    when = (timezone.now() + dt.timedelta(days=1)).isoformat()
    response = _act(api(clerk), case.pk, "schedule_inspection", {"when": when, "place": "Pátio"})
    assert (response.status_code, response.json()["code"]) == (400, "documents_not_accepted")
    assert response.json()["article"] == "Art. 10 II a"
    _nothing_changed(case)


def test_refusing_the_crlv_without_a_reason_is_refused_400_art10_II_a(api, clerk):
    case = _filed_case(api, AuthorizationFactory().holder)
    response = _act(api(clerk), case.pk, "review_document", {"item": "crlv", "decision": "reject"})
    assert (response.status_code, response.json()["code"]) == (400, "review_reason_missing")
    _nothing_changed(case)


def test_the_holder_cannot_review_his_own_crlv_403_art10_II_a(api):
    holder = AuthorizationFactory().holder
    case = _filed_case(api, holder)
    response = _act(
        api(holder.user), case.pk, "review_document", {"item": "crlv", "decision": "accept"}
    )
    assert (response.status_code, response.json()["code"]) == (403, "not_permitted")
    _nothing_changed(case)


def test_a_refused_crlv_keeps_the_inspection_closed_art10_II_a(api, clerk):
    case = _filed_case(api, AuthorizationFactory().holder)
    refused = _act(
        api(clerk),
        case.pk,
        "review_document",
        {"item": "crlv", "decision": "reject", "note": "CRLV ilegível"},
    )
    assert refused.status_code == 200, refused.content
    document = Document.objects.get(case=case)
    assert (document.review, document.review_note) == (Document.Review.REJECTED, "CRLV ilegível")
    when = (timezone.now() + dt.timedelta(days=1)).isoformat()
    response = _act(api(clerk), case.pk, "schedule_inspection", {"when": when, "place": "Pátio"})
    assert (response.status_code, response.json()["code"]) == (400, "documents_not_accepted")
    assert SubstitutionCase.objects.get(pk=case.pk).state == SubstitutionState.FILED
