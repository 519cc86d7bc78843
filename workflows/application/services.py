"""Authorization application (Arts. 3, 9-11, 20-23, 59 §5, 69): one service per step.

Filing writes nothing unless every check passes: the identity numbers (registers
validators), the files (by content), the driver's and the vehicle's requirements
(`registers.requirements`) and the one-open-application rule. Each later step goes through
`case_step` in its own durable transaction; the steps that touch the fleet take the fleet
lock first (see `fleet.py`).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Collection, Mapping
from dataclasses import asdict, dataclass, fields
from typing import Any, TypeVar

from django.core.exceptions import ValidationError
from django.core.files.base import ContentFile
from django.core.files.uploadedfile import UploadedFile
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from accounts.models import User
from accounts.roles import Role, has_role
from cases.errors import NotPermitted, RegisterMismatch, RuleViolation, StateConflict
from cases.models import Case, Document
from cases.services.documents import CheckedFile, document_store, upload_check
from cases.services.transitions import (
    case_lock,
    case_open,
    case_record,
    case_step,
    local_today,
)
from core.errors import CONCURRENT_WRITE
from core.sequences import sequence_next
from documents.services import authorization_term_issue
from documents.signing.keys import document_sign_by
from identity.selectors import vouched_cpf
from inspections.models import Inspection
from law import inspection as law_inspection
from law.citations import (
    ART_4_V,
    ART_10,
    ART_10_AND_22,
    ART_10_I_B,
    ART_10_I_C,
    ART_10_P1,
    ART_22_P3,
    ART_22_P4,
)
from registers.models import Authorization, AuxiliaryBinding, Driver, Vehicle
from registers.requirements import (
    Unmet,
    driver_requirements_unmet,
    requirements_enforce,
    vehicle_requirements_unmet,
)
from registers.services.drivers import driver_register
from registers.services.vehicles import VehicleData, vehicle_data_clean, vehicle_register
from registers.validators import (
    normalize_cnh,
    normalize_cpf,
)
from workflows.application.checklist import BY_CODE, BY_FIELD, ITEMS, PHOTO_ITEM
from workflows.application.fleet import fleet_lock, places_allocate
from workflows.application.fleet import fleet_place_freed as fleet_place_freed
from workflows.application.models import (
    OPEN_STATES,
    ApplicationCase,
    ApplicationState,
    AuthorizationSequence,
)
from workflows.application.notices import application_notify
from workflows.application.selectors import (
    IN_FORCE,
    application_checklist,
    checklist_outstanding,
    population_figure,
)
from workflows.renewal.services import registration_issue
from workflows.steps.inspection import InspectionStep
from workflows.steps.intake import intake_resubmit

CHECKLIST = {item.code: item.label for item in ITEMS}
ITEM_ARTICLES = {item.code: item.article for item in ITEMS}


# --- What the applicant declares --------------------------------------------------------


@dataclass(frozen=True)
class ApplicantData:
    """The driver's data of the cadastro (Arts. 9, 10 I, 17 III)."""

    name: str
    cpf: str
    cnh_number: str
    cnh_category: str
    cnh_expires_on: dt.date
    address: str
    city: str
    district: str = ""
    postal_code: str = ""
    email: str = ""
    phone: str = ""


D = TypeVar("D", ApplicantData, VehicleData)


def data_from(cls: type[D], values: Mapping[str, Any]) -> D:
    """The dataclass made of the matching keys of a form's or a serializer's data."""
    names = {f.name for f in fields(cls)}  # type: ignore[arg-type]
    return cls(**{k: v for k, v in values.items() if k in names})


def _valid(normalize: Callable[[str], str], value: str, article: str) -> str:
    try:
        return normalize(value)
    except ValidationError as exc:
        raise RuleViolation(
            " ".join(exc.messages), article=article, code=exc.error_list[0].code
        ) from None


def _required(values: Mapping[str, str], labels: Mapping[str, str], article: str) -> None:
    missing = [labels[name] for name, value in values.items() if not str(value or "").strip()]
    if missing:
        raise RuleViolation(
            _("Preencha: %(fields)s.") % {"fields": ", ".join(missing)}, article=article
        )


