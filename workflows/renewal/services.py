"""Annual renewal of the IM (Arts. 9, 18-20): the services that own each transition.

The holder (portal) or a clerk (counter) files the request with the previous IM, the CRLV
and the CNH (Art. 19); a clerk checks the documents and schedules the inspection (Art.
20); the recorded inspection moves the case; the clerk's approval issues the new IM
through `registration_issue` below, which supersedes the old IM and starts the next
cycle (`cycle.py`). Every kind that issues an IM (application, substitution) calls it.

Lock order, everywhere in this kind: the IM row, then the renewal case, then the driver.
The deadline handlers of `cycle.py` and the filing lock the IM first, so a reminder, the
expiry and a filing for the same IM never interleave.
"""

from __future__ import annotations

import copy
import datetime as dt
from collections.abc import Collection

from django.core.files.uploadedfile import UploadedFile
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _l

from accounts.models import User
from accounts.roles import Role, has_role
from cases.errors import NotPermitted, RuleViolation, StateConflict
from cases.models import Case, Document
from cases.services.documents import CheckedFile, document_store, upload_check
from cases.services.transitions import case_open, case_record, case_step, local_today
from inspections.models import Inspection
from law.citations import ART_18, ART_19, ART_19_I, ART_19_II, ART_19_III, ART_20
from law.i18n import format_date
from notifications.services import notification_queue
from registers.models import IN_FORCE, Authorization, Driver, MunicipalRegistration, Vehicle
from registers.requirements import (
    driver_requirements_unmet,
    requirements_enforce,
    vehicle_requirements_unmet,
)
from registers.selectors import vehicle_in_service_at_publication
from registers.services.registrations import registration_create
from workflows.renewal.models import WAITING_STATES, RenewalCase
from workflows.renewal.selectors import RENEWABLE, registration_to_renew
from workflows.steps.inspection import InspectionStep
from workflows.steps.intake import intake_resubmit

CRLV_ITEM = "crlv"
CNH_ITEM = "cnh"
CHECKLIST = {
    CRLV_ITEM: _l("CRLV — Certificado de Registro e Licenciamento do Veículo (Art. 19 II)"),
    CNH_ITEM: _l("CNH — Carteira Nacional de Habilitação (Art. 19 III)"),
}


# --- Issuing an IM ----------------------------------------------------------------------


def registration_issue(
    *,
    authorization: Authorization,
    vehicle: Vehicle,
    valid_from: dt.date,
    actor: User | None,
    case: Case | None = None,
) -> MunicipalRegistration:
    """Issue the IM for one year (Arts. 17, 18) in the caller's transaction.

    The register writes it and supersedes the IMs it replaces; `case` (when a case
    issues it) records it; the IM card (with its QR code) is issued; the renewal cycle
    (reminders 30 and 7 days before, expiry) starts.
    """
    from documents.services import im_card_issue
    from workflows.renewal.cycle import renewal_cycle_start  # the cycle imports this module

    registration = registration_create(
        authorization=authorization, vehicle=vehicle, valid_from=valid_from
    )
    if case is not None:
        case_record(case=case, actor=actor, event="registration_issued", article=ART_18,
                    data={"registration": registration.number,
                          "valid_until": registration.valid_until.isoformat()})
    im_card_issue(registration=registration, actor=actor, case=case)
    renewal_cycle_start(registration=registration, actor=actor)
    return registration


# --- Reads shared with the cycle ------------------------------------------------------


def registration_lock(pk: int) -> MunicipalRegistration:
    """The IM row under FOR UPDATE (its own row only, not the joined authorization)."""
    return (
        MunicipalRegistration.objects.select_for_update(of=("self",))
        .select_related("authorization__holder", "authorization__vehicle")
        .get(pk=pk)
    )


