"""Art. 25: the transfer depends on the beneficiary meeting every requirement of a new
holder and on the kinship the cause admits; a refusal writes nothing."""

from __future__ import annotations

import datetime as dt

import pytest

from cases.errors import RuleViolation, StateConflict
from cases.models import AuditEvent, Case, Document
from notifications.models import Notification
from registers.models import Authorization, Driver
from tests.factories import AuthorizationFactory, DriverFactory
from tests.transfer.factories import TransferCaseFactory, transfer_files
from workflows.transfer.models import TransferState
from workflows.transfer.services import transfer_approve, transfer_file

pytestmark = pytest.mark.django_db
DEATH = dt.date(2026, 2, 10)
DAY = dt.date(2026, 3, 2)


def _file(authorization, beneficiary, **overrides):
    fields = {
        "actor": beneficiary.user, "authorization": authorization, "cause": "I",
        "relationship": "descendant", "succession_class": "I", "event_on": DEATH,
        "beneficiary": beneficiary, "proofs": transfer_files("I"), "today": DAY,
    }
    fields.update(overrides)
    return transfer_file(**fields)


def _nothing_written(drivers: int) -> None:
    assert (Case.objects.count(), AuditEvent.objects.count(), Document.objects.count(),
            Notification.objects.count()) == (0, 0, 0, 0)
    assert Driver.objects.count() == drivers


def test_a_beneficiary_who_holds_another_authorization_is_refused_art25_art22_p4(
    authorization,
):
    heir = AuthorizationFactory().holder
    drivers = Driver.objects.count()
    with pytest.raises(RuleViolation) as refused:
        _file(authorization, heir)
    assert refused.value.article == "Art. 22 §4"
    _nothing_written(drivers)
    assert Authorization.objects.get(pk=authorization.pk).holder != heir


def test_a_beneficiary_living_outside_the_municipality_is_refused_art25_art3(authorization):
    heir = DriverFactory(city="Mantena", cnh_category="A")
    drivers = Driver.objects.count()
    with pytest.raises(RuleViolation) as refused:
        _file(authorization, heir)
    assert refused.value.article == "Art. 3; Art. 10 I b"
    assert refused.value.code == "requirements_unmet"
    _nothing_written(drivers)


def test_a_beneficiary_barred_after_a_cancellation_is_refused_art25_art23(authorization):
    heir = DriverFactory()
    AuthorizationFactory(holder=heir, status=Authorization.Status.CANCELLED,
                         ended_on=dt.date(2024, 5, 1))
    drivers = Driver.objects.count()
    with pytest.raises(RuleViolation) as refused:
        _file(authorization, heir)
    assert refused.value.article == "Art. 23 parágrafo único"
    _nothing_written(drivers)


def test_a_new_beneficiary_failing_a_requirement_is_not_left_in_the_register_art25(
    authorization, clerk
):
    from validate_docbr import CNH, CPF

    drivers = Driver.objects.count()
    with pytest.raises(RuleViolation):
        transfer_file(
            actor=clerk, authorization=authorization, cause="I", relationship="spouse",
            succession_class="III", event_on=DEATH, proofs=transfer_files("I"), today=DAY,
            beneficiary_data={
                "name": "Fora do Prazo", "cpf": CPF().generate(), "cnh_number": CNH().generate(),
                "cnh_category": "B", "cnh_expires_on": dt.date(2026, 1, 1),
                "address": "Rua A, 1", "city": "Mantenópolis",
            },
        )
    _nothing_written(drivers)


def test_on_invalidity_only_the_spouse_or_a_descendant_art25_ii(authorization):
    holder = authorization.holder
    drivers = Driver.objects.count()
    parent = DriverFactory()
    with pytest.raises(RuleViolation) as refused:
        transfer_file(actor=holder.user, authorization=authorization, cause="II",
                      relationship="ascendant", event_on=DEATH, beneficiary=parent,
                      proofs=transfer_files("II"), today=DAY)
    assert refused.value.article == "Art. 25 II"
    _nothing_written(drivers + 1)


