"""Art. 27 §2: at most two swaps of auxiliary a year, except resignation, death or force
majeure proved by documents."""

from __future__ import annotations

import datetime as dt

import pytest

from cases.errors import RuleViolation
from cases.models import AuditEvent, Case, Document
from cases.services.transitions import case_act
from law import auxiliary as rules
from registers.models import AuxiliaryBinding, Driver
from tests.auxiliary.factories import (
    AuxiliaryBindingFactory,
    AuxiliaryCaseFactory,
    AuxiliaryDriverFactory,
    art10_files,
)
from workflows.auxiliary.models import AuxiliaryState
from workflows.auxiliary.services import auxiliary_approve, auxiliary_file

pytestmark = pytest.mark.django_db
TODAY = dt.date(2026, 9, 1)


@pytest.fixture
def bound(driver):
    """The holder's current auxiliary, after two swaps granted in the last 12 months."""
    authorization = driver.authorizations.get()
    for day in (dt.date(2026, 1, 10), dt.date(2026, 6, 1)):
        AuxiliaryCaseFactory(authorization=authorization, granted_swap=True, decided_on=day)
    return AuxiliaryBindingFactory(authorization=authorization)


def _cases_before() -> tuple[int, int, int, int]:
    return (Case.objects.count(), AuditEvent.objects.count(), Document.objects.count(),
            Driver.objects.count())


def test_a_third_swap_in_twelve_months_is_refused_art27_p2(driver, bound):
    before = _cases_before()
    with pytest.raises(RuleViolation) as refused:
        auxiliary_file(actor=driver.user, holder=driver, purpose="register",
                       auxiliary=AuxiliaryDriverFactory(), departure_reason="swap",
                       proofs=art10_files(), today=TODAY)
    assert refused.value.article == "Art. 27 §2"
    # The next ordinary swap is possible once the swap of 10/01/2026 leaves the window
    assert "10/01/2027" in refused.value.message
    assert _cases_before() == (before[0], before[1], before[2], before[3] + 1)
    assert AuxiliaryBinding.objects.get().ended_on is None


@pytest.mark.parametrize("reason", ["resignation", "death", "force_majeure"])
def test_resignation_death_or_force_majeure_with_proof_do_not_count_art27_p2(
    driver, bound, clerk, reason
):
    newcomer = AuxiliaryDriverFactory()
    case = auxiliary_file(actor=driver.user, holder=driver, purpose="register",
                          auxiliary=newcomer, departure_reason=reason,
                          proofs=art10_files("departure_proof"), today=TODAY)
    assert case.counts_as_swap is False
    case_act(case=case, action="accept", actor=clerk)
    case = auxiliary_approve(case=case, actor=clerk, today=TODAY)
    bound.refresh_from_db()
    assert (bound.ended_on, bound.end_reason) == (TODAY, reason)
    new = AuxiliaryBinding.objects.get(ended_on__isnull=True)
    assert new.auxiliary == newcomer
    assert list(AuditEvent.objects.filter(case=case).values_list("transition", flat=True)) == [
        "open", *["document_attached"] * 8, "accept", "approve", "auxiliary_unbound",
        "auxiliary_bound",
    ]
    assert (case.state, case.counts_as_swap) == (AuxiliaryState.APPROVED, False)


def test_an_exception_without_proof_is_refused_art27_p2(driver, bound):
    before = _cases_before()
    with pytest.raises(RuleViolation) as refused:
        auxiliary_file(actor=driver.user, holder=driver, purpose="register",
                       auxiliary=AuxiliaryDriverFactory(), departure_reason="death",
                       proofs=art10_files(), today=TODAY)
    assert (refused.value.article, refused.value.code) == ("Art. 27 §2", "documents_missing")
    assert _cases_before()[:3] == before[:3]


def test_a_swap_decided_twelve_months_ago_has_left_the_window_art27_p2(driver, clerk):
    authorization = driver.authorizations.get()
    AuxiliaryCaseFactory(authorization=authorization, granted_swap=True,
                         decided_on=dt.date(2025, 9, 1))
    AuxiliaryCaseFactory(authorization=authorization, granted_swap=True,
                         decided_on=dt.date(2026, 6, 1))
    AuxiliaryBindingFactory(authorization=authorization)
    case = auxiliary_file(actor=driver.user, holder=driver, purpose="register",
                          auxiliary=AuxiliaryDriverFactory(), departure_reason="swap",
                          proofs=art10_files(), today=TODAY)
    assert case.counts_as_swap is True
    case_act(case=case, action="accept", actor=clerk)
    case = auxiliary_approve(case=case, actor=clerk, today=TODAY)
    assert AuxiliaryBinding.objects.filter(authorization=authorization).count() == 2
    assert AuxiliaryBinding.objects.get(ended_on=TODAY).end_reason == "swap"


def test_a_dismissal_then_a_registration_is_a_swap_art27_p2(driver):
    authorization = driver.authorizations.get()
    for day in (dt.date(2026, 1, 10), dt.date(2026, 6, 1)):
        AuxiliaryCaseFactory(authorization=authorization, granted_swap=True, decided_on=day)
    AuxiliaryBindingFactory(authorization=authorization, ended=True,
                            end_reason=AuxiliaryBinding.EndReason.SWAP)
    with pytest.raises(RuleViolation) as refused:
        auxiliary_file(actor=driver.user, holder=driver, purpose="register",
                       auxiliary=AuxiliaryDriverFactory(), proofs=art10_files(), today=TODAY)
    assert refused.value.article == "Art. 27 §2"


def test_a_registration_after_a_resignation_is_not_a_swap_art27_p2(driver):
    authorization = driver.authorizations.get()
    for day in (dt.date(2026, 1, 10), dt.date(2026, 6, 1)):
        AuxiliaryCaseFactory(authorization=authorization, granted_swap=True, decided_on=day)
    AuxiliaryBindingFactory(authorization=authorization, ended=True,
                            end_reason=AuxiliaryBinding.EndReason.RESIGNATION)
    case = auxiliary_file(actor=driver.user, holder=driver, purpose="register",
                          auxiliary=AuxiliaryDriverFactory(), proofs=art10_files(), today=TODAY)
    assert case.counts_as_swap is False


def test_swaps_of_a_previous_holder_do_not_count_for_the_new_one_art27_p2(driver):
    # After a transfer (Art. 25) the count is the new holder's own
    authorization = driver.authorizations.get()
    previous = AuxiliaryDriverFactory(kind=Driver.Kind.HOLDER)
    for day in (dt.date(2026, 1, 10), dt.date(2026, 6, 1)):
        AuxiliaryCaseFactory(authorization=authorization, applicant=previous, granted_swap=True,
                             decided_on=day)
    AuxiliaryBindingFactory(authorization=authorization)
    case = auxiliary_file(actor=driver.user, holder=driver, purpose="register",
                          auxiliary=AuxiliaryDriverFactory(), departure_reason="swap",
                          proofs=art10_files(), today=TODAY)
    assert case.counts_as_swap is True


def test_the_window_rule_counts_days_after_twelve_months_back_art27_p2():
    days = [dt.date(2025, 9, 1), dt.date(2025, 9, 2), dt.date(2026, 9, 1)]
    assert rules.swaps_in_window(days, dt.date(2026, 9, 1)) == 2
    assert rules.swap_window_opens(dt.date(2028, 2, 29)) == dt.date(2027, 2, 28)
    assert rules.next_swap_possible_on(days, dt.date(2026, 9, 1)) == dt.date(2026, 9, 2)
    with pytest.raises(ValueError):
        rules.counts_as_swap(replacing_reason="boredom", previous_end_reason=None)
