"""Art. 27: registering an auxiliary, one per holder, with every requirement of a holder."""

from __future__ import annotations

import datetime as dt

import pytest

from cases.errors import RuleViolation
from cases.models import AuditEvent, Case, Deadline, Document
from cases.services.transitions import case_act
from notifications.models import Notification
from registers.models import AuxiliaryBinding, Driver
from tests.auxiliary.factories import (
    AuxiliaryBindingFactory,
    AuxiliaryDriverFactory,
    art10_files,
)
from tests.factories import AuthorizationFactory
from workflows.auxiliary.models import AuxiliaryState
from workflows.auxiliary.services import auxiliary_approve, auxiliary_file

pytestmark = pytest.mark.django_db
DAY = dt.date(2026, 3, 2)
ART_10_I_ITEMS = ["identity", "cnh", "cpf", "voter", "criminal_record", "residence", "photos"]


def _nothing_written(drivers_before: int) -> None:
    assert (Case.objects.count(), AuditEvent.objects.count(), Document.objects.count()) == (
        0, 0, 0,
    )
    assert Driver.objects.count() == drivers_before
    assert Notification.objects.count() == 0


def test_new_auxiliary_is_registered_and_bound_for_one_year_art27(
    driver, clerk, new_auxiliary_data
):
    # Given a holder asking to register a person not yet in the register, with Art. 10 I
    case = auxiliary_file(
        actor=driver.user, holder=driver, purpose="register",
        auxiliary_data=new_auxiliary_data, proofs=art10_files(), today=DAY,
    )
    auxiliary = Driver.objects.get(cpf=new_auxiliary_data["cpf"])
    assert (auxiliary.kind, auxiliary.titular) == (Driver.Kind.AUXILIARY, None)
    assert not AuxiliaryBinding.objects.exists()
    # When the clerk checks the documents and the Secretaria decides (Art. 27 §2)
    case_act(case=case, action="accept", actor=clerk)
    case = auxiliary_approve(case=case, actor=clerk, today=DAY)
    # Then the auxiliary is bound to the holder's authorization for one year (Art. 27 §1)
    binding = AuxiliaryBinding.objects.get()
    assert (binding.authorization, binding.auxiliary) == (driver.authorizations.get(), auxiliary)
    assert (binding.valid_from, binding.valid_until, binding.ended_on) == (
        DAY, dt.date(2027, 3, 1), None,
    )
    auxiliary.refresh_from_db()
    assert auxiliary.titular == driver
    assert (case.state, case.binding, case.decided_on, case.counts_as_swap) == (
        AuxiliaryState.APPROVED, binding, DAY, False,
    )
    assert list(
        Deadline.objects.filter(case=case).values_list("kind", "due_on", "article", "state")
    ) == [
        ("auxiliary.renewal_reminder", dt.date(2027, 1, 29), "Art. 27 §1", "pending"),
        ("auxiliary.expiry", dt.date(2027, 3, 1), "Art. 27 §1", "pending"),
    ]
    assert list(AuditEvent.objects.filter(case=case).values_list("transition", flat=True)) == [
        "open", "driver_registered", *["document_attached"] * 7, "accept", "approve",
        "auxiliary_bound",
    ]
    assert sorted(Document.objects.filter(case=case).values_list("item", flat=True)) == sorted(
        ART_10_I_ITEMS
    )
    notices = {n.template: n for n in Notification.objects.filter(case=case)}
    assert notices["auxiliary_decided"].recipient == driver
    assert notices["auxiliary_granted"].recipient == auxiliary
    assert "01/03/2027" in notices["auxiliary_decided"].body
    assert "Art. 27" in notices["auxiliary_granted"].body


