"""Arts. 12, 18, 22 §4, 23-25, 27, 63, 67: the portal offers only the requests the driver's
situation allows, and says up front the rule that would refuse each one."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from accounts.roles import Role
from registers.models import Authorization
from tests.factories import MunicipalRegistrationFactory, UserFactory, ViolationNoticeFactory
from tests.web.portal_helpers import portal_text, request_links

pytestmark = pytest.mark.django_db

HOLDER_REQUESTS = [
    "suspension-new",
    "substitution-new",
    "auxiliary-new",
    "transfer-new",
    "advertising-new",
    "cancellation-new",
]


@pytest.fixture
def taxi():
    return MunicipalRegistrationFactory()


def test_art_22_par_4_a_holder_is_not_offered_a_new_authorization(client, taxi):
    links = request_links(client, taxi.authorization.holder.user)

    assert links == HOLDER_REQUESTS


def test_art_24_a_suspended_holder_may_only_cancel(client, taxi):
    Authorization.objects.filter(pk=taxi.authorization_id).update(
        status=Authorization.Status.SUSPENDED
    )

    links = request_links(client, taxi.authorization.holder.user)

    assert links == ["cancellation-new"]


def test_art_10_a_person_who_is_not_yet_a_driver_may_only_apply(client):
    future = UserFactory(role=Role.DRIVER)

    assert request_links(client, future) == ["application-new"]


def test_art_18_renewal_is_offered_when_the_im_is_about_to_expire(client, taxi):
    taxi.valid_until = timezone.localdate() + dt.timedelta(days=10)
    taxi.save()

    links = request_links(client, taxi.authorization.holder.user)

    assert links == ["suspension-new", "renewal-new", *HOLDER_REQUESTS[1:]]


def test_art_63_appeal_is_offered_while_a_notice_is_notified(client, taxi):
    ViolationNoticeFactory(authorization=taxi.authorization, notified=True)

    links = request_links(client, taxi.authorization.holder.user)

    assert links == [*HOLDER_REQUESTS, "appeal-notices"]


def test_each_request_states_its_rule_before_the_driver_starts(client, taxi):
    text = portal_text(client, taxi.authorization.holder.user, "requests")

    assert "Pedir suspensão (Art. 24) Somente por furto ou roubo do veículo" in text
    assert "por até 120 dias" in text
    assert "Taxista auxiliar (Art. 27) Um auxiliar por autorização" in text
    assert "Quem cancela só pode pedir nova autorização após 5 anos" in text
    assert "em outro local do veículo depende de autorização prévia, por até 12 meses" in text
    assert "Pedir autorização de táxi" not in text