def test_the_kinship_must_fit_the_class_of_cc_1829_art25_i(authorization):
    heir = DriverFactory()
    drivers = Driver.objects.count()
    with pytest.raises(RuleViolation) as refused:
        _file(authorization, heir, succession_class="III")
    assert refused.value.article == "Art. 25 I; CC Art. 1.829"
    with pytest.raises(RuleViolation) as refused:
        _file(authorization, heir, succession_class="")
    assert "1.829" in refused.value.message
    _nothing_written(drivers)


def test_the_death_certificate_and_succession_proof_are_required_art25_i(authorization):
    heir = DriverFactory()
    files = transfer_files("I")
    del files["succession_proof"]
    drivers = Driver.objects.count()
    with pytest.raises(RuleViolation) as refused:
        _file(authorization, heir, proofs=files)
    assert refused.value.code == "documents_missing"
    assert "1.829" in refused.value.message
    _nothing_written(drivers)


def test_the_holder_cannot_ask_a_transfer_for_his_own_death_art25_i(authorization):
    drivers = Driver.objects.count()
    with pytest.raises(RuleViolation):
        _file(authorization, DriverFactory(user=None), actor=authorization.holder.user)
    _nothing_written(drivers + 1)


def test_one_transfer_at_a_time_art25(authorization):
    TransferCaseFactory(authorization=authorization)
    heir = DriverFactory()
    with pytest.raises(StateConflict):
        _file(authorization, heir)
    assert Case.objects.count() == 1


def test_the_consent_checks_the_requirements_again_art25_sole(authorization, mayor):
    # Filed and inspected while the beneficiary met everything; by the consent his CNH
    # has expired
    heir = DriverFactory(cnh_expires_on=dt.date(2026, 3, 10))
    case = TransferCaseFactory(authorization=authorization, applicant=heir,
                               awaiting_consent=True)
    from django.utils import timezone

    from inspections.models import Inspection

    Inspection.objects.create(case=case, vehicle=authorization.vehicle,
                              scheduled_for=timezone.now(), place="Pátio",
                              status=Inspection.Status.PASSED, performed_at=timezone.now())
    with pytest.raises(RuleViolation) as refused:
        transfer_approve(case=case, actor=mayor, today=dt.date(2026, 3, 11))
    assert refused.value.article == "Art. 10 I b"
    case.refresh_from_db()
    assert case.state == TransferState.AWAITING_CONSENT
    assert not AuditEvent.objects.filter(case=case).exists()
    authorization.refresh_from_db()
    assert authorization.holder == case.previous_holder
    # On a day the CNH was valid the consent goes through
    transfer_approve(case=case, actor=mayor, today=dt.date(2026, 3, 9))
    authorization.refresh_from_db()
    assert authorization.holder == heir


def test_the_former_holders_open_requests_must_be_closed_first_art25(authorization, mayor):
    from tests.factories import SuspensionCaseFactory

    pending = SuspensionCaseFactory(authorization=authorization)
    case = TransferCaseFactory(authorization=authorization, awaiting_consent=True)
    with pytest.raises(StateConflict) as refused:
        transfer_approve(case=case, actor=mayor, today=DAY)
    assert pending.number in refused.value.message
    authorization.refresh_from_db()
    assert authorization.holder == case.previous_holder
    assert not AuditEvent.objects.filter(case=case).exists()


def test_no_consent_without_a_passed_inspection_art20(authorization, mayor):
    case = TransferCaseFactory(authorization=authorization, awaiting_consent=True)
    with pytest.raises(StateConflict) as refused:
        transfer_approve(case=case, actor=mayor, today=DAY)
    assert refused.value.article == "Art. 20"
    authorization.refresh_from_db()
    assert authorization.holder == case.previous_holder
