"""Art. 23: what keeps a cancellation from being filed or confirmed; nothing is written."""

from __future__ import annotations

import datetime as dt

import pytest

from cases.errors import NotPermitted, RuleViolation, StateConflict
from cases.models import AuditEvent, Case, Deadline
from registers.models import Authorization, AuxiliaryBinding
from tests.auxiliary.factories import AuxiliaryBindingFactory, AuxiliaryCaseFactory
from tests.cancellation.factories import CancellationCaseFactory
from tests.factories import DriverFactory, SuspensionCaseFactory
from workflows.cancellation.models import CancellationCase, CancellationState
from workflows.cancellation.services import cancellation_confirm, cancellation_file
from workflows.suspension.models import SuspensionState

pytestmark = pytest.mark.django_db


def test_the_holder_must_acknowledge_the_five_year_bar_art23_sole(driver):
    with pytest.raises(RuleViolation) as refused:
        cancellation_file(actor=driver.user, holder=driver, acknowledged_bar=False,
                          today=dt.date(2026, 4, 6))
    assert refused.value.article == "Art. 23 parágrafo único"
    assert "07/04/2031" in refused.value.message
    assert (Case.objects.count(), AuditEvent.objects.count()) == (0, 0)


def test_only_the_holder_or_a_clerk_files_art23(driver):
    with pytest.raises(NotPermitted):
        cancellation_file(actor=DriverFactory().user, holder=driver, acknowledged_bar=True)
    assert Case.objects.count() == 0


def test_no_authorization_in_force_nothing_to_cancel_art23():
    nobody = DriverFactory()
    with pytest.raises(RuleViolation):
        cancellation_file(actor=nobody.user, holder=nobody, acknowledged_bar=True)
    assert Case.objects.count() == 0


def test_a_suspension_in_effect_must_end_first_art23_art24(authorization, driver, clerk):
    suspension = SuspensionCaseFactory(
        authorization=authorization, state=SuspensionState.IN_EFFECT,
        start_on=dt.date(2026, 3, 2), end_on=dt.date(2026, 3, 31),
    )
    with pytest.raises(StateConflict) as refused:
        cancellation_file(actor=driver.user, holder=driver, acknowledged_bar=True)
    assert suspension.number in refused.value.message
    assert Case.objects.count() == 1


def test_requests_opened_after_the_filing_block_the_confirmation_art23(authorization, clerk):
    case = CancellationCaseFactory(authorization=authorization)
    binding = AuxiliaryBindingFactory(authorization=authorization)
    AuxiliaryCaseFactory(authorization=authorization)
    with pytest.raises(StateConflict):
        cancellation_confirm(case=case, actor=clerk)
    assert CancellationCase.objects.get(pk=case.pk).state == CancellationState.FILED
    assert not AuditEvent.objects.filter(case=case).exists()
    assert Authorization.objects.get(pk=authorization.pk).status == Authorization.Status.ACTIVE
    assert AuxiliaryBinding.objects.get(pk=binding.pk).ended_on is None


def test_an_authorization_ended_meanwhile_is_a_conflict_art23(clerk):
    from tests.factories import AuthorizationFactory

    revoked = AuthorizationFactory(status=Authorization.Status.REVOKED,
                                   ended_on=dt.date(2026, 3, 1))
    case = CancellationCaseFactory(authorization=revoked)
    with pytest.raises(StateConflict):
        cancellation_confirm(case=case, actor=clerk)
    revoked.refresh_from_db()
    assert (revoked.status, revoked.ended_on) == (
        Authorization.Status.REVOKED, dt.date(2026, 3, 1),
    )
    assert not Deadline.objects.exists()
