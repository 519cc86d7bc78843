"""Authorization application (Arts. 3, 9-11, 20-23, 59 §5, 69): one service per step.

Filing writes nothing unless every check passes: the identity numbers (registers
validators), the files (by content), the driver's and the vehicle's requirements
(`registers.requirements`) and the one-open-application rule. Each later step goes through
`case_step` in its own durable transaction; the steps that touch the fleet take the fleet
lock first (see `fleet.py`).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from typing import Any, TypeVar

from django.core.exceptions import ValidationError
from django.core.files.base import ContentFile
from django.core.files.uploadedfile import UploadedFile
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from accounts.roles import Role, has_role
from cases.errors import NotPermitted, RegisterMismatch, RuleViolation, StateConflict
from cases.models import Case, Document
from cases.services.documents import CheckedFile, document_store, upload_check
from cases.services.sequences import sequence_next
from cases.services.transitions import (
    case_lock,
    case_open,
    case_record,
    case_step,
    local_today,
)
from documents.services import authorization_term_issue
from inspections.models import Inspection
from inspections.services import inspection_schedule
from law import inspection as law_inspection
from registers.models import Authorization, AuxiliaryBinding, Driver, Vehicle
from registers.requirements import (
    Unmet,
    driver_requirements_unmet,
    requirements_enforce,
    vehicle_requirements_unmet,
)
from registers.services import registration_issue
from registers.validators import (
    normalize_cnh,
    normalize_cpf,
    normalize_plate,
    normalize_renavam,
)
from workflows.application.checklist import BY_CODE, BY_FIELD, PHOTO_ITEM
from workflows.application.fleet import fleet_lock, places_allocate
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

ART_OPEN = "Art. 10; Art. 22"
ART_4_V = "Art. 4 V"
ART_10 = "Art. 10"
ART_10_P1 = "Art. 10 §1"
ART_10_I_B = "Art. 10 I b"
ART_10_I_C = "Art. 10 I c"
ART_10_II_A = "Art. 10 II a"
ART_20 = "Art. 20"
ART_22_P3 = "Art. 22 §3"
ART_22_P4 = "Art. 22 §4"

ACCEPT = "accept"
REJECT = "reject"


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


@dataclass(frozen=True)
class VehicleData:
    """The proposed vehicle (Arts. 10 II, 11)."""

    plate: str
    renavam: str
    make: str
    model: str
    manufacture_year: int
    doors: int
    capacity: int
    air_conditioning: bool
    airbag: bool
    colour: str


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


def _vehicle_clean(data: VehicleData, today: dt.date) -> VehicleData:
    _required(
        {"make": data.make, "model": data.model, "colour": data.colour},
        {"make": _("marca"), "model": _("modelo"), "colour": _("cor")},
        ART_10_II_A,
    )
    if data.manufacture_year > today.year:
        raise RuleViolation(
            _("O ano de fabricação %(year)d é posterior ao ano corrente.")
            % {"year": data.manufacture_year},
            article=ART_10_II_A,
        )
    if data.capacity < 1:
        raise RuleViolation(_("Informe a lotação do veículo."), article="Art. 10 II c")
    return VehicleData(
        plate=_valid(normalize_plate, data.plate, ART_10_II_A),
        renavam=_valid(normalize_renavam, data.renavam, ART_10_II_A),
        make=data.make.strip(),
        model=data.model.strip(),
        manufacture_year=data.manufacture_year,
        doors=data.doors,
        capacity=data.capacity,
        air_conditioning=data.air_conditioning,
        airbag=data.airbag,
        colour=data.colour.strip(),
    )


def _uploads_check(uploads: Mapping[str, UploadedFile]) -> dict[str, CheckedFile]:
    """Every file judged by its content before anything is written; keys are item codes."""
    checked: dict[str, CheckedFile] = {}
    for code, upload in uploads.items():
        item = BY_CODE.get(code)
        if item is None:
            raise RuleViolation(_("Item de documento desconhecido: %(item)s.") % {"item": code})
        file = upload_check(upload)
        if item.image_only and not file.content_type.startswith("image/"):
            raise RuleViolation(
                _("%(label)s: envie uma imagem JPEG ou PNG.") % {"label": item.label},
                article=item.article,
                code="file_type",
            )
        checked[code] = file
    return checked


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
    car = _vehicle_clean(vehicle, day)
    checked = _uploads_check(documents or {})
    try:
        with transaction.atomic(durable=True):
            driver = _driver_find(actor=actor, cpf=person.cpf, counter=counter)
            if driver is not None:
                _no_open_application(driver)
            driver = _driver_save(driver, person, user=None if counter else actor)
            proposed = _vehicle_save(car, owner=driver)
            requirements_enforce(
                driver_requirements_unmet(driver, on=day)
                + vehicle_requirements_unmet(proposed, on=day)
            )
            case = case_open(
                model=ApplicationCase,
                actor=actor,
                article=ART_OPEN,
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
        # Two filings for the same person or vehicle at the same instant: the unique
        # constraints let one through.
        raise StateConflict(
            _("Outro pedido com estes dados foi protocolado ao mesmo tempo. Confira seus "
              "processos antes de tentar de novo."),
            article=ART_22_P4,
        ) from exc
    return case


def _driver_find(*, actor: User, cpf: str, counter: bool) -> Driver | None:
    driver = Driver.objects.select_for_update().filter(cpf=cpf).first()
    if counter:
        return driver
    own = Driver.objects.filter(user=actor).first()
    if own is not None and own.cpf != cpf:
        raise NotPermitted(
            _("O CPF informado não é o do seu cadastro de taxista."), article=ART_10_I_C
        )
    if driver is not None and driver.user_id != actor.pk:
        raise RegisterMismatch()
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
    clash = Driver.objects.filter(cnh_number=data.cnh_number)
    if driver is not None:
        clash = clash.exclude(pk=driver.pk)
    if clash.exists():
        raise RegisterMismatch()
    if driver is None:
        driver = Driver(kind=Driver.Kind.HOLDER, cpf=data.cpf, user=user)
    for field in fields(ApplicantData):
        if field.name != "cpf":
            setattr(driver, field.name, getattr(data, field.name))
    driver.save()
    return driver


def _vehicle_save(data: VehicleData, *, owner: Driver) -> Vehicle:
    vehicle = Vehicle.objects.select_for_update().filter(plate=data.plate).first()
    same_renavam = Vehicle.objects.filter(renavam=data.renavam)
    if vehicle is not None:
        same_renavam = same_renavam.exclude(pk=vehicle.pk)
    other = same_renavam.first()
    if other is not None:
        raise RegisterMismatch()
    if vehicle is None:
        vehicle = Vehicle(plate=data.plate, renavam=data.renavam)
    else:
        _vehicle_free(vehicle, renavam=data.renavam)
    for field in fields(VehicleData):
        setattr(vehicle, field.name, getattr(data, field.name))
    vehicle.owner = owner
    vehicle.save()
    return vehicle


def _vehicle_free(vehicle: Vehicle, *, renavam: str) -> None:
    """A vehicle already registered may come back into service only if nothing holds it."""
    if vehicle.renavam != renavam:
        raise RegisterMismatch()
    held = Authorization.objects.filter(vehicle=vehicle, status__in=IN_FORCE).first()
    if held is not None:
        raise RuleViolation(
            _("O veículo %(plate)s já está em serviço pelo Termo de Autorização %(number)s.")
            % {"plate": vehicle.display_plate, "number": held.number},
            article=ART_4_V,
        )
    if ApplicationCase.objects.filter(vehicle=vehicle, state__in=OPEN_STATES).exists():
        raise StateConflict(
            _("O veículo %(plate)s já é objeto de outro pedido de autorização em andamento.")
            % {"plate": vehicle.display_plate},
            article=ART_4_V,
        )


# --- Documents (Art. 10) ----------------------------------------------------------------


def application_review_document(
    *, case: Case, actor: User, note: str = "", item: str = "", decision: str = ""
) -> ApplicationCase:
    """A clerk accepts or refuses, with a reason, the latest file of one checklist item."""
    entry = BY_CODE.get(item)
    if entry is None:
        raise RuleViolation(_("Escolha o item do checklist a conferir."), article=ART_10)
    if decision not in (ACCEPT, REJECT):
        raise RuleViolation(_("Escolha aceitar ou recusar o documento."), article=entry.article)
    accepted = decision == ACCEPT
    if not accepted and not note.strip():
        raise RuleViolation(_("Informe o motivo da recusa do documento."), article=entry.article)

    def latest(locked: ApplicationCase) -> Document | None:
        return (
            Document.objects.select_for_update()
            .filter(case=locked, item=item)
            .order_by("-uploaded_at", "-id")
            .first()
        )

    def guard(locked: ApplicationCase) -> None:
        if latest(locked) is None:
            raise RuleViolation(
                _("Nenhum arquivo foi enviado para “%(label)s”.") % {"label": entry.label},
                article=entry.article,
            )

    with transaction.atomic(durable=True):
        locked = case_step(
            case=case,
            action="review_document",
            actor=actor,
            note=note,
            article=entry.article,
            guard=guard,
            data={"item": item, "accepted": accepted},
        )
        document = latest(locked)
        assert document is not None
        document.review = Document.Review.ACCEPTED if accepted else Document.Review.REJECTED
        document.review_note = note[:300]
        document.save(update_fields=["review", "review_note"])
    return locked


def application_accept_documents(*, case: Case, actor: User, note: str = "") -> ApplicationCase:
    """Every item of Art. 10 I and II a is there and none refused: on to the inspection.

    Files still waiting for review are accepted by this step.
    """

    def guard(locked: ApplicationCase) -> None:
        outstanding = checklist_outstanding(locked)
        if outstanding:
            raise RuleViolation(
                _("A documentação está incompleta: %(items)s.")
                % {"items": "; ".join(str(line.label) for line in outstanding)},
                article=ART_10,
            )

    with transaction.atomic(durable=True):
        locked = case_step(
            case=case, action="accept_documents", actor=actor, note=note, guard=guard
        )
        pending = [
            line.document.pk
            for line in application_checklist(locked)
            if line.document is not None and line.status == Document.Review.PENDING
        ]
        Document.objects.filter(pk__in=pending).update(review=Document.Review.ACCEPTED)
    return locked


def application_ask_correction(*, case: Case, actor: User, note: str = "") -> ApplicationCase:
    """The clerk sends the application back: the missing and refused items are listed."""

    def guard(locked: ApplicationCase) -> None:
        if not checklist_outstanding(locked):
            raise RuleViolation(
                _("Nenhum documento falta nem foi recusado: recuse antes o que deve ser "
                  "corrigido."),
                article=ART_10,
            )

    with transaction.atomic(durable=True):
        locked = case_step(
            case=case, action="ask_correction", actor=actor, note=note, guard=guard
        )
        outstanding = checklist_outstanding(locked)
        application_notify(locked, "correction", items=outstanding, note=note)
    return locked


def application_resubmit(
    *, case: Case, actor: User, note: str = "", **uploads: UploadedFile
) -> ApplicationCase:
    """The applicant sends a new file for each missing or refused item (`doc_<item>`)."""
    unknown = sorted(set(uploads) - set(BY_FIELD))
    if unknown:
        raise RuleViolation(
            _("Item de documento desconhecido: %(item)s.") % {"item": ", ".join(unknown)}
        )
    checked = _uploads_check(uploads_by_item(uploads))

    def guard(locked: ApplicationCase) -> None:
        still = [line for line in checklist_outstanding(locked) if line.code not in checked]
        if still:
            raise RuleViolation(
                _("Envie o documento corrigido de: %(items)s.")
                % {"items": "; ".join(str(line.label) for line in still)},
                article=ART_10,
            )

    with transaction.atomic(durable=True):
        locked = case_step(
            case=case,
            action="resubmit",
            actor=actor,
            note=note,
            guard=guard,
            data={"items": sorted(checked)},
        )
        for code, file in checked.items():
            document_store(case=locked, item=code, checked=file, actor=actor)
    return locked


# --- Inspection (Art. 20) ---------------------------------------------------------------


def application_schedule_inspection(
    *, case: Case, actor: User, note: str = "", when: dt.datetime, place: str = ""
) -> ApplicationCase:
    """A clerk books the inspection (or reinspection) of the proposed vehicle."""
    if not place.strip():
        raise RuleViolation(_("Informe o local da vistoria."), article=ART_20)
    if timezone.is_naive(when):
        when = timezone.make_aware(when)
    with transaction.atomic(durable=True):
        locked = case_step(
            case=case,
            action="schedule_inspection",
            actor=actor,
            note=note,
            data={"when": when.isoformat(), "place": place},
        )
        inspection = inspection_schedule(
            case=locked, vehicle=locked.vehicle, when=when, place=place, actor=actor
        )
        application_notify(locked, "inspection_scheduled", inspection=inspection)
    return locked


def application_inspection_recorded(
    *, case: Case, inspection: Inspection, actor: User
) -> None:
    """Workflow hook, in the recording transaction: move the case on the result."""
    locked = case_lock(case)
    if locked.state != ApplicationState.INSPECTION_SCHEDULED:
        return  # withdrawn while the inspection was pending: the result changes nothing
    if inspection.status == Inspection.Status.PASSED:
        case_step(
            case=locked, action="pass_inspection", actor=actor,
            data={"inspection": inspection.pk},
        )
        return
    failed = law_inspection.failed_items(inspection.items)
    stepped = case_step(
        case=locked,
        action="fail_inspection",
        actor=actor,
        note=inspection.notes,
        data={"inspection": inspection.pk, "failed": [item.code for item in failed]},
    )
    application_notify(
        stepped, "inspection_failed", inspection=inspection,
        failed=[{"label": _(item.label), "article": item.article} for item in failed],
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
    *, case: Case, actor: User, note: str = "", today: dt.date | None = None
) -> ApplicationCase:
    """The mayor homologates (Art. 22): the authorization, its IM and the Termo are issued."""
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
        authorization_term_issue(authorization=authorization, actor=actor, case=locked)
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
        case_record(case=case, actor=actor, event="auxiliary_unbound", article="Art. 22 §4",
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


def application_reject(*, case: Case, actor: User, note: str = "") -> ApplicationCase:
    """The Secretaria refuses the application (Arts. 10, 22 §1)."""
    with transaction.atomic(durable=True):
        locked = case_step(case=case, action="reject", actor=actor, note=note)
        application_notify(locked, "refused", by_mayor=False, note=note)
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

