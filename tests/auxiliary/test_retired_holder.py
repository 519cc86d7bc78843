"""Art. 28: a retired holder goes on only with an auxiliary."""

from __future__ import annotations

import datetime as dt

import pytest

from cases.errors import RuleViolation
from cases.models import AuditEvent, Case, Document
from cases.services.transitions import case_act
from notifications.models import Notification
from registers.models import AuxiliaryBinding
from tests.auxiliary.factories import (
    AuxiliaryBindingFactory,
    AuxiliaryDriverFactory,
    art10_files,
    pdf,
)
from workflows.auxiliary.models import AuxiliaryState
from workflows.auxiliary.selectors import retired_holders_without_auxiliary
from workflows.auxiliary.services import auxiliary_approve, auxiliary_file

pytestmark = pytest.mark.django_db
DAY = dt.date(2026, 5, 4)


@pytest.fixture
def retired(driver):
    driver.retired = True
    driver.save(update_fields=["retired"])
    return driver


@pytest.fixture
def binding(retired):
    return AuxiliaryBindingFactory(authorization=retired.authorizations.get())


def test_a_retired_holder_may_not_dismiss_his_only_auxiliary_art28(retired, binding):
    with pytest.raises(RuleViolation) as refused:
        auxiliary_file(actor=retired.user, holder=retired, purpose="end",
                       departure_reason="swap", today=DAY)
    assert refused.value.article == "Art. 28"
    assert (Case.objects.count(), AuditEvent.objects.count(), Document.objects.count()) == (
        0, 0, 0,
    )
    assert AuxiliaryBinding.objects.get().ended_on is None


def test_a_retired_holder_may_swap_his_auxiliary_art28(retired, binding, clerk):
    newcomer = AuxiliaryDriverFactory()
    case = auxiliary_file(actor=retired.user, holder=retired, purpose="register",
                          auxiliary=newcomer, departure_reason="swap", proofs=art10_files(),
                          today=DAY)
    case_act(case=case, action="accept", actor=clerk)
    auxiliary_approve(case=case, actor=clerk, today=DAY)
    assert AuxiliaryBinding.objects.get(ended_on__isnull=True).auxiliary == newcomer
    assert not retired_holders_without_auxiliary().exists()


def test_the_death_of_a_retired_holders_auxiliary_ends_it_and_flags_the_holder_art28(
    retired, binding, clerk
):
    assert not retired_holders_without_auxiliary().exists()
    case = auxiliary_file(actor=retired.user, holder=retired, purpose="end",
                          departure_reason="death",
                          proofs={"departure_proof": [pdf("obito.pdf")]}, today=DAY)
    case_act(case=case, action="accept", actor=clerk)
    case = auxiliary_approve(case=case, actor=clerk, today=DAY)
    binding.refresh_from_db()
    assert (binding.ended_on, binding.end_reason) == (DAY, "death")
    assert case.state == AuxiliaryState.APPROVED
    events = AuditEvent.objects.filter(case=case)
    assert list(events.values_list("transition", flat=True)) == [
        "open", "document_attached", "accept", "approve", "auxiliary_unbound",
        "retired_holder_without_auxiliary",
    ]
    assert events.get(transition="retired_holder_without_auxiliary").article == "Art. 28"
    notice = Notification.objects.get(case=case, template="auxiliary_decided")
    assert "Art. 28" in notice.body
    assert list(retired_holders_without_auxiliary()) == [retired]


def test_a_holder_not_retired_may_dismiss_his_auxiliary_art27_p2(driver, clerk):
    binding = AuxiliaryBindingFactory(authorization=driver.authorizations.get())
    case = auxiliary_file(actor=driver.user, holder=driver, purpose="end",
                          departure_reason="swap", today=DAY)
    case_act(case=case, action="accept", actor=clerk)
    case = auxiliary_approve(case=case, actor=clerk, revoke_departing=True, today=DAY,
                             note="Reclamações de passageiros.")
    binding.refresh_from_db()
    # The decision revoked the departing auxiliary: 12 months' bar (Art. 27 §2)
    assert (binding.ended_on, binding.end_reason) == (DAY, "withdrawn")
    assert "retired_holder_without_auxiliary" not in AuditEvent.objects.filter(
        case=case
    ).values_list("transition", flat=True)
    unbound = Notification.objects.get(case=case, template="auxiliary_unbound")
    assert unbound.recipient == binding.auxiliary
    assert "04/05/2027" in unbound.body
