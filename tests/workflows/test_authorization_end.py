"""The one place an authorization ends, revoked (Art. 59 V, §3) or cancelled (Art. 23):
its register deadlines, its auxiliaries (Art. 27 §1), the revocations still open on it and
its place in the fleet (Art. 22 §2) follow in the same transaction."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import transaction

from cases.models import Deadline
from registers.models import Authorization, AuxiliaryBinding
from tests.auxiliary.factories import AuxiliaryBindingFactory
from tests.factories import ViolationNoticeFactory
from workflows.application import workflow as application_workflow
from workflows.authorizations import case_authorization_end
from workflows.renewal.services import registration_issue
from workflows.revocation.models import RevocationCase, RevocationState
from workflows.revocation.services import revocation_open

pytestmark = pytest.mark.django_db

DAY = dt.date(2026, 4, 22)


@pytest.mark.parametrize(
    ("status", "event"),
    [
        (Authorization.Status.REVOKED, "authorization_revoked"),
        (Authorization.Status.CANCELLED, "authorization_cancelled"),
    ],
)
def test_everything_that_ends_with_an_authorization_ends_in_one_step_art22_p2_art27_p1(
    authorization, monkeypatch, status, event
):
    # given an auxiliary bound, an IM with its renewal rows, an open revocation
    binding = AuxiliaryBindingFactory(authorization=authorization)
    with transaction.atomic():
        registration_issue(authorization=authorization, vehicle=authorization.vehicle,
                           valid_from=dt.date(2026, 1, 5), actor=None)
    revocation = revocation_open(authorization=authorization, article="Art. 12",
                                 reason="Veículo em serviço após o prazo.")
    case = ViolationNoticeFactory(authorization=authorization)
    freed: list[dt.date] = []
    # (what the application kind's `on_authorization_end` calls)
    monkeypatch.setattr(application_workflow, "fleet_place_freed",
                        lambda *, today: freed.append(today))
    # when the authorization ends on the record of `case`
    with transaction.atomic():
        case_authorization_end(authorization=authorization, status=status, on=DAY, case=case,
                               actor=None, article="Art. 59 V", lapse_note="Encerrada.")
    # then the register says so, and everything bound to it ended with it
    authorization.refresh_from_db()
    binding = AuxiliaryBinding.objects.select_related("auxiliary").get(pk=binding.pk)
    assert (authorization.status, authorization.ended_on) == (status, DAY)
    assert (binding.ended_on, binding.end_reason, binding.auxiliary.titular_id) == (
        DAY, AuxiliaryBinding.EndReason.AUTHORIZATION_ENDED, None,
    )
    assert not Deadline.objects.filter(
        authorization=authorization, state=Deadline.State.PENDING
    ).exists()
    assert RevocationCase.objects.get(pk=revocation.pk).state == RevocationState.LAPSED
    assert freed == [DAY]
    assert list(case.events.values_list("transition", flat=True)) == [
        event, "auxiliary_unbound",
    ]