def renewal_valid_from(registration: MunicipalRegistration, today: dt.date) -> dt.date:
    """First day of the IM that renews `registration` (Art. 18: renewed each year).

    Renewed in time, the new IM follows the old one without gap or overlap: it starts
    the day after the old one's last day, so renewing early costs the holder no days.
    Renewed after the old one expired, it starts on the day of the renewal: an IM is
    never valid for days already past (the lapse itself is Art. 58 XIX's matter).
    """
    lapsed = (
        registration.status == MunicipalRegistration.Status.EXPIRED
        or today > registration.valid_until
    )
    return today if lapsed else registration.valid_until + dt.timedelta(days=1)


def renewal_case_lock_in_progress(authorization: Authorization) -> RenewalCase | None:
    """The authorization's open renewal case, locked; None when there is none."""
    return (
        RenewalCase.objects.select_for_update(of=("self",))
        .filter(authorization=authorization, closed_at__isnull=True)
        .order_by("-opened_at", "-pk")
        .first()
    )


def renewal_case_open(
    *, registration: MunicipalRegistration, actor: User | None, note: str = ""
) -> RenewalCase:
    """Open the renewal case of `registration`, in the caller's transaction."""
    authorization = registration.authorization
    return case_open(
        model=RenewalCase,
        actor=actor,
        article=ART_18,
        note=note,
        applicant=authorization.holder,
        authorization=authorization,
        registration=registration,
        data={"registration": registration.number},
    )


def renewal_requirements_enforce(
    *, authorization: Authorization, cnh_expires_on: dt.date | None, on: dt.date
) -> None:
    """Art. 19 with Arts. 3, 10 and 11: the holder and the vehicle still qualify on `on`.

    `on` is the first day of the new IM. The CNH is judged by the expiry the holder
    declared with the CNH presented (Art. 19 III), not by the stale register; the holder's
    own authorization does not count against Art. 22 §4; the vehicle must still be within
    Art. 10 II and Art. 11 II (a vehicle past its Art. 12 date cannot be renewed).
    """
    holder = copy.copy(authorization.holder)  # read-only: the register is updated on approval
    if cnh_expires_on is not None:
        holder.cnh_expires_on = cnh_expires_on
    unmet = driver_requirements_unmet(holder, on=on, keep=authorization)
    unmet += vehicle_requirements_unmet(
        authorization.vehicle,
        on=on,
        in_service_at_publication=vehicle_in_service_at_publication(authorization),
    )
    requirements_enforce(unmet)


# --- Notices ----------------------------------------------------------------------------


def renewal_notify(case: RenewalCase, template: str, **context: object) -> None:
    """E-mail the holder a notice of this case (`templates/notifications/<template>`)."""
    assert case.applicant is not None
    notification_queue(case=case, recipient=case.applicant, template=template, context=context)


# --- Filing (Art. 19) -------------------------------------------------------------------


def _may_file(actor: User, holder: Driver) -> None:
    if not (holder.user_id == actor.pk or has_role(actor, Role.CLERK)):
        raise NotPermitted(
            _("Somente o próprio taxista ou um servidor pode pedir a renovação da IM."),
            article=ART_18,
        )


def _filing_inputs(
    *,
    previous_number: str,
    crlv: UploadedFile | None,
    cnh: UploadedFile | None,
    cnh_expires_on: dt.date | None,
) -> dict[str, CheckedFile]:
    """Art. 19's three items are all there, and every file is sound, before any write."""
    missing: list[tuple[str, str]] = []
    if not (previous_number or "").strip():
        missing.append((ART_19_I, _("Informe o número da IM anterior.")))
    if crlv is None:
        missing.append((ART_19_II, _("Anexe o CRLV do veículo.")))
    if cnh is None:
        missing.append((ART_19_III, _("Anexe a CNH.")))
    if cnh_expires_on is None:
        missing.append((ART_19_III, _("Informe a validade da CNH apresentada.")))
    if missing:
        raise RuleViolation(
            " ".join(message for _article, message in missing),
            article="; ".join(dict.fromkeys(article for article, _message in missing)),
            code="renewal_incomplete",
        )
    assert crlv is not None and cnh is not None
    return {CRLV_ITEM: upload_check(crlv), CNH_ITEM: upload_check(cnh)}


