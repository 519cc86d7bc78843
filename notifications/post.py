"""Legal notices by registered post with return receipt (AR), Arts. 46 and 47.

The letter is a row and a PDF ready to print; the clerk records the posting, the attempts
and what the AR card says. When the AR shows a date that counts (delivery, or the visit
to an out-of-date address), the case's workflow is told in the same transaction, which
starts the offender's clocks.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import UploadedFile
from django.db import transaction
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.translation import gettext as _

from accounts.models import User
from accounts.roles import Role, has_role
from cases.errors import NotPermitted, RuleViolation, StateConflict
from cases.models import Case
from cases.services.documents import upload_check
from cases.services.transitions import case_record, local_today
from cases.workflow import workflow_for
from law.i18n import format_date
from law.notice import ClockStart, ReturnReason, received_on
from notifications.models import DeliveryAttempt, Notification
from notifications.services import notification_queue
from notifications.validators import normalize_tracking_code
from registers.models import Driver

ART_46 = "Art. 46"


def postal_address(driver: Driver) -> str:
    parts = [driver.address, driver.district, driver.city, driver.postal_code]
    return " — ".join(p for p in parts if p)


def letter_context(
    *, case: Case, recipient: Driver, subject: str, body: str, today: dt.date | None = None
) -> dict[str, object]:
    """The keys documents/pdf/registered_letter.html reads (see its header).

    The letter is dated the day it is written; the post office's date is on the AR and in
    the case's record, and the clocks count from the AR (Art. 46 §2), not from this line.
    """
    return {
        "recipient": {
            "name": recipient.name,
            "address": recipient.address,
            "district": recipient.district,
            "city": recipient.city,
            "postal_code": recipient.postal_code,
        },
        "reference": _("Processo %(number)s") % {"number": case.number},
        "subject": subject,
        "body": body,
        "place": settings.MUNICIPALITY_NAME,
        "dated_on": today or local_today(),
        "sender": {
            "name": _("Secretaria de Finanças"),
            "role": _("Prefeitura Municipal de %(city)s") % {"city": settings.MUNICIPALITY_NAME},
        },
    }


def notice_send(
    *,
    case: Case,
    recipient: Driver,
    template: str,
    context: Mapping[str, object],
    actor: User | None,
) -> Notification:
    """Write the registered letter (and a courtesy e-mail) in the caller's transaction."""
    from documents.models import OfficialDocument
    from documents.services import document_issue

    with translation.override(settings.LANGUAGE_CODE):
        full = {"case": case, "recipient": recipient, **context}
        subject = render_to_string(f"notifications/{template}.subject.txt", full).strip()
        body = render_to_string(f"notifications/{template}.txt", full)
        paper = letter_context(case=case, recipient=recipient, subject=subject, body=body)
    address = postal_address(recipient)
    letter = document_issue(
        kind=OfficialDocument.Kind.REGISTERED_LETTER,
        case=case,
        actor=actor,
        context=paper,
    )
    notification = Notification.objects.create(
        case=case,
        recipient=recipient,
        address=address,
        legal=True,
        channel=Notification.Channel.REGISTERED_POST,
        template=template,
        subject=subject,
        body=body,
        letter=letter,
    )
    notification_queue(case=case, recipient=recipient, template=template, context=dict(context))
    case_record(
        case=case,
        actor=actor,
        event="notice_letter_written",
        article=ART_46,
        data={"notification": notification.pk, "letter": letter.number},
    )
    return notification


def _clerk(actor: User) -> None:
    if not has_role(actor, Role.CLERK):
        raise NotPermitted(_("Somente servidores registram a postagem e o AR."))


def _letter(notification: Notification) -> Notification:
    row = Notification.objects.select_for_update().get(pk=notification.pk)
    if row.channel != Notification.Channel.REGISTERED_POST:
        raise RuleViolation(_("Esta notificação não é uma carta registrada."))
    return row


def _not_future(day: dt.date | None, label: str, today: dt.date) -> None:
    if day is not None and day > today:
        raise RuleViolation(
            _("A data “%(label)s” (%(day)s) está no futuro.")
            % {"label": label, "day": format_date(day)}
        )


def letter_record_posting(
    *, notification: Notification, actor: User, tracking_code: str, posted_on: dt.date
) -> Notification:
    """The letter went to the post office with this S10 tracking code."""
    _clerk(actor)
    try:
        code = normalize_tracking_code(tracking_code)
    except ValidationError as exc:
        raise RuleViolation(" ".join(exc.messages), code="invalid_tracking_code") from exc
    _not_future(posted_on, _("postagem"), local_today())
    with transaction.atomic(durable=True):
        row = _letter(notification)
        if row.status != Notification.Status.QUEUED:
            raise StateConflict(_("A postagem desta carta já foi registrada."))
        row.tracking_code = code
        row.posted_on = posted_on
        row.status = Notification.Status.SENT
        row.save(update_fields=["tracking_code", "posted_on", "status"])
        case_record(
            case=row.case,
            actor=actor,
            event="letter_posted",
            article=ART_46,
            data={
                "notification": row.pk,
                "tracking_code": code,
                "posted_on": posted_on.isoformat(),
            },
        )
    return row


