"""The transfer's services (Art. 25): filing, check, inspection (Art. 20), consent, transfer.

- The request may be filed by the beneficiary (through the portal, as a registered
  driver), by the holder himself on permanent invalidity (Art. 25 II), or by a clerk at
  the counter; a beneficiary not yet in the register is registered in the same
  transaction (Arts. 9, 10 I), so a refused request leaves no one behind.
- The beneficiary meets every requirement of a new holder — checked on the registers at
  filing, at the Secretaria's check and again under lock at the mayor's consent
  (`registers.requirements`, including Art. 22 §4: no other authorization in force).
- The vehicle is inspected (Art. 20, "no caso de transferência de autorização"): the clerk
  schedules it; recording the result moves the case (`workflows.steps.inspection`).
- The mayor consents (Art. 25 sole paragraph, "prévia anuência do Poder Público Municipal";
  the mayor homologates grants, Art. 22, so he consents to the change of their holder).
  The authorization then changes holder and keeps its number and grant date ("pelo prazo
  da outorga"); the former holder's auxiliaries leave (their binding is personal to the
  holder, Art. 27 §1); a new Termo and a new IM card (same IM, new name, Art. 17 II-III)
  are issued; the beneficiary (and, on invalidity, the former holder) is notified.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from typing import Any

from django.core.files.uploadedfile import UploadedFile
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _l

from accounts.models import User
from accounts.roles import Role, has_role
from cases.errors import NotPermitted, RuleViolation, StateConflict, from_law
from cases.models import Case, CaseKind
from cases.services.documents import has_usable_document, proofs_check, proofs_store
from cases.services.transitions import case_open, case_record, case_step, local_today
from documents.services import authorization_term_issue, im_card_issue
from inspections.models import Inspection
from law import transfer as rules
from law.citations import ART_9_AND_10_I, ART_20, ART_25, ART_25_AND_27, ART_25_SOLE
from law.errors import LawError
from notifications.services import notification_queue
from registers.models import (
    Authorization,
    AuxiliaryBinding,
    Driver,
    MunicipalRegistration,
    Vehicle,
)
from registers.requirements import (
    driver_requirements_unmet,
    requirements_enforce,
    vehicle_requirements_unmet,
)
from registers.selectors import vehicle_in_service_at_publication
from registers.services.drivers import ART_10_I_ITEMS, driver_lock_or_match
from workflows.auxiliary.services import auxiliary_bindings_end
from workflows.steps.guards import authorization_in_force_lock
from workflows.steps.inspection import InspectionStep
from workflows.transfer.models import TransferCase, TransferCause, TransferState
from workflows.transfer.selectors import authorization_pending_requests

CHECKLIST: dict[str, Any] = {
    "death_certificate": _l("Certidão de óbito do taxista (Art. 25 I)"),
    "succession_proof": _l(
        "Prova da sucessão e da ordem do Art. 1.829 do Código Civil: formal de partilha, "
        "escritura de inventário, alvará judicial ou declaração dos herdeiros com a "
        "anuência dos demais (Art. 25 I)"
    ),
    "invalidity_proof": _l(
        "Laudo ou ato que declare a invalidez permanente do taxista (Art. 25 II)"
    ),
    "kinship_proof": _l(
        "Certidão de casamento, de união estável ou de nascimento que prove o parentesco"
    ),
    **ART_10_I_ITEMS,
    "crlv": _l("CRLV do veículo (Art. 10 II a)"),
}
PROOFS_BY_CAUSE = {
    TransferCause.DEATH: ("death_certificate", "succession_proof", "kinship_proof"),
    TransferCause.INVALIDITY: ("invalidity_proof", "kinship_proof"),
}
BENEFICIARY_ITEMS = (*ART_10_I_ITEMS, "crlv")

OPEN_STATES = (
    TransferState.FILED,
    TransferState.CORRECTION_REQUESTED,
    TransferState.AWAITING_INSPECTION,
    TransferState.INSPECTION_SCHEDULED,
    TransferState.AWAITING_CONSENT,
)
# The former holder's own requests that would act on the authorization after it changed
# hands; a clerk or the mayor closes them before the consent. Renewal and vehicle
# substitution cases go on with the authorization (the system opens them for it).
HOLDER_REQUEST_KINDS = (
    CaseKind.AUXILIARY,
    CaseKind.SUSPENSION,
    CaseKind.CANCELLATION,
)


def _law(exc: LawError) -> RuleViolation:
    return from_law(exc)


def _required_items(cause: str) -> list[str]:
    return [*PROOFS_BY_CAUSE[TransferCause(cause)], *BENEFICIARY_ITEMS]


def _beneficiary_check(beneficiary: Driver, authorization: Authorization, today: dt.date) -> None:
    """Art. 25: every requirement of a new holder, on the registers, on `today`."""
    if beneficiary.pk == authorization.holder_id:
        raise RuleViolation(_("O beneficiário já é o titular desta autorização."),
                            article=ART_25)
    elsewhere = (
        AuxiliaryBinding.objects.filter(auxiliary=beneficiary, ended_on__isnull=True)
        .exclude(authorization=authorization)
        .first()
    )
    if elsewhere is not None:
        raise RuleViolation(
            _("O beneficiário está vinculado como auxiliar a outro titular; o vínculo deve "
              "ser encerrado antes da transferência."),
            article=ART_25_AND_27,
        )
    requirements_enforce(
        driver_requirements_unmet(beneficiary, on=today)
        + vehicle_requirements_unmet(
            authorization.vehicle, on=today,
            in_service_at_publication=vehicle_in_service_at_publication(authorization),
        )
    )


# --- Filing ----------------------------------------------------------------------------


FILING_FACTS = ("cause", "relationship", "event_on", "succession_class", "reason")
"""The facts of a transfer request a filing page's form and the endpoint's input both
carry under these names (`transfer_file` takes them as they are)."""


def transfer_file(
    *,
    actor: User,
    authorization: Authorization,
    cause: str,
    relationship: str,
    event_on: dt.date,
    succession_class: str = "",
    beneficiary: Driver | None = None,
    beneficiary_data: Mapping[str, Any] | None = None,
    reason: str = "",
    proofs: Mapping[str, Sequence[UploadedFile]] | None = None,
    today: dt.date | None = None,
) -> TransferCase:
    """Ask for the transfer of `authorization` to a beneficiary (Art. 25)."""
    day = today or local_today()
    succession_class = _request_check(
        actor=actor,
        authorization=authorization,
        cause=cause,
        relationship=relationship,
        event_on=event_on,
        succession_class=succession_class,
        beneficiary=beneficiary,
        has_beneficiary_data=bool(beneficiary_data),
        today=day,
    )
    # Every file is checked before anything is written: a bad file leaves no case behind.
    checked = proofs_check(proofs or {}, checklist=CHECKLIST, required=_required_items(cause),
                           article=ART_25)
    with transaction.atomic(durable=True):
        locked = authorization_in_force_lock(
            authorization.pk,
            refusal=_("A autorização %(number)s não está em vigor."),
            article=ART_25,
            error=RuleViolation,
            related=("holder", "vehicle"),
        )
        pending = authorization_pending_requests(locked, [CaseKind.TRANSFER])
        if pending:
            raise StateConflict(
                _("Já existe um pedido de transferência em andamento para esta autorização "
                  "(processo %(number)s).") % {"number": pending[0].number},
                article=ART_25,
            )
        beneficiary, created = driver_lock_or_match(
            beneficiary, data=beneficiary_data, kind=Driver.Kind.HOLDER
        )
        _beneficiary_check(beneficiary, locked, day)
        case = case_open(
            model=TransferCase,
            actor=actor,
            article=rules.ART_25_I if cause == TransferCause.DEATH else rules.ART_25_II,
            applicant=beneficiary,
            authorization=locked,
            cause=cause,
            previous_holder=locked.holder,
            relationship=relationship,
            succession_class=succession_class,
            event_on=event_on,
            reason=reason,
            data={
                "cause": cause,
                "beneficiary": beneficiary.pk,
                "previous_holder": locked.holder_id,
                "relationship": relationship,
                "succession_class": succession_class,
                "event_on": event_on.isoformat(),
            },
        )
        if created:
            case_record(
                case=case, actor=actor, event="driver_registered", article=ART_9_AND_10_I,
                data={"driver": beneficiary.pk, "kind": beneficiary.kind},
            )
        proofs_store(case=case, checked=checked, actor=actor)
    return case


# --- Check and inspection --------------------------------------------------------------


def _request_check(
    *,
    actor: User,
    authorization: Authorization,
    cause: str,
    relationship: str,
    event_on: dt.date,
    succession_class: str,
    beneficiary: Driver | None,
    has_beneficiary_data: bool,
    today: dt.date,
) -> str:
    """Art. 25: who may ask, for which cause, and whether the beneficiary may succeed,
    before anything is read under lock; returns the succession class as it counts (none
    for invalidity)."""
    is_clerk = has_role(actor, Role.CLERK)
    is_holder = authorization.holder.user_id == actor.pk
    is_beneficiary = beneficiary is not None and beneficiary.user_id == actor.pk
    if not (is_clerk or is_holder or is_beneficiary):
        raise NotPermitted(
            _("Somente o beneficiário, o próprio titular (invalidez) ou um servidor pode "
              "protocolar a transferência."),
            article=ART_25,
        )
    if cause not in TransferCause.values:
        raise RuleViolation(_("Hipótese inválida: escolha o inciso I ou II do Art. 25."),
                            article=ART_25)
    if is_holder and not is_clerk and cause == TransferCause.DEATH:
        raise RuleViolation(_("A transferência por falecimento é pedida pelo sucessor."),
                            article=rules.ART_25_I)
    if cause == TransferCause.INVALIDITY:
        succession_class = ""
    try:
        rules.check_beneficiary(cause=cause, relationship=relationship,
                                succession_class=succession_class, event_on=event_on, today=today)
    except LawError as exc:
        raise _law(exc) from exc
    if beneficiary is None and not has_beneficiary_data:
        raise RuleViolation(_("Informe o beneficiário da transferência."), article=ART_25)
    return succession_class


def _documents_check(case: TransferCase) -> None:
    missing = [
        str(CHECKLIST[item])
        for item in _required_items(case.cause)
        if not has_usable_document(case, item)
    ]
    if missing:
        raise RuleViolation(
            _("Faltam documentos aceitáveis: %(items)s.") % {"items": "; ".join(missing)},
            article=ART_25,
            code="documents_missing",
        )


def transfer_accept_guard(locked: TransferCase) -> None:
    """Guard of `accept`: the proofs are there, the beneficiary qualifies today, and no other
    transfer of the authorization is already under way (Art. 25: one at a time)."""
    _documents_check(locked)
    authorization = Authorization.objects.select_for_update().get(pk=locked.authorization_id)
    pending = authorization_pending_requests(authorization, [CaseKind.TRANSFER], exclude=locked)
    if pending:
        raise StateConflict(
            _("Já existe um pedido de transferência em andamento para esta autorização "
              "(processo %(number)s).") % {"number": pending[0].number},
            article=ART_25,
        )
    _beneficiary_check(locked.applicant, authorization, local_today())


def _authorization_vehicle(case: Case) -> Vehicle:
    assert case.authorization is not None
    return case.authorization.vehicle


def _beneficiary_notify(template: str, case: Case, **context: object) -> None:
    notification_queue(case=case, recipient=case.applicant, template=template, context=context)


INSPECTION = InspectionStep(
    vehicle=_authorization_vehicle,
    on_scheduled=lambda case, inspection: _beneficiary_notify(
        "transfer_inspection_scheduled", case, inspection=inspection,
        vehicle=inspection.vehicle,
    ),
    on_failed=lambda case, inspection, failed: _beneficiary_notify(
        "transfer_inspection_failed", case, inspection=inspection,
        failed=[_(item.label) for item in failed],
    ),
)


# --- Consent and transfer --------------------------------------------------------------


def transfer_approve(
    *, case: Case, actor: User, note: str = "", today: dt.date | None = None
) -> TransferCase:
    """The mayor consents; the authorization passes to the beneficiary for its remaining
    term (Art. 25 sole paragraph)."""
    day = today or local_today()

    def guard(locked: TransferCase) -> None:
        assert locked.authorization_id is not None
        authorization = authorization_in_force_lock(
            locked.authorization_id,
            refusal=_("A autorização %(number)s mudou desde o pedido (titular ou situação)."),
            article=ART_25,
            holder_id=locked.previous_holder_id,
        )
        pending = authorization_pending_requests(
            authorization, HOLDER_REQUEST_KINDS, exclude=locked
        )
        if pending:
            raise StateConflict(
                _("Há pedidos do titular anterior ainda em andamento sobre esta autorização "
                  "(%(numbers)s); devem ser concluídos antes da transferência.")
                % {"numbers": ", ".join(c.number for c in pending)},
                article=ART_25,
            )
        last = Inspection.objects.filter(case=locked).order_by("-performed_at", "-id").first()
        if last is None or last.status != Inspection.Status.PASSED:
            raise StateConflict(_("O veículo não foi aprovado na vistoria."), article=ART_20)
        _beneficiary_check(Driver.objects.select_for_update().get(pk=locked.applicant_id),
                           authorization, day)

    with transaction.atomic(durable=True):
        locked = case_step(case=case, action="approve", actor=actor, note=note, guard=guard,
                           kwargs={"decided_on": day})
        _transfer(locked, actor=actor, day=day)
    return locked


def _transfer(case: TransferCase, *, actor: User, day: dt.date) -> None:
    """The change of holder and what follows it, in the consenting transaction."""
    row = Authorization.objects.select_for_update().get(pk=case.authorization_id)
    beneficiary = Driver.objects.select_for_update().get(pk=case.applicant_id)
    previous = row.holder
    # Authorization.holder is a plain FK, not a transition: the change is recorded here.
    row.holder = beneficiary
    row.save(update_fields=["holder"])
    if beneficiary.kind != Driver.Kind.HOLDER or beneficiary.titular_id is not None:
        beneficiary.kind = Driver.Kind.HOLDER
        beneficiary.titular = None
        beneficiary.save(update_fields=["kind", "titular"])
    term = authorization_term_issue(authorization=row, actor=actor, case=case)
    registration = (
        MunicipalRegistration.objects.filter(
            authorization=row, status=MunicipalRegistration.Status.VALID
        )
        .order_by("-valid_until")
        .first()
    )
    card = (
        im_card_issue(registration=registration, actor=actor, case=case) if registration else None
    )
    case_record(
        case=case, actor=actor, event="authorization_transferred", article=ART_25_SOLE,
        data={
            "authorization": row.number,
            "from": previous.pk,
            "to": beneficiary.pk,
            "granted_on": row.granted_on.isoformat(),
            "on": day.isoformat(),
            "term": term.number,
            "im_card": card.number if card else None,
        },
    )
    # The auxiliary's authorization is bound to the holder's (Art. 27 §1): the former
    # holder's auxiliary leaves; the new holder registers his own if he wants one.
    ended = auxiliary_bindings_end(authorization=row, case=case, actor=actor, on=day,
                                   article=ART_25_SOLE)
    context = {"approved": True, "authorization": row, "previous": previous,
               "beneficiary": beneficiary, "term": term, "registration": registration,
               "auxiliaries_ended": bool(ended)}
    notification_queue(case=case, recipient=beneficiary, template="transfer_decided",
                       context=context)
    if case.cause == TransferCause.INVALIDITY:
        notification_queue(case=case, recipient=previous, template="transfer_decided",
                           context={**context, "to_previous_holder": True})


def transfer_deny(
    *, case: Case, actor: User, note: str = "", today: dt.date | None = None
) -> TransferCase:
    day = today or local_today()
    with transaction.atomic(durable=True):
        locked = case_step(case=case, action="deny", actor=actor, note=note,
                           kwargs={"decided_on": day})
        notification_queue(
            case=locked, recipient=locked.applicant, template="transfer_decided",
            context={"approved": False, "authorization": locked.authorization, "note": note},
        )
    return locked
