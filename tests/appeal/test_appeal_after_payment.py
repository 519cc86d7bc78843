"""Arts. 55 and 63: a driver who paid the fine within the appeal window may still appeal —
through the API, the appeal page and the portal's offer, which all read the kind's one list
of appealable states (issue 19, item 2)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from accounts.roles import Role
from registers.models import VrteValue
from tests.appeal.factories import notified_notice
from tests.factories import UserFactory
from tests.web.portal_helpers import request_links
from workflows.violation.models import ViolationNotice, ViolationState
from workflows.violation.services import violation_pay

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_20_april_2026")]


@pytest.fixture
def paid_notice() -> ViolationNotice:
    VrteValue.objects.create(year=2026, value="4.7331")
    notice = notified_notice(item="XIV")  # a fine, not a warning (Art. 59 I)
    paid = violation_pay(case=notice, actor=UserFactory(role=Role.CLERK))
    assert paid.state == ViolationState.PAID_APPEAL_OPEN
    return paid


def test_art_55_63_a_paid_notice_is_appealed_through_the_api(paid_notice):
    client = APIClient()
    client.force_authenticate(paid_notice.applicant.user)
    response = client.post(
        "/api/appeals/",
        {"notice": paid_notice.pk, "qualification": "Fulano, taxista.", "facts_and_law": "F"},
        format="json",
    )
    assert response.status_code == 201, response.content
    assert ViolationNotice.objects.get(pk=paid_notice.pk).state == ViolationState.APPEALED


def test_art_55_63_the_portal_offers_the_appeal_of_a_paid_notice(paid_notice):
    client = Client()
    user = paid_notice.applicant.user
    assert "appeal-notices" in request_links(client, user)
    page = client.get(reverse("appeal-notices")).content.decode()
    assert paid_notice.number in page
