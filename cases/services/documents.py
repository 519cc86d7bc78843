"""Uploaded files: judged by their content, not their name, and attached to a checklist item."""

from __future__ import annotations

import hashlib
import io
import warnings
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from django.conf import settings
from django.core.files.base import ContentFile
from django.core.files.uploadedfile import UploadedFile
from django.utils.functional import Promise
from django.utils.translation import gettext as _

from accounts.models import User
from cases.errors import RuleViolation
from cases.models import Case, Document
from cases.services.transitions import case_record

MAX_UPLOAD_BYTES = 10 * 1024 * 1024

# What a file's first bytes must be for each accepted type, and the names it may carry.
_SIGNATURES = {
    "application/pdf": (b"%PDF-", (".pdf",)),
    "image/jpeg": (b"\xff\xd8\xff", (".jpg", ".jpeg")),
    "image/png": (b"\x89PNG\r\n\x1a\n", (".png",)),
}


@dataclass(frozen=True)
class CheckedFile:
    content: bytes
    content_type: str
    sha256: str
    name: str


def _sniff(head: bytes) -> str | None:
    for content_type, (magic, _names) in _SIGNATURES.items():
        if head.startswith(magic):
            return content_type
    return None


def upload_check(upload: UploadedFile) -> CheckedFile:
    """Accept PDF, JPEG and PNG up to 10 MB whose content matches their name."""
    name = upload.name or "arquivo"
    if upload.size is not None and upload.size > MAX_UPLOAD_BYTES:
        raise RuleViolation(
            _("O arquivo “%(name)s” tem mais de 10 MB.") % {"name": name}, code="file_too_large"
        )
    content = upload.read()
    if len(content) > MAX_UPLOAD_BYTES:
        raise RuleViolation(
            _("O arquivo “%(name)s” tem mais de 10 MB.") % {"name": name}, code="file_too_large"
        )
    if not content:
        raise RuleViolation(
            _("O arquivo “%(name)s” está vazio.") % {"name": name}, code="file_empty"
        )
    content_type = _sniff(content[:16])
    if content_type is None:
        raise RuleViolation(
            _("O arquivo “%(name)s” não é PDF, JPEG nem PNG.") % {"name": name},
            code="file_type",
        )
    if not name.lower().endswith(_SIGNATURES[content_type][1]):
        raise RuleViolation(
            _("O arquivo “%(name)s” não é o que diz ser: o conteúdo é %(type)s.")
            % {"name": name, "type": content_type},
            code="file_mismatch",
        )
    if content_type.startswith("image/"):
        _check_image(content, name)
    return CheckedFile(
        content=content,
        content_type=content_type,
        sha256=hashlib.sha256(content).hexdigest(),
        name=name[:200],
    )


def _check_image(content: bytes, name: str) -> None:
    """A readable image of at most MAX_IMAGE_PIXELS pixels.

    A few kilobytes of PNG can claim 50000×50000 pixels; decoding it would take gigabytes.
    Pillow reads the size from the header, so the size is checked before any decoding.
    """
    from PIL import Image, UnidentifiedImageError

    limit = int(settings.MAX_IMAGE_PIXELS)
    too_large = RuleViolation(
        _("A imagem “%(name)s” tem pixels demais (máximo de %(limit)s milhões).")
        % {"name": name, "limit": limit // 1_000_000},
        code="image_too_large",
    )
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(content)) as image:
                width, height = image.size
                if width * height > limit:
                    raise too_large
                image.verify()
    except (Image.DecompressionBombError, Image.DecompressionBombWarning) as exc:
        raise too_large from exc
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError) as exc:
        raise RuleViolation(
            _("A imagem “%(name)s” está corrompida.") % {"name": name}, code="file_corrupt"
        ) from exc


def document_store(*, case: Case, item: str, checked: CheckedFile, actor: User | None) -> Document:
    """Store an already checked file with the case, in the caller's transaction."""
    document = Document(
        case=case,
        item=item,
        original_name=checked.name,
        content_type=checked.content_type,
        size=len(checked.content),
        sha256=checked.sha256,
        uploaded_by=actor,
    )
    document.file.save(checked.name, ContentFile(checked.content), save=False)
    document.save()
    case_record(
        case=case,
        actor=actor,
        event="document_attached",
        data={"item": item, "document": document.pk, "name": checked.name},
    )
    return document


def document_latest(*, case: Case, item: str, lock: bool = False) -> Document | None:
    """The file of `item` sent last: the one a clerk reviews and a guard looks at."""
    rows = Document.objects.select_for_update() if lock else Document.objects.all()
    return rows.filter(case=case, item=item).order_by("-uploaded_at", "-id").first()


def document_review(*, case: Case, item: str, accepted: bool, note: str = "") -> Document:
    """In the caller's transaction (a kind's `review_document` step, which checked who
    acts and wrote the audit row): the latest file of `item` accepted, or refused with a
    reason the requester reads."""
    if not accepted and not note.strip():
        raise RuleViolation(
            _("Informe o motivo da recusa do documento."), code="review_reason_missing"
        )
    row = document_latest(case=case, item=item, lock=True)
    if row is None:
        raise RuleViolation(
            _("Nenhum arquivo foi enviado para este item."), code="document_missing"
        )
    row.review = Document.Review.ACCEPTED if accepted else Document.Review.REJECTED
    row.review_note = note[:300]
    row.save(update_fields=["review", "review_note"])
    return row


def proofs_check(
    proofs: Mapping[str, Sequence[UploadedFile]],
    *,
    checklist: Mapping[str, str | Promise],
    required: Iterable[str],
    article: str,
) -> list[tuple[str, CheckedFile]]:
    """Check every file against its checklist item before anything is written.

    Unknown items and missing required ones are refused with every item named at once.
    """
    unknown = sorted(set(proofs) - set(checklist))
    if unknown:
        raise RuleViolation(
            _("Itens de documentação desconhecidos: %(items)s.") % {"items": ", ".join(unknown)},
            article=article,
        )
    missing = [item for item in required if not proofs.get(item)]
    if missing:
        raise RuleViolation(
            _("Faltam documentos: %(items)s.")
            % {"items": "; ".join(str(checklist[item]) for item in missing)},
            article=article,
            code="documents_missing",
        )
    return [(item, upload_check(upload)) for item, uploads in proofs.items() for upload in uploads]


def proofs_store(*, case: Case, checked: Sequence[tuple[str, CheckedFile]], actor: User) -> None:
    """Store the checked files with the case, in the caller's transaction."""
    for item, file in checked:
        document_store(case=case, item=item, checked=file, actor=actor)


def has_usable_document(case: Case, item: str) -> bool:
    """A document of `item` not rejected by the clerk is on the case."""
    return (
        Document.objects.filter(case=case, item=item)
        .exclude(review=Document.Review.REJECTED)
        .exists()
    )
