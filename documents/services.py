"""Official documents: numbered and coded in the caller's transaction, rendered after commit.

DESIGN principle 3: `document_issue` writes the row (PENDING, with the frozen context) in
the caller's transaction and starts `documents.tasks.render_document` with
`transaction.on_commit`; the task calls `document_render`, which turns the row into a PDF
once, however many times it runs. A row left PENDING by a lost task is found again by
`documents_requeue_unrendered`; one that FAILED after its retries waits for a clerk's
`document_render_retry`.

The context is frozen at issue: the paper says what the registers said that day. The public
verification page, on the other hand, always reads the registers live (`documents.selectors`).
"""

from __future__ import annotations

import base64
import datetime as dt
import io
import json
import logging
from collections.abc import Mapping
from typing import Any

import qrcode
from django.conf import settings
from django.core.serializers.json import DjangoJSONEncoder
from django.db import transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from PIL import Image, ImageOps

from accounts.models import User
from cases.models import Case
from core.errors import RuleViolation
from core.sequences import sequence_next
from documents.codes import (
    document_number,
    verification_code_display,
    verification_code_new,
)
from documents.models import DocumentSequence, OfficialDocument
from documents.selectors import registration_in_force
from documents.signing.services import SealResult, document_file_store, seal_apply
from law.infractions import infraction
from registers.models import Authorization, Driver, MunicipalRegistration, Vehicle
from registers.selectors import authorization_driven_by
from registers.validators import display_plate, format_cpf

logger = logging.getLogger(__name__)

# WeasyPrint logs each layout step at INFO, seven lines per document, into the worker's
# log. Quieted here unless LOGGING sets a level for it explicitly.
_weasyprint_progress = logging.getLogger("weasyprint.progress")
if _weasyprint_progress.level == logging.NOTSET:
    _weasyprint_progress.setLevel(logging.WARNING)

Kind = OfficialDocument.Kind
Status = OfficialDocument.Status

DEFAULT_PUBLIC_BASE_URL = "http://127.0.0.1:8000"
PHOTO_BOX = (300, 400)
"""Pixels of the 3x4 photo kept in an IM card's context: sharp at 30 x 40 mm, a few kB."""


# --- Issue -------------------------------------------------------------------------------


def _next_sequence(kind: str, year: int) -> int:
    return sequence_next(DocumentSequence, kind=kind, year=year)


def _unused_verification_code() -> str:
    # A clash is a one-in-10**15 event; checking first keeps it from aborting the caller's
    # transaction on the unique constraint, which stays as the last word.
    for _attempt in range(5):
        code = verification_code_new()
        if not OfficialDocument.objects.filter(verification_code=code).exists():
            return code
    raise RuntimeError("no unused verification code after 5 draws")  # pragma: no cover


def context_freeze(context: Mapping[str, Any]) -> dict[str, Any]:
    """The context as JSON keeps it: dates as ISO strings, Decimals as strings.

    The templates format them back (`documents_format` filters), so a document rendered
    again years later shows exactly what was issued.
    """
    return json.loads(json.dumps(dict(context), cls=DjangoJSONEncoder))  # type: ignore[no-any-return]


def printed_number_of(
    kind: str,
    *,
    case: Case | None = None,
    authorization: Authorization | None = None,
    registration: MunicipalRegistration | None = None,
) -> str | None:
    """The number a document prints when it is the paper of something numbered already.

    One thing, one number, on screen, on paper and on the verification page: the Termo
    carries its authorization's number (Art. 22), the IM card its IM's (Art. 17 I), the
    Auto de Infração its case's (the number the clerk and the driver see). A second copy
    repeats it; its own verification code tells the copies apart. Letters, fine
    notifications and decisions have no such number and take their kind's series.
    """
    if kind == Kind.AUTHORIZATION_TERM and authorization is not None:
        return authorization.number
    if kind == Kind.IM_CARD and registration is not None:
        return registration.number
    if kind == Kind.VIOLATION_NOTICE and case is not None:
        return case.number
    return None