def test_the_mayor_may_decide_as_head_of_the_executive_art27_p2(driver, clerk, mayor):
    auxiliary = AuxiliaryDriverFactory()
    case = auxiliary_file(actor=clerk, holder=driver, purpose="register", auxiliary=auxiliary,
                          proofs=art10_files(), today=DAY)
    case_act(case=case, action="accept", actor=clerk)
    case = auxiliary_approve(case=case, actor=mayor, today=DAY)
    assert case.state == AuxiliaryState.APPROVED
    assert AuxiliaryBinding.objects.get().auxiliary == auxiliary


def test_an_existing_driver_is_matched_by_cpf_and_cnh_art9(driver, new_auxiliary_data):
    existing = AuxiliaryDriverFactory(
        cpf=new_auxiliary_data["cpf"], cnh_number=new_auxiliary_data["cnh_number"]
    )
    case = auxiliary_file(actor=driver.user, holder=driver, purpose="register",
                          auxiliary_data={"cpf": existing.cpf, "cnh_number": existing.cnh_number},
                          proofs=art10_files(), today=DAY)
    assert case.auxiliary == existing
    assert "driver_registered" not in AuditEvent.objects.filter(case=case).values_list(
        "transition", flat=True
    )


def test_a_cpf_with_another_cnh_is_refused_art9(driver, new_auxiliary_data):
    existing = AuxiliaryDriverFactory(cpf=new_auxiliary_data["cpf"])
    before = Driver.objects.count()
    with pytest.raises(RuleViolation) as refused:
        auxiliary_file(actor=driver.user, holder=driver, purpose="register",
                       auxiliary_data=new_auxiliary_data, proofs=art10_files(), today=DAY)
    assert refused.value.article == "Art. 9"
    assert Driver.objects.get(pk=existing.pk).name == existing.name
    _nothing_written(before)


def test_a_second_auxiliary_is_refused_one_per_holder_art27(driver, new_auxiliary_data):
    AuxiliaryBindingFactory(authorization=driver.authorizations.get())
    before = Driver.objects.count()
    with pytest.raises(RuleViolation) as refused:
        auxiliary_file(actor=driver.user, holder=driver, purpose="register",
                       auxiliary_data=new_auxiliary_data, proofs=art10_files(), today=DAY)
    assert refused.value.article == "Art. 27"
    assert "único" in refused.value.message
    _nothing_written(before)
    assert AuxiliaryBinding.objects.filter(ended_on__isnull=True).count() == 1


def test_an_auxiliary_bound_to_another_holder_is_refused_art27(driver, clerk):
    elsewhere = AuxiliaryBindingFactory()
    before = Driver.objects.count()
    with pytest.raises(RuleViolation) as refused:
        auxiliary_file(actor=clerk, holder=driver, purpose="register",
                       auxiliary=elsewhere.auxiliary, proofs=art10_files(), today=DAY)
    assert refused.value.article == "Art. 27"
    _nothing_written(before)


def test_a_holder_in_force_cannot_be_an_auxiliary_art27(driver, clerk):
    other_holder = AuthorizationFactory().holder
    before = Driver.objects.count()
    with pytest.raises(RuleViolation) as refused:
        auxiliary_file(actor=clerk, holder=driver, purpose="register", auxiliary=other_holder,
                       proofs=art10_files(), today=DAY)
    assert "Art. 27" in refused.value.article
    _nothing_written(before)


def test_the_auxiliary_meets_every_requirement_of_a_holder_art27_p3(driver, new_auxiliary_data):
    # A CNH of category A only and a residence outside the municipality (Arts. 3, 10 I b)
    before = Driver.objects.count()
    data = {**new_auxiliary_data, "cnh_category": "A", "city": "Mantena"}
    with pytest.raises(RuleViolation) as refused:
        auxiliary_file(actor=driver.user, holder=driver, purpose="register",
                       auxiliary_data=data, proofs=art10_files(), today=DAY)
    assert refused.value.article == "Art. 3; Art. 10 I b"
    assert refused.value.code == "requirements_unmet"
    _nothing_written(before)