def renewal_file(
    *,
    actor: User,
    driver: Driver,
    previous_number: str = "",
    crlv: UploadedFile | None = None,
    cnh: UploadedFile | None = None,
    cnh_expires_on: dt.date | None = None,
    today: dt.date | None = None,
) -> RenewalCase:
    """The holder (portal) or a clerk (counter) files the renewal of the holder's IM.

    Uses the renewal case the system opened with the first reminder (or at the expiry),
    or opens one; renewing after the IM expired is allowed (see `renewal_valid_from`).
    """
    _may_file(actor, driver)
    authorization = (
        Authorization.objects.select_related("holder", "vehicle")
        .filter(holder=driver, status__in=IN_FORCE)
        .first()
    )
    if authorization is None:
        raise RuleViolation(
            _("O taxista não tem autorização em vigor cuja IM possa ser renovada."),
            article=ART_18,
        )
    return _file(
        actor=actor,
        authorization=authorization,
        case=None,
        previous_number=previous_number,
        crlv=crlv,
        cnh=cnh,
        cnh_expires_on=cnh_expires_on,
        note="",
        today=today,
    )


def renewal_submit(
    *,
    case: Case,
    actor: User,
    note: str = "",
    previous_number: str = "",
    crlv: UploadedFile | None = None,
    cnh: UploadedFile | None = None,
    cnh_expires_on: dt.date | None = None,
    today: dt.date | None = None,
) -> RenewalCase:
    """The `submit` action of a waiting case: the same filing, from the case page."""
    specific = RenewalCase.objects.select_related(
        "authorization__holder", "authorization__vehicle"
    ).get(pk=case.pk)
    assert specific.authorization is not None
    _may_file(actor, specific.authorization.holder)
    return _file(
        actor=actor,
        authorization=specific.authorization,
        case=specific,
        previous_number=previous_number,
        crlv=crlv,
        cnh=cnh,
        cnh_expires_on=cnh_expires_on,
        note=note,
        today=today,
    )


def _file(
    *,
    actor: User,
    authorization: Authorization,
    case: RenewalCase | None,
    previous_number: str,
    crlv: UploadedFile | None,
    cnh: UploadedFile | None,
    cnh_expires_on: dt.date | None,
    note: str,
    today: dt.date | None,
) -> RenewalCase:
    day = today or local_today()
    checked = _filing_inputs(
        previous_number=previous_number, crlv=crlv, cnh=cnh, cnh_expires_on=cnh_expires_on
    )
    assert cnh_expires_on is not None
    if authorization.status not in IN_FORCE:
        raise RuleViolation(
            _("O taxista não tem autorização em vigor cuja IM possa ser renovada."),
            article=ART_18,
        )
    with transaction.atomic(durable=True):
        current = registration_to_renew(authorization)
        if current is None:
            raise RuleViolation(
                _("Este termo de autorização não tem IM a renovar."), article=ART_18
            )
        registration = registration_lock(current.pk)
        if registration.status not in RENEWABLE:  # superseded while we looked
            raise StateConflict(_("A IM acabou de ser substituída; tente de novo."))
        if registration.number.casefold() != previous_number.strip().casefold():
            raise RuleViolation(
                _(
                    "A IM anterior informada (%(given)s) não é a IM deste termo a renovar "
                    "(%(number)s)."
                )
                % {"given": previous_number.strip(), "number": registration.number},
                article=ART_19_I,
            )
        if registration.valid_from > day:
            raise RuleViolation(
                _("A IM %(number)s já é a renovação: começa a valer em %(day)s.")
                % {"number": registration.number, "day": format_date(registration.valid_from)},
                article=ART_18,
            )
        renewal_requirements_enforce(
            authorization=authorization,
            cnh_expires_on=cnh_expires_on,
            on=renewal_valid_from(registration, day),
        )
        open_case = renewal_case_lock_in_progress(authorization)
        if open_case is not None and open_case.state not in WAITING_STATES:
            raise StateConflict(
                _("Já existe um pedido de renovação em andamento (processo %(number)s).")
                % {"number": open_case.number},
                article=ART_19,
            )
        if case is not None and (open_case is None or open_case.pk != case.pk):
            raise StateConflict(_("Este processo de renovação já foi encerrado."))
        target = open_case or renewal_case_open(registration=registration, actor=actor)
        filed = case_step(
            case=target,
            action="submit",
            actor=actor,
            note=note,
            kwargs={"cnh_expires_on": cnh_expires_on, "registration": registration},
            data={
                "registration": registration.number,
                "cnh_expires_on": cnh_expires_on.isoformat(),
            },
        )
        for item, upload in checked.items():
            document_store(case=filed, item=item, checked=upload, actor=actor)
    return filed