def _applicant_clean(data: ApplicantData) -> ApplicantData:
    _required(
        {"name": data.name, "address": data.address, "city": data.city,
         "cnh_category": data.cnh_category},
        {"name": _("nome completo"), "address": _("endereço"), "city": _("município"),
         "cnh_category": _("categoria da CNH")},
        ART_10,
    )
    return ApplicantData(
        name=" ".join(data.name.split()),
        cpf=_valid(normalize_cpf, data.cpf, ART_10_I_C),
        cnh_number=_valid(normalize_cnh, data.cnh_number, ART_10_I_B),
        cnh_category="".join(data.cnh_category.split()).upper(),
        cnh_expires_on=data.cnh_expires_on,
        address=data.address.strip(),
        city=data.city.strip(),
        district=data.district.strip(),
        postal_code=data.postal_code.strip(),
        email=data.email.strip(),
        phone=data.phone.strip(),
    )




def uploads_by_item(values: Mapping[str, object]) -> dict[str, UploadedFile]:
    """The `doc_<item>` fields of a form or a request, keyed by checklist item."""
    return {
        BY_FIELD[name].code: value  # type: ignore[misc]
        for name, value in values.items()
        if name in BY_FIELD and value
    }


# --- Filing -----------------------------------------------------------------------------


def application_file(
    *,
    actor: User,
    applicant: ApplicantData,
    vehicle: VehicleData,
    documents: Mapping[str, UploadedFile] | None = None,
    today: dt.date | None = None,
) -> ApplicationCase:
    """A driver files through the portal, or a clerk at the counter (Art. 10 §1).

    A driver without a cadastro gets one; an existing cadastro is brought up to date
    (Art. 9). The checklist may be incomplete: the clerk asks for what is missing.
    """
    day = today or local_today()
    counter = has_role(actor, Role.CLERK)
    if not (counter or has_role(actor, Role.DRIVER)):
        raise NotPermitted(
            _("Somente o taxista, pelo portal, ou um servidor, no balcão, protocola o pedido."),
            article=ART_10_P1,
        )
    person = _applicant_clean(applicant)
    car = vehicle_data_clean(vehicle, today=day)
    checked = _uploads_check(documents or {})
    try:
        with transaction.atomic(durable=True):
            driver = _driver_find(actor=actor, cpf=person.cpf, counter=counter)
            if driver is not None:
                _no_open_application(driver)
            try:
                driver = _driver_save(driver, person, user=None if counter else actor)
                proposed = vehicle_register(
                    data=car, owner=driver, refuse=_not_in_an_open_application
                )
            except StateConflict as exc:
                if exc.code != CONCURRENT_WRITE:
                    raise
                raise _filed_at_the_same_time() from exc
            requirements_enforce(
                driver_requirements_unmet(driver, on=day)
                + vehicle_requirements_unmet(proposed, on=day)
            )
            case = case_open(
                model=ApplicationCase,
                actor=actor,
                article=ART_10_AND_22,
                applicant=driver,
                vehicle=proposed,
                data={"plate": proposed.plate},
            )
            for code, file in checked.items():
                document_store(case=case, item=code, checked=file, actor=actor)
            application_notify(
                case, "filed", missing=[line.label for line in checklist_outstanding(case)]
            )
    except IntegrityError as exc:
        raise _filed_at_the_same_time() from exc
    return case


def _filed_at_the_same_time() -> StateConflict:
    """Two filings for the same person or vehicle at the same instant: the unique
    constraints of the registers let one through."""
    return StateConflict(
        _("Outro pedido com estes dados foi protocolado ao mesmo tempo. Confira seus "
          "processos antes de tentar de novo."),
        article=ART_22_P4,
    )