def document_issue(
    *,
    kind: str,
    context: Mapping[str, Any],
    actor: User | None = None,
    case: Case | None = None,
    authorization: Authorization | None = None,
    registration: MunicipalRegistration | None = None,
    driver: Driver | None = None,
    now: dt.datetime | None = None,
) -> OfficialDocument:
    """Number and code a document in the caller's transaction; render it after commit.

    The sequence is the next of its kind in the year of issue (local time), without gaps;
    the printed number is that of the thing documented (`printed_number_of`), else the
    kind's series (CR-2026/000001). The verification code is what the QR code and the
    public page (Art. 17 IM card, and every notice) are checked by.
    """
    kind = Kind(kind)
    issued_at = now or timezone.now()
    year = timezone.localtime(issued_at).year
    frozen = context_freeze(context)
    own = printed_number_of(kind, case=case, authorization=authorization, registration=registration)
    with transaction.atomic():
        sequence = _next_sequence(kind, year)
        document = OfficialDocument.objects.create(
            kind=kind,
            number=own or document_number(kind, year, sequence),
            year=year,
            sequence=sequence,
            verification_code=_unused_verification_code(),
            case=case,
            authorization=authorization,
            registration=registration,
            driver=driver,
            context=frozen,
            issued_by=actor,
            issued_at=issued_at,
        )
        # Inside the savepoint: if the caller rolls back, no task is started for a row
        # that does not exist.
        # Robust: with the broker down the document stands and the caller gets its answer;
        # `requeue_unrendered` queues the rendering again.
        transaction.on_commit(lambda: _enqueue(document.pk), robust=True)
    return document


def _enqueue(document_id: int) -> None:
    from documents.tasks import render_document

    render_document.delay(document_id)


def documents_requeue_unrendered(*, older_than: dt.timedelta = dt.timedelta(minutes=10)) -> int:
    """Start again the renders whose task was lost (worker killed, broker restarted).

    Only PENDING rows: a FAILED one is retried by its own task with backoff, and after
    the last retry waits for `document_render_retry`, so a broken template does not loop.
    Rendering is idempotent, so a duplicate task is harmless.
    """
    cutoff = timezone.now() - older_than
    ids = list(
        OfficialDocument.objects.filter(status=Status.PENDING, issued_at__lt=cutoff).values_list(
            "id", flat=True
        )[:500]
    )
    for pk in ids:
        _enqueue(pk)
    return len(ids)


def document_render_retry(*, document: OfficialDocument) -> OfficialDocument:
    """A clerk puts a FAILED document back in the rendering queue."""
    with transaction.atomic():
        row = OfficialDocument.objects.select_for_update().get(pk=document.pk)
        if row.status == Status.FAILED:
            row.status = Status.PENDING
            row.save(update_fields=["status"])
            transaction.on_commit(lambda: _enqueue(row.pk), robust=True)
    return row


# --- Render ------------------------------------------------------------------------------


def verification_url(code: str) -> str:
    """The public address printed on paper and carried by the QR code.

    PUBLIC_BASE_URL is the site's address as the public reaches it (e.g.
    https://taxi.mantenopolis.es.gov.br); the default serves the embedded demo.
    """
    base = getattr(settings, "PUBLIC_BASE_URL", DEFAULT_PUBLIC_BASE_URL).rstrip("/")
    return base + reverse("verify-code", args=[code])


def qr_code_data_uri(text: str) -> str:
    """A PNG QR code of `text` as a data: URI (embedded: the PDF fetches nothing)."""
    image = qrcode.make(text, box_size=8, border=2)
    buffer = io.BytesIO()
    image.save(buffer)
    return "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode("ascii")


def document_render_context(document: OfficialDocument) -> dict[str, Any]:
    """The stored context plus what every template's footer shows (number, code, QR)."""
    url = verification_url(document.verification_code)
    return {
        **document.context,
        "document": {
            "kind": document.kind,
            "title": document.get_kind_display(),
            "number": document.number,
            "verification_code": verification_code_display(document.verification_code),
            "issued_at": document.issued_at,
        },
        "verification_url": url,
        "qr_code": qr_code_data_uri(url),
        "signatures": signature_lines(document),
    }