def renewal_resubmit(
    *,
    case: Case,
    actor: User,
    note: str = "",
    crlv: UploadedFile | None = None,
    cnh: UploadedFile | None = None,
    cnh_expires_on: dt.date | None = None,
    today: dt.date | None = None,
) -> Case:
    """`resubmit` with what the clerk asked for; the requirements are checked again."""
    day = today or local_today()

    def guard(locked: RenewalCase, resent: Collection[str]) -> None:
        assert locked.authorization is not None
        renewal_requirements_enforce(
            authorization=locked.authorization,
            cnh_expires_on=cnh_expires_on or locked.cnh_expires_on,
            on=renewal_valid_from(locked.registration, day),
        )

    uploads = {item: upload for item, upload in ((CRLV_ITEM, crlv), (CNH_ITEM, cnh)) if upload}
    return intake_resubmit(
        case=case,
        actor=actor,
        note=note,
        checklist=CHECKLIST,
        uploads=uploads,
        guard=guard,
        changes={"cnh_expires_on": cnh_expires_on},
    )


# --- The shared steps' parts of this kind ----------------------------------------------


def documents_complete(case: RenewalCase) -> None:
    """Guard of `accept`: each item of Art. 19 II and III has a file not refused."""
    labels = {CRLV_ITEM: (ART_19_II, _("CRLV")), CNH_ITEM: (ART_19_III, _("CNH"))}
    missing = [
        (article, label)
        for item, (article, label) in labels.items()
        if not case.documents.filter(item=item).exclude(review=Document.Review.REJECTED).exists()
    ]
    if missing:
        raise RuleViolation(
            _("Falta documento aceitável: %(items)s.")
            % {"items": ", ".join(label for _article, label in missing)},
            article="; ".join(article for article, _label in missing),
        )


def renewal_correction_notify(locked: RenewalCase, *, actor: User, note: str) -> None:
    renewal_notify(locked, "renewal_correction", note=note)


def renewal_refusal_notify(locked: RenewalCase, *, actor: User, note: str) -> None:
    """The request is refused; the IM keeps its own validity and the cycle runs on."""
    renewal_notify(locked, "renewal_rejected", note=note)


def _authorization_vehicle(case: Case) -> Vehicle:
    assert case.authorization is not None
    return case.authorization.vehicle


INSPECTION = InspectionStep(
    vehicle=_authorization_vehicle,
    on_scheduled=lambda case, inspection: renewal_notify(
        case,
        "renewal_inspection_scheduled",
        when=timezone.localtime(inspection.scheduled_for),
        place=inspection.place,
    ),
    on_failed=lambda case, inspection, failed: renewal_notify(
        case, "renewal_inspection_failed", failed=failed, notes=inspection.notes
    ),
)


# --- Decision ---------------------------------------------------------------------------