def test_the_documents_of_art10_i_are_required_art27_p3(driver, new_auxiliary_data):
    files = art10_files()
    del files["criminal_record"]
    before = Driver.objects.count()
    with pytest.raises(RuleViolation) as refused:
        auxiliary_file(actor=driver.user, holder=driver, purpose="register",
                       auxiliary_data=new_auxiliary_data, proofs=files, today=DAY)
    assert refused.value.code == "documents_missing"
    assert "Art. 10 I e" in refused.value.message
    _nothing_written(before)


def test_a_withdrawn_auxiliary_may_not_register_again_for_12_months_art27_p2(driver, clerk):
    revoked_on = dt.date(2026, 1, 15)
    old = AuxiliaryBindingFactory(
        ended=True, ended_on=revoked_on, end_reason=AuxiliaryBinding.EndReason.WITHDRAWN
    )
    before = Driver.objects.count()
    # On the last barred day (15/01/2027) he is still refused ...
    with pytest.raises(RuleViolation) as refused:
        auxiliary_file(actor=clerk, holder=driver, purpose="register", auxiliary=old.auxiliary,
                       proofs=art10_files(), today=dt.date(2027, 1, 15))
    assert refused.value.article == "Art. 27 §2"
    assert "15/01/2027" in refused.value.message
    _nothing_written(before)
    # ... and from the next day he may register again
    case = auxiliary_file(actor=clerk, holder=driver, purpose="register",
                          auxiliary=old.auxiliary, proofs=art10_files(),
                          today=dt.date(2027, 1, 16))
    assert case.state == AuxiliaryState.FILED


def test_the_decision_checks_the_rules_again_on_the_registers_art27(driver, clerk):
    # Filed while free; before the decision another request bound an auxiliary directly
    auxiliary = AuxiliaryDriverFactory()
    case = auxiliary_file(actor=clerk, holder=driver, purpose="register", auxiliary=auxiliary,
                          proofs=art10_files(), today=DAY)
    case_act(case=case, action="accept", actor=clerk)
    AuxiliaryBindingFactory(authorization=driver.authorizations.get())
    events = AuditEvent.objects.count()
    from cases.errors import StateConflict

    with pytest.raises(StateConflict):
        auxiliary_approve(case=case, actor=clerk, today=DAY)
    case.refresh_from_db()
    assert case.state == AuxiliaryState.AWAITING_DECISION
    assert AuditEvent.objects.count() == events
    assert not AuxiliaryBinding.objects.filter(auxiliary=auxiliary).exists()


def test_a_missing_document_is_asked_for_and_sent_with_the_resubmission_art27_p3(
    driver, clerk
):
    from cases.models import Document

    case = auxiliary_file(actor=clerk, holder=driver, purpose="register",
                          auxiliary=AuxiliaryDriverFactory(), proofs=art10_files(), today=DAY)
    # The clerk finds the criminal record certificate unreadable and rejects it
    case_act(case=case, action="review_document", actor=clerk, item="criminal_record",
             decision="reject", note="Ilegível")
    with pytest.raises(RuleViolation) as refused:
        case_act(case=case, action="accept", actor=clerk)
    assert refused.value.code == "documents_missing"
    case_act(case=case, action="ask_correction", actor=clerk, note="Certidão ilegível")
    # The holder sends the corrected certificate with the resubmission
    from tests.auxiliary.factories import pdf

    case_act(case=case, action="resubmit", actor=driver.user, item="criminal_record",
             document=pdf("certidao.pdf"))
    assert Document.objects.filter(case=case, item="criminal_record").count() == 2
    case = case_act(case=case, action="accept", actor=clerk)
    assert case.state == AuxiliaryState.AWAITING_DECISION
    assert list(AuditEvent.objects.filter(case=case).values_list("transition", flat=True))[-5:] == [
        "review_document", "ask_correction", "resubmit", "document_attached", "accept",
    ]