def _driver_find(*, actor: User, cpf: str, counter: bool) -> Driver | None:
    driver = Driver.objects.select_for_update().filter(cpf=cpf).first()
    if counter:
        return driver
    vouched = vouched_cpf(actor)
    if vouched and vouched != cpf:
        # The CPF gov.br (or Acesso Cidadão) vouched for at sign-up is the applicant's.
        raise NotPermitted(
            _("O CPF informado não é o confirmado pelo provedor de identidade."),
            article=ART_10_I_C,
        )
    own = Driver.objects.filter(user=actor).first()
    if own is not None and own.cpf != cpf:
        raise NotPermitted(
            _("O CPF informado não é o do seu cadastro de taxista."), article=ART_10_I_C
        )
    if driver is not None and driver.user_id != actor.pk:
        # LGPD: the same answer as any clash with someone else's record (core.errors).
        raise RegisterMismatch(article=ART_10)
    return driver


def _no_open_application(driver: Driver) -> None:
    open_case = ApplicationCase.objects.filter(applicant=driver, state__in=OPEN_STATES).first()
    if open_case is not None:
        raise StateConflict(
            _("Já existe um pedido de autorização em andamento para este CPF (%(number)s).")
            % {"number": open_case.number},
            article=ART_22_P4,
        )


def _driver_save(driver: Driver | None, data: ApplicantData, *, user: User | None) -> Driver:
    """A new holder's cadastro, or his existing one brought up to date (Art. 9)."""
    return driver_register(data=asdict(data), kind=Driver.Kind.HOLDER, user=user, driver=driver)


def _not_in_an_open_application(vehicle: Vehicle) -> None:
    """Art. 4 V: a registered vehicle may be proposed by one application at a time."""
    if ApplicationCase.objects.filter(vehicle=vehicle, state__in=OPEN_STATES).exists():
        raise StateConflict(
            _("O veículo %(plate)s já é objeto de outro pedido de autorização em andamento.")
            % {"plate": vehicle.display_plate},
            article=ART_4_V,
        )


# --- Intake (Art. 10) and inspection (Art. 20): the shared steps' parts of this kind ---


def _upload_check_item(code: str, upload: UploadedFile) -> CheckedFile:
    """A file judged by its content; the 3x4 photos must be images (Art. 17)."""
    item = BY_CODE[code]
    file = upload_check(upload)
    if item.image_only and not file.content_type.startswith("image/"):
        raise RuleViolation(
            _("%(label)s: envie uma imagem JPEG ou PNG.") % {"label": item.label},
            article=item.article,
            code="file_type",
        )
    return file


def _uploads_check(uploads: Mapping[str, UploadedFile]) -> dict[str, CheckedFile]:
    """Every file judged by its content before anything is written; keys are item codes."""
    unknown = sorted(set(uploads) - set(BY_CODE))
    if unknown:
        raise RuleViolation(
            _("Item de documento desconhecido: %(item)s.") % {"item": ", ".join(unknown)}
        )
    return {code: _upload_check_item(code, upload) for code, upload in uploads.items()}


def documents_complete(locked: ApplicationCase) -> None:
    """Guard of `accept`: every item of Art. 10 I and II a is there and none refused."""
    outstanding = checklist_outstanding(locked)
    if outstanding:
        raise RuleViolation(
            _("A documentação está incompleta: %(items)s.")
            % {"items": "; ".join(str(line.label) for line in outstanding)},
            article=ART_10,
        )


def application_pending_documents_accept(
    locked: ApplicationCase, *, actor: User, note: str
) -> None:
    """Effect of `accept`: files still waiting for review are accepted with the rest."""
    pending = [
        line.document.pk
        for line in application_checklist(locked)
        if line.document is not None and line.status == Document.Review.PENDING
    ]
    Document.objects.filter(pk__in=pending).update(review=Document.Review.ACCEPTED)


def application_correction_guard(locked: ApplicationCase) -> None:
    """Guard of `ask_correction`: the clerk refused or misses something first."""
    if not checklist_outstanding(locked):
        raise RuleViolation(
            _("Nenhum documento falta nem foi recusado: recuse antes o que deve ser "
              "corrigido."),
            article=ART_10,
        )