def signature_lines(document: OfficialDocument) -> list[dict[str, Any]]:
    """The visible signature block (Lei 14.063/2020 art. 4º): who signs the PDF, and when.

    Drawn into the page before the PDF is signed, so it is covered by the signatures it
    announces: the person who acted (advanced signature, when he signed), then the
    municipality's seal.
    """
    lines: list[dict[str, Any]] = []
    for vote in _signed_votes(document):
        # The decision carries each member's signed vote (workflows.appeal.votes).
        assert vote.signed_by is not None
        lines.append(
            {
                "name": vote.signed_by.signature_name(),
                "role": _("voto %(number)s") % {"number": vote.number},
                "at": vote.signed_at or vote.issued_at,
                "seal": False,
            }
        )
    if document.signed_by is not None:
        lines.append(
            {
                "name": document.signed_by.signature_name(),
                "role": document.signed_by.employee_number,
                "at": document.signed_at or document.issued_at,
                "seal": False,
            }
        )
    lines.append(
        {
            "name": _("Município de %(city)s") % {"city": settings.MUNICIPALITY_NAME},
            "role": _("selo eletrônico"),
            "at": document.issued_at,
            "seal": True,
        }
    )
    return lines


def _signed_votes(document: OfficialDocument) -> list[OfficialDocument]:
    """The votes a decision carries: the case's vote documents signed by their members."""
    if document.kind != Kind.APPEAL_DECISION or document.case_id is None:
        return []
    return list(
        OfficialDocument.objects.filter(
            case_id=document.case_id, kind=Kind.APPEAL_VOTE, signed_by__isnull=False
        )
        .exclude(signer_pdf="")
        .select_related("signed_by")
        .order_by("signed_at", "id")
    )


def _attachments(document: OfficialDocument) -> list[Any]:
    """Files carried inside the PDF (PDF/A-3 allows them): a decision carries each signed
    vote as its member signed it, so the decision's PDF holds every voter's signature."""
    from weasyprint import Attachment

    attached = []
    for vote in _signed_votes(document):
        with vote.signer_pdf.open("rb") as handle:
            content = handle.read()
        attached.append(
            Attachment(
                file_obj=io.BytesIO(content),
                name=f"voto-{vote.number.replace('/', '-')}.pdf",
                description=_("Voto assinado por %(name)s")
                % {"name": vote.signed_by.signature_name() if vote.signed_by else ""},
                relationship="Source",
            )
        )
    return attached


def document_html(document: OfficialDocument) -> str:
    """The document as HTML, in the municipality's language whatever the reader's."""
    with translation.override(settings.LANGUAGE_CODE):
        return render_to_string(
            f"documents/pdf/{document.kind}.html", document_render_context(document)
        )


def document_pdf(document: OfficialDocument) -> bytes:
    """WeasyPrint's PDF of the document's HTML.

    Only data: URIs may be fetched: the context holds text people typed, and rendering
    must never reach the network or the file system because of it.
    """
    from weasyprint import HTML, URLFetcher

    fetcher = URLFetcher(allowed_protocols={"data"})
    return HTML(string=document_html(document), url_fetcher=fetcher).write_pdf(  # type: ignore[no-any-return]
        attachments=_attachments(document), **PDF_OPTIONS
    )


PDF_OPTIONS: dict[str, Any] = {"pdf_variant": "pdf/a-3b", "pdf_tags": True}
"""Archival and accessible (issue 21): PDF/A-3b keeps its fonts embedded and is what
WeasyPrint writes that a PAdES incremental signature leaves valid (the signature is added
after rendering); tags give screen readers the structure."""


def document_signed_base(document: OfficialDocument) -> bytes:
    """What the seal is added to: the PDF signed by the person who acted when he signed it
    with the act (documents.signing.keys), else the PDF drawn now."""
    if document.signer_pdf:
        with document.signer_pdf.open("rb") as handle:
            return handle.read()
    return document_pdf(document)


