"""Art. 25: the authorization passes to the beneficiary, who meets every requirement, after
the vehicle's inspection (Art. 20) and the municipality's consent; it keeps its term."""

from __future__ import annotations

import datetime as dt

import pytest

from cases.models import AuditEvent
from cases.services.transitions import case_act
from documents.models import OfficialDocument
from inspections.models import Inspection
from inspections.services import inspection_record_for_case
from notifications.models import Notification
from registers.models import Authorization, AuxiliaryBinding, Driver
from tests.auxiliary.factories import AuxiliaryBindingFactory
from tests.factories import DriverFactory, MunicipalRegistrationFactory
from tests.transfer.factories import transfer_files
from workflows.transfer.models import TransferState
from workflows.transfer.services import transfer_approve, transfer_file

pytestmark = pytest.mark.django_db
DEATH = dt.date(2026, 2, 10)
FILED = dt.date(2026, 3, 2)
CONSENT = dt.date(2026, 3, 20)


def _to_consent(case, clerk, agent, when, items):
    case_act(case=case, action="accept", actor=clerk)
    case_act(case=case, action="schedule_inspection", actor=clerk, when=when,
             place="Pátio da Prefeitura")
    inspection = Inspection.objects.get(case=case)
    inspection_record_for_case(inspection=inspection, actor=agent, items=items)


def test_on_death_the_son_who_drove_as_auxiliary_becomes_the_holder_art25_i(
    authorization, clerk, mayor, agent, tomorrow_at_nine, all_items_met
):
    # Given a holder whose son drove as his auxiliary, and the IM of the vehicle
    son = DriverFactory(kind=Driver.Kind.AUXILIARY, titular=authorization.holder)
    AuxiliaryBindingFactory(authorization=authorization, auxiliary=son)
    registration = MunicipalRegistrationFactory(authorization=authorization)
    father = authorization.holder
    before = Authorization.objects.values("number", "granted_on", "predates_law", "status",
                                          "vehicle").get(pk=authorization.pk)
    # When the son files after the death, as a descendant (CC art. 1.829 I)
    case = transfer_file(actor=son.user, authorization=authorization, cause="I",
                         relationship="descendant", succession_class="I", event_on=DEATH,
                         beneficiary=son, proofs=transfer_files("I"), today=FILED)
    assert (case.applicant, case.previous_holder) == (son, father)
    # And the clerk checks, the vehicle passes the inspection and the mayor consents
    _to_consent(case, clerk, agent, tomorrow_at_nine, all_items_met)
    case.refresh_from_db()
    assert case.state == TransferState.AWAITING_CONSENT
    case = transfer_approve(case=case, actor=mayor, today=CONSENT)
    # Then the authorization is his, for the rest of its term (Art. 25 sole paragraph)
    authorization.refresh_from_db()
    assert authorization.holder == son
    assert Authorization.objects.values("number", "granted_on", "predates_law", "status",
                                        "vehicle").get(pk=authorization.pk) == before
    son.refresh_from_db()
    assert (son.kind, son.titular) == (Driver.Kind.HOLDER, None)
    # His auxiliary binding to his father's authorization ended with it
    binding = AuxiliaryBinding.objects.get()
    assert (binding.ended_on, binding.end_reason) == (CONSENT, "authorization_ended")
    # A new Termo and a new IM card (same IM) name him
    term = OfficialDocument.objects.get(kind="authorization_term")
    assert (term.case_id, term.authorization, term.context["holder"]["name"]) == (
        case.pk, authorization, son.name,
    )
    assert term.context["authorization"]["granted_on"] == "2024-03-01"
    card = OfficialDocument.objects.get(kind="im_card")
    assert (card.registration, card.context["holder"]["name"]) == (registration, son.name)
    assert (case.state, case.decided_on) == (TransferState.TRANSFERRED, CONSENT)
    assert case.closed_at is not None
    assert list(AuditEvent.objects.filter(case=case).values_list("transition", flat=True)) == [
        "open", *["document_attached"] * 11, "accept", "schedule_inspection",
        "inspection_scheduled", "inspection_recorded", "pass_inspection", "approve",
        "authorization_transferred", "auxiliary_unbound",
    ]
    transferred = AuditEvent.objects.get(case=case, transition="authorization_transferred")
    assert transferred.article == "Art. 25 parágrafo único"
    assert (transferred.data["from"], transferred.data["to"]) == (father.pk, son.pk)
    decided = Notification.objects.get(case=case, template="transfer_decided")
    assert decided.recipient == son
    assert "01/03/2024" in decided.body and "20/03/2026" in decided.body
    # The father no longer holds any authorization
    assert not Authorization.objects.filter(holder=father).exists()


def test_on_invalidity_the_holder_transfers_to_his_spouse_art25_ii(
    authorization, clerk, mayor, agent, tomorrow_at_nine, all_items_met
):
    from validate_docbr import CNH, CPF

    holder = authorization.holder
    spouse_data = {
        "name": "Maria Cônjuge", "cpf": CPF().generate(), "cnh_number": CNH().generate(),
        "cnh_category": "B", "cnh_expires_on": dt.date(2030, 5, 1),
        "address": "Rua Principal, 100", "city": "Mantenópolis", "email": "maria@example.org",
    }
    case = transfer_file(actor=holder.user, authorization=authorization, cause="II",
                         relationship="spouse", event_on=dt.date(2026, 1, 20),
                         beneficiary_data=spouse_data, proofs=transfer_files("II"), today=FILED)
    spouse = Driver.objects.get(cpf=spouse_data["cpf"])
    assert (case.applicant, spouse.kind, case.succession_class) == (spouse, "holder", "")
    assert list(AuditEvent.objects.filter(case=case).values_list("transition", flat=True))[:2] == [
        "open", "driver_registered",
    ]
    _to_consent(case, clerk, agent, tomorrow_at_nine, all_items_met)
    transfer_approve(case=case, actor=mayor, today=CONSENT)
    authorization.refresh_from_db()
    assert authorization.holder == spouse
    # Both are told: the beneficiary and the former holder, who is alive (Art. 25 II)
    assert sorted(
        Notification.objects.filter(case=case, template="transfer_decided").values_list(
            "recipient__name", flat=True
        )
    ) == sorted([spouse.name, holder.name])


def test_a_failed_inspection_sends_the_case_back_for_a_new_one_art20(
    authorization, clerk, agent, tomorrow_at_nine, all_items_met
):
    heir = DriverFactory()
    case = transfer_file(actor=heir.user, authorization=authorization, cause="I",
                         relationship="descendant", succession_class="I", event_on=DEATH,
                         beneficiary=heir, proofs=transfer_files("I"), today=FILED)
    items = {**all_items_met, "seat_belts": False}
    _to_consent(case, clerk, agent, tomorrow_at_nine, items)
    case.refresh_from_db()
    assert case.state == TransferState.AWAITING_INSPECTION
    failed = AuditEvent.objects.filter(case=case).last()
    assert (failed.transition, failed.article) == ("fail_inspection", "Art. 20")
    assert failed.data["failed"] == ["seat_belts"]
    notice = Notification.objects.get(case=case, template="transfer_inspection_failed")
    assert "Cintos de segurança" in notice.body
    # A new inspection may be booked
    case_act(case=case, action="schedule_inspection", actor=agent, when=tomorrow_at_nine,
             place="Pátio")
    case.refresh_from_db()
    assert case.state == TransferState.INSPECTION_SCHEDULED