def letter_record_attempt(
    *, notification: Notification, actor: User, attempted_on: dt.date, note: str = ""
) -> DeliveryAttempt:
    _clerk(actor)
    _not_future(attempted_on, _("tentativa"), local_today())
    with transaction.atomic(durable=True):
        row = _letter(notification)
        if row.status != Notification.Status.SENT:
            raise StateConflict(_("Registre a postagem antes das tentativas de entrega."))
        if row.posted_on and attempted_on < row.posted_on:
            raise RuleViolation(_("A tentativa não pode ser anterior à postagem."))
        attempt = DeliveryAttempt.objects.create(
            notification=row, attempted_on=attempted_on, note=note, recorded_by=actor
        )
        case_record(
            case=row.case,
            actor=actor,
            event="delivery_attempt",
            note=note,
            data={"notification": row.pk, "on": attempted_on.isoformat()},
        )
    return attempt


def letter_record_receipt(
    *,
    notification: Notification,
    actor: User,
    ar_attached_on: dt.date,
    delivered_on: dt.date | None = None,
    receiver_name: str = "",
    receiver_document: str = "",
    return_reason: str = "",
    visit_on: dt.date | None = None,
    scan: UploadedFile | None = None,
) -> Notification:
    """What the AR card says: delivered to someone, or returned with a reason.

    The date that counts (Art. 46 §2, 47 §2; setting NOTIFICATION_CLOCK_START) is passed
    to the case's workflow, which starts the clocks.
    """
    _clerk(actor)
    today = local_today()
    for day, label in (
        (ar_attached_on, _("juntada do AR")),
        (delivered_on, _("entrega")),
        (visit_on, _("visita")),
    ):
        _not_future(day, label, today)
    if (delivered_on is None) == (not return_reason):
        raise RuleViolation(
            _("Informe a data de entrega ou o motivo da devolução do AR, um dos dois.")
        )
    if delivered_on and not receiver_name.strip():
        raise RuleViolation(_("Informe o nome de quem recebeu a carta."))
    if return_reason:
        try:
            reason = ReturnReason(return_reason)
        except ValueError:
            raise RuleViolation(_("Motivo de devolução desconhecido.")) from None
        if visit_on is None:
            raise RuleViolation(_("Informe a data da visita que consta no AR."))
    else:
        reason = None
    event_day = delivered_on or visit_on
    assert event_day is not None
    if ar_attached_on < event_day:
        raise RuleViolation(_("O AR não pode ser juntado antes da entrega ou da visita."))
    checked_scan = upload_check(scan) if scan is not None else None

    with transaction.atomic(durable=True):
        row = _letter(notification)
        if row.status != Notification.Status.SENT:
            raise StateConflict(_("Registre a postagem antes do AR (ou o AR já foi registrado)."))
        if row.posted_on and event_day < row.posted_on:
            raise RuleViolation(_("A entrega ou visita não pode ser anterior à postagem."))
        counts_from = received_on(
            clock=ClockStart(settings.NOTIFICATION_CLOCK_START),
            delivered_on=delivered_on,
            visit_on=visit_on,
            ar_attached_on=ar_attached_on,
            return_reason=reason,
            refusal_counts=settings.NOTICE_REFUSAL_COUNTS,
        )
        row.delivered_on = delivered_on
        row.visit_on = visit_on
        row.receiver_name = receiver_name
        row.receiver_document = receiver_document
        row.return_reason = return_reason
        row.ar_attached_on = ar_attached_on
        row.received_on = counts_from
        row.status = Notification.Status.DELIVERED if delivered_on else Notification.Status.RETURNED
        if checked_scan is not None:
            from django.core.files.base import ContentFile

            row.ar_scan.save(checked_scan.name, ContentFile(checked_scan.content), save=False)
        row.save()
        case_record(
            case=row.case,
            actor=actor,
            event="return_receipt",
            article=ART_46,
            data={
                "notification": row.pk,
                "status": row.status,
                "return_reason": return_reason,
                "received_on": counts_from.isoformat() if counts_from else None,
            },
        )
        if counts_from is not None and row.legal:
            hook = workflow_for(row.case.kind).on_notice_received
            if hook is not None:
                hook(case=row.case, received_on=counts_from, actor=actor)
    return row