def document_render(*, document_id: int) -> OfficialDocument:
    """Render one document to PDF and store it. A READY document is left as it is.

    The PDF is drawn outside any transaction: WeasyPrint takes seconds, and on the
    embedded SQLite a write transaction locks the whole database, so holding one while
    drawing kept every page (a login, a form) waiting behind the worker. The row is then
    locked in a short transaction and looked at again: a second task that drew the same
    document meanwhile finds it READY and drops its copy, so the task stays safe to run
    twice (it may draw twice, it never stores twice). On an error the row is marked FAILED
    with the error, and the error is raised again for the task to retry.
    """
    document = OfficialDocument.objects.get(pk=document_id)
    if document.status == Status.READY:
        return document
    failure: Exception | None = None
    sealed: SealResult | None = None
    try:
        # Sealed here too, outside the transaction; a seal that fails leaves the document
        # READY and "assinatura pendente" (documents.signing.services), never FAILED.
        sealed = seal_apply(document, document_signed_base(document))
    except Exception as exc:
        failure = exc
    with transaction.atomic():
        row = OfficialDocument.objects.select_for_update().get(pk=document_id)
        if row.status == Status.READY:
            return row
        if failure is not None:
            row.status = Status.FAILED
            row.last_error = f"{type(failure).__name__}: {failure}"[:2000]
            row.save(update_fields=["status", "last_error"])
        else:
            assert sealed is not None
            changed = document_file_store(row, sealed, now=timezone.now())
            row.status = Status.READY
            row.rendered_at = timezone.now()
            row.last_error = ""
            row.save(update_fields=[*changed, "status", "rendered_at", "last_error"])
    if failure is not None:
        # Raised after the block, so that the FAILED row is committed, not rolled back.
        raise failure
    return row


# --- Contexts ----------------------------------------------------------------------------


def _vehicle_context(vehicle: Vehicle) -> dict[str, Any]:
    return {
        "plate": display_plate(vehicle.plate),
        "make": vehicle.make,
        "model": vehicle.model,
        "colour": vehicle.colour,
        "manufacture_year": vehicle.manufacture_year,
    }


def _address_context(driver: Driver) -> dict[str, Any]:
    return {
        "address": driver.address,
        "district": driver.district,
        "city": driver.city,
        "postal_code": driver.postal_code,
    }


def photo_data_uri(driver: Driver) -> str:
    """The driver's 3x4 photo, reduced, as a JPEG data: URI; "" when there is none.

    Kept in the context so the card shows the photo of the day it was issued, even if
    the file is replaced later.
    """
    if not driver.photo:
        return ""
    try:
        with driver.photo.open("rb") as handle, Image.open(handle) as original:
            image = ImageOps.exif_transpose(original).convert("RGB")
            image.thumbnail(PHOTO_BOX)
            buffer = io.BytesIO()
            image.save(buffer, format="JPEG", quality=85)
    except (OSError, ValueError):
        # A missing or unreadable file leaves the placeholder box on the card, where a
        # clerk sees it, rather than stopping the issue.
        logger.warning("photo of driver %s could not be read", driver.pk, exc_info=True)
        return ""
    return "data:image/jpeg;base64," + base64.b64encode(buffer.getvalue()).decode("ascii")


def authorization_term_context(authorization: Authorization) -> dict[str, Any]:
    """What the Termo de Autorização says (Arts. 1 sole paragraph, 8, 22).

    It goes to the holder, so it carries the full CPF and CNH.
    """
    holder = authorization.holder
    return {
        "authorization": {
            "number": authorization.number,
            "granted_on": authorization.granted_on,
            "predates_law": authorization.predates_law,
        },
        "holder": {
            "name": holder.name,
            "cpf": format_cpf(holder.cpf),
            "cnh_number": holder.cnh_number,
            "cnh_category": holder.cnh_category,
            **_address_context(holder),
        },
        "vehicle": {
            **_vehicle_context(authorization.vehicle),
            "renavam": authorization.vehicle.renavam,
        },
    }


def im_card_context(registration: MunicipalRegistration) -> dict[str, Any]:
    """The IM card of Art. 17: IM number, name, address, vehicle data and validity.

    It is shown in the car to passengers, so it carries no CPF nor CNH.
    """
    authorization = registration.authorization
    holder = authorization.holder
    return {
        "registration": {
            "number": registration.number,
            "valid_from": registration.valid_from,
            "valid_until": registration.valid_until,
        },
        "authorization": {"number": authorization.number},
        "holder": {
            "name": holder.name,
            "photo": photo_data_uri(holder),
            **_address_context(holder),
        },
        "vehicle": _vehicle_context(registration.vehicle),
    }