def _driver_cnh_update(*, driver: Driver, expires_on: dt.date | None) -> None:
    """Art. 9: the yearly update of the register, with the CNH the holder presented.

    A register write that belongs in `registers.services` (driver_cnh_update); kept
    here until it moves.
    """
    if expires_on is None:
        return
    row = Driver.objects.select_for_update().get(pk=driver.pk)
    if row.cnh_expires_on != expires_on:
        row.cnh_expires_on = expires_on
        row.save(update_fields=["cnh_expires_on"])


def renewal_approve(
    *, case: Case, actor: User, note: str = "", today: dt.date | None = None
) -> RenewalCase:
    """The Secretaria renews: the register is updated and the new IM issued (Arts. 9, 18).

    The new IM starts the day after the old one ends, or today if it already expired
    (`renewal_valid_from`); `registration_issue` supersedes the old IM, cancels the old
    cycle's pending deadlines and sets the next cycle (`cycle.renewal_cycle_start`).
    """
    day = today or local_today()
    with transaction.atomic(durable=True):
        specific = RenewalCase.objects.get(pk=case.pk)
        old = registration_lock(specific.registration_id)
        valid_from = renewal_valid_from(old, day)

        def guard(locked: RenewalCase) -> None:
            assert locked.authorization is not None
            if old.status not in RENEWABLE:
                raise StateConflict(
                    _("A IM %(number)s já foi substituída por outra emissão; indefira este pedido.")
                    % {"number": old.number},
                    article=ART_18,
                )
            passed = (
                locked.inspections.filter(status=Inspection.Status.PASSED)
                .order_by("-performed_at", "-pk")
                .first()
            )
            if passed is None or passed.vehicle_id != locked.authorization.vehicle_id:
                raise RuleViolation(
                    _("O veículo atual do termo não foi aprovado em vistoria neste processo."),
                    article=ART_20,
                )
            renewal_requirements_enforce(
                authorization=locked.authorization,
                cnh_expires_on=locked.cnh_expires_on,
                on=valid_from,
            )

        locked = case_step(
            case=case,
            action="approve",
            actor=actor,
            note=note,
            guard=guard,
            data={"valid_from": valid_from.isoformat()},
        )
        assert locked.authorization is not None and locked.applicant is not None
        _driver_cnh_update(driver=locked.applicant, expires_on=locked.cnh_expires_on)
        new = registration_issue(
            authorization=locked.authorization,
            vehicle=locked.authorization.vehicle,
            valid_from=valid_from,
            actor=actor,
            case=locked,
        )
        locked.new_registration = new
        locked.save(update_fields=["new_registration", "updated_at"])
        renewal_notify(locked, "renewal_renewed", registration=new, previous=old)
    return locked


def renewal_close_not_renewed(
    *, case: Case, actor: User, note: str = "", today: dt.date | None = None
) -> RenewalCase:
    """A clerk closes the case of an IM that expired and was never renewed (Art. 18).

    Also the way out for a case left waiting when the authorization itself ended
    (Arts. 23, 59): its IM then has nothing left to renew.

    Only the case closes: the authorization is NOT revoked here. Running without a valid
    IM is an infraction (Art. 58 XVIII, XIX) for a fiscal agent's notice, whose
    recidivism may lead to revocation (Art. 59 V); the holder may still file a renewal
    later, which opens a new case.
    """
    day = today or local_today()

    def guard(locked: RenewalCase) -> None:
        assert locked.authorization is not None
        ended = locked.authorization.status not in IN_FORCE  # revoked or cancelled meanwhile
        if locked.registration.is_valid_on(day) and not ended:
            raise RuleViolation(
                _(
                    "A IM %(number)s ainda vale até %(day)s; só se encerra sem renovação "
                    "depois do vencimento."
                )
                % {
                    "number": locked.registration.number,
                    "day": format_date(locked.registration.valid_until),
                },
                article=ART_18,
            )

    with transaction.atomic(durable=True):
        locked = case_step(
            case=case, action="close_not_renewed", actor=actor, note=note, guard=guard
        )
        renewal_notify(locked, "renewal_not_renewed", note=note)
    return locked