def application_correction_notify(locked: ApplicationCase, *, actor: User, note: str) -> None:
    """Effect of `ask_correction`: the applicant is told the missing and refused items."""
    application_notify(locked, "correction", items=checklist_outstanding(locked), note=note)


def application_resubmit(
    *, case: Case, actor: User, note: str = "", **uploads: UploadedFile
) -> Case:
    """`resubmit` with a new file for each missing or refused item (`doc_<item>`)."""
    unknown = sorted(set(uploads) - set(BY_FIELD))
    if unknown:
        raise RuleViolation(
            _("Item de documento desconhecido: %(item)s.") % {"item": ", ".join(unknown)}
        )

    def guard(locked: ApplicationCase, resent: Collection[str]) -> None:
        still = [line for line in checklist_outstanding(locked) if line.code not in resent]
        if still:
            raise RuleViolation(
                _("Envie o documento corrigido de: %(items)s.")
                % {"items": "; ".join(str(line.label) for line in still)},
                article=ART_10,
            )

    return intake_resubmit(
        case=case,
        actor=actor,
        note=note,
        checklist=CHECKLIST,
        uploads=uploads_by_item(uploads),
        check=_upload_check_item,
        guard=guard,
    )


def application_refusal_notify(locked: ApplicationCase, *, actor: User, note: str) -> None:
    """Effect of `reject`: the Secretaria's refusal (Arts. 10, 22 §1) is sent."""
    application_notify(locked, "refused", by_mayor=False, note=note)


def _inspection_failed_notify(
    case: Case, inspection: Inspection, failed: list[law_inspection.InspectionItem]
) -> None:
    application_notify(
        case, "inspection_failed", inspection=inspection,
        failed=[{"label": _(item.label), "article": item.article} for item in failed],
    )


INSPECTION = InspectionStep(
    vehicle=lambda case: case.vehicle,
    on_scheduled=lambda case, inspection: application_notify(
        case, "inspection_scheduled", inspection=inspection
    ),
    on_failed=_inspection_failed_notify,
)


# --- Review, homologation and the end of the road (Art. 22) -----------------------------


def _requirements_check(case: ApplicationCase, day: dt.date) -> None:
    """The requirements hold on the day of the decision, not only on the day of filing."""
    assert case.applicant is not None
    unmet = driver_requirements_unmet(case.applicant, on=day) + vehicle_requirements_unmet(
        case.vehicle, on=day
    )
    held = Authorization.objects.filter(vehicle=case.vehicle, status__in=IN_FORCE).first()
    if held is not None:
        unmet.append(
            Unmet(
                ART_4_V,
                _("O veículo %(plate)s já está em serviço pelo Termo de Autorização "
                  "%(number)s.") % {"plate": case.vehicle.display_plate, "number": held.number},
            )
        )
    requirements_enforce(unmet)


def application_approve_review(
    *, case: Case, actor: User, note: str = "", today: dt.date | None = None
) -> ApplicationCase:
    """The Secretaria approves (Art. 22 §1); a place under the cap is reserved if free,
    else the application waits in filing order (Art. 22 §2)."""
    day = today or local_today()

    def guard(locked: ApplicationCase) -> None:
        _requirements_check(locked, day)
        if population_figure(day) is None:
            raise RuleViolation(
                _("A população do Município (IBGE) não está cadastrada; sem ela não se "
                  "calcula o limite da frota. Peça ao administrador que a informe."),
                article=ART_22_P3,
            )

    with transaction.atomic(durable=True):
        fleet_lock()
        case_step(
            case=case, action="approve_review", actor=actor, note=note, guard=guard,
            kwargs={"on": day},
        )
        places_allocate(today=day)
    return ApplicationCase.objects.get(pk=case.pk)


def _authorization_number(year: int) -> str:
    return f"TA-{sequence_next(AuthorizationSequence, year=year):04d}/{year}"