def signer_context(user: User) -> dict[str, str]:
    """Who signs an act, as the paper names him: full name and matrícula (Art. 47 VI for
    the fiscal agent), never the login."""
    return {"name": user.signature_name(), "registration": user.employee_number}


def infraction_context(item: str) -> dict[str, Any]:
    """Art. 47 III for a notice's context: the item of Art. 58, its citation and text."""
    found = infraction(item)
    return {"item": found.item, "article": found.article, "text": found.text, "group": found.group}


def authorization_term_issue(
    *,
    authorization: Authorization,
    actor: User | None,
    case: Case | None = None,
    now: dt.datetime | None = None,
) -> OfficialDocument:
    """Issue the Termo de Autorização (Art. 22, after homologation) in the caller's transaction."""
    return document_issue(
        kind=Kind.AUTHORIZATION_TERM,
        context=authorization_term_context(authorization),
        actor=actor,
        case=case,
        authorization=authorization,
        now=now,
    )


def im_card_issue(
    *,
    registration: MunicipalRegistration,
    actor: User | None,
    case: Case | None = None,
    now: dt.datetime | None = None,
) -> OfficialDocument:
    """Issue the IM card (Arts. 17, 18) in the caller's transaction."""
    return document_issue(
        kind=Kind.IM_CARD,
        context=im_card_context(registration),
        actor=actor,
        case=case,
        authorization=registration.authorization,
        registration=registration,
        now=now,
    )


# --- The driver's identification (Art. 4 X) ----------------------------------------------


def driver_card_context(
    driver: Driver,
    authorization: Authorization,
    registration: MunicipalRegistration | None,
    *,
    auxiliary: bool,
) -> dict[str, Any]:
    """What the identification of Art. 4 X shows to the passenger, over the dashboard.

    The law names the driver's name and photo and the telephone for information,
    complaints or suggestions; the Termo, the IM and the vehicle tie the card to the taxi
    it rides in, and the dress rule of Art. 58 V tells the passenger what to expect of the
    driver. It is shown to passengers, so it carries no CPF nor CNH, nor an address.
    """
    holder = authorization.holder
    return {
        "driver": {
            "name": driver.name,
            "photo": photo_data_uri(driver),
            "auxiliary": auxiliary,
            "holder_name": holder.name if auxiliary else "",
        },
        "authorization": {"number": authorization.number},
        "registration": (
            {
                "number": registration.number,
                "valid_from": registration.valid_from,
                "valid_until": registration.valid_until,
            }
            if registration is not None
            else None
        ),
        "vehicle": _vehicle_context(authorization.vehicle),
        "complaints_phone": settings.COMPLAINTS_PHONE,
        "dress_code": settings.DRESS_CODE,
    }


def driver_card_issue(
    *,
    driver: Driver,
    actor: User | None,
    today: dt.date | None = None,
    now: dt.datetime | None = None,
) -> OfficialDocument:
    """Issue the identification of the driver (Art. 4 X) for the taxi he drives today: his
    own Termo's (holder) or his titular's (auxiliary, Art. 27).

    Refused, with its reason, when he drives no taxi today or when the telephone the law
    requires on it is not configured (COMPLAINTS_PHONE): a card without it is not the
    document of Art. 4 X.
    """
    day = today or timezone.localdate()
    if not settings.COMPLAINTS_PHONE.strip():
        raise RuleViolation(
            _(
                "O telefone de informações e reclamações não está configurado "
                "(COMPLAINTS_PHONE): a identificação do condutor deve trazê-lo (Art. 4 X)."
            )
        )
    driven = authorization_driven_by(driver, today=day)
    if driven is None:
        raise RuleViolation(
            _(
                "%(name)s não tem Termo de Autorização em vigor nem vínculo de auxiliar "
                "válido hoje: não há táxi para a identificação (Arts. 4 X, 27)."
            )
            % {"name": driver.name}
        )
    authorization, binding = driven
    registration = registration_in_force(authorization, day)
    return document_issue(
        kind=Kind.DRIVER_CARD,
        context=driver_card_context(
            driver, authorization, registration, auxiliary=binding is not None
        ),
        actor=actor,
        authorization=authorization,
        registration=registration,
        driver=driver,
        now=now,
    )
