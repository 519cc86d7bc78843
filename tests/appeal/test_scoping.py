"""Art. 52 and the one scoping layer: the commission sees appeals only; a driver sees his
own appeals, never another driver's — on the pages and through the API alike."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from cases.errors import NotPermitted
from cases.services.transitions import case_act
from tests.appeal.factories import auxiliary_of, filed_appeal, notified_notice
from tests.factories import PASSWORD, AuthorizationFactory, SuspensionCaseFactory
from workflows.violation.models import ViolationNotice, ViolationState

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_20_april_2026")]


def _api(user):
    client = APIClient()
    client.force_authenticate(user)
    return client


def _numbers(response):
    assert response.status_code == 200, response.content
    return sorted(row["number"] for row in response.json())


def test_a_commission_member_sees_and_acts_on_appeals_only_art52(members):
    appeal = filed_appeal()
    other_notice = notified_notice()
    suspension = SuspensionCaseFactory(awaiting_decision=True)
    api = _api(members[0])
    # the queue holds the appeal and the notice it judges (issue 10: it got a 404 on it)
    assert sorted(_numbers(api.get("/api/cases/"))) == sorted(
        [appeal.number, appeal.notice.number]
    )
    assert _numbers(api.get("/api/cases/", {"kind": "violation"})) == [appeal.notice.number]
    assert api.get(f"/api/cases/{appeal.notice.pk}/").status_code == 200
    # other notices and other cases do not exist for the commission
    for case in (other_notice, suspension):
        assert api.get(f"/api/cases/{case.pk}/").status_code == 404
    for case, action in (
        (other_notice, "overturn"),
        (other_notice, "uphold"),
        (other_notice, "pay"),
        (suspension, "approve"),
    ):
        response = api.post(f"/api/cases/{case.pk}/actions/{action}/", {}, format="json")
        assert response.status_code == 404, (action, response.content)
    # and no service lets a member decide a notice outside an appeal
    with pytest.raises(NotPermitted):
        case_act(case=other_notice, action="overturn", actor=members[0])
    assert ViolationNotice.objects.get(pk=other_notice.pk).state == ViolationState.NOTIFIED
    # while the appeal is his to act on
    assert api.get(f"/api/appeals/{appeal.pk}/").status_code == 200
    response = api.post(f"/api/cases/{appeal.pk}/actions/open_voting/", {}, format="json")
    assert response.status_code == 200, response.content


def test_a_driver_never_sees_another_drivers_appeals_art63(members):
    mine, theirs = filed_appeal(), filed_appeal()
    me = mine.applicant.user
    api = _api(me)
    assert _numbers(api.get("/api/appeals/")) == [mine.number]
    assert mine.number in _numbers(api.get("/api/cases/", {"closed": "1"}))
    assert theirs.number not in _numbers(api.get("/api/cases/", {"closed": "1"}))
    assert api.get(f"/api/appeals/{theirs.pk}/").status_code == 404
    assert api.get(f"/api/cases/{theirs.pk}/").status_code == 404
    response = api.post(
        f"/api/appeals/{theirs.pk}/votes/",
        {"vote": "granted", "reason": "x", "password": PASSWORD},
        format="json",
    )
    assert response.status_code == 404
    # nor on the pages
    from django.test import Client

    page = Client()
    page.force_login(me)
    assert page.get(f"/recursos/{theirs.pk}/").status_code == 404
    assert page.get(f"/processos/{theirs.pk}/").status_code == 404
    listing = page.get("/portal/recursos/").content.decode()
    assert mine.number in listing and theirs.number not in listing


def test_the_holder_and_his_auxiliary_both_follow_the_auxiliarys_appeal_art49_art63():
    authorization = AuthorizationFactory()
    auxiliary = auxiliary_of(authorization)
    appeal = filed_appeal(
        notified_notice(authorization=authorization, offender=auxiliary), actor=auxiliary.user
    )
    for user in (auxiliary.user, authorization.holder.user):
        assert _numbers(_api(user).get("/api/appeals/")) == [appeal.number]


def test_a_driver_cannot_file_against_another_drivers_notice_art63_p2():
    theirs = notified_notice()
    me = AuthorizationFactory().holder.user
    response = _api(me).post(
        "/api/appeals/",
        {"notice": theirs.pk, "qualification": "Q", "facts_and_law": "F"},
        format="json",
    )
    assert response.status_code == 404
    assert ViolationNotice.objects.get(pk=theirs.pk).state == ViolationState.NOTIFIED