def _photo_to_register(case: ApplicationCase) -> None:
    """The accepted 3x4 photo becomes the driver's, so the IM card shows it (Art. 17)."""
    document = (
        Document.objects.filter(case=case, item=PHOTO_ITEM, review=Document.Review.ACCEPTED)
        .order_by("-uploaded_at", "-id")
        .first()
    )
    if document is None or case.applicant is None:
        return
    with document.file.open("rb") as handle:
        content = handle.read()
    driver = case.applicant
    driver.photo.save(document.original_name, ContentFile(content), save=False)
    driver.save(update_fields=["photo"])


def application_homologate(
    *,
    case: Case,
    actor: User,
    note: str = "",
    today: dt.date | None = None,
    password: str = "",
) -> ApplicationCase:
    """The mayor homologates (Art. 22): the authorization, its IM and the Termo are issued.

    The mayor confirms it with his password (or second factor) and so signs the Termo
    himself, in this same step (advanced electronic signature, documents.signing.keys);
    blank or wrong, the homologation is refused and nothing is written."""
    day = today or local_today()
    with transaction.atomic(durable=True):
        # Numbered first: a refused homologation rolls back and gives its number back.
        number = _authorization_number(day.year)
        locked = case_step(
            case=case,
            action="homologate",
            actor=actor,
            note=note,
            guard=lambda c: _requirements_check(c, day),
            kwargs={"on": day},
            data={"authorization": number},
        )
        assert locked.applicant is not None
        authorization = Authorization.objects.create(
            number=number, holder=locked.applicant, vehicle=locked.vehicle, granted_on=day
        )
        locked.authorization = authorization
        locked.save(update_fields=["authorization", "updated_at"])
        _holder_from_now_on(locked, day=day, actor=actor)
        _photo_to_register(locked)
        registration = registration_issue(
            authorization=authorization, vehicle=locked.vehicle, valid_from=day,
            actor=actor, case=locked,
        )
        term = authorization_term_issue(authorization=authorization, actor=actor, case=locked)
        document_sign_by(document=term, actor=actor, password=password, case=locked)
        application_notify(
            locked, "granted", authorization=authorization, registration=registration
        )
    return locked


def _holder_from_now_on(case: ApplicationCase, *, day: dt.date, actor: User) -> None:
    """An auxiliary who receives his own authorization becomes a holder (Art. 5 I); he
    leaves the other holder's taxi, since each driver serves under one authorization
    (Art. 22 §4; Art. 27: an auxiliary drives only the vehicle he is bound to)."""
    driver = Driver.objects.select_for_update().get(pk=case.applicant_id)
    if driver.kind == Driver.Kind.HOLDER:
        return
    for binding in AuxiliaryBinding.objects.select_for_update().filter(
        auxiliary=driver, ended_on__isnull=True
    ):
        binding.ended_on = day
        binding.end_reason = AuxiliaryBinding.EndReason.RESIGNATION
        binding.save(update_fields=["ended_on", "end_reason"])
        case_record(case=case, actor=actor, event="auxiliary_unbound", article=ART_22_P4,
                    data={"authorization": binding.authorization.number})
    driver.kind = Driver.Kind.HOLDER
    driver.titular = None
    driver.save(update_fields=["kind", "titular"])


def application_deny(
    *, case: Case, actor: User, note: str = "", today: dt.date | None = None
) -> ApplicationCase:
    """The mayor refuses to homologate; the place it held goes to the next in line."""
    day = today or local_today()
    with transaction.atomic(durable=True):
        fleet_lock()
        locked = case_step(case=case, action="deny", actor=actor, note=note)
        application_notify(locked, "refused", by_mayor=True, note=note)
        places_allocate(today=day)
    return locked


def application_withdraw(
    *, case: Case, actor: User, note: str = "", today: dt.date | None = None
) -> ApplicationCase:
    """The applicant gives up; a place reserved for the application is handed on."""
    day = today or local_today()
    with transaction.atomic(durable=True):
        fleet_lock()
        held_place = case_lock(case).state == ApplicationState.AWAITING_HOMOLOGATION
        locked = case_step(case=case, action="withdraw", actor=actor, note=note)
        if held_place:
            places_allocate(today=day)
    return locked

