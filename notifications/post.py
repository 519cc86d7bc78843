"""Legal notices by registered post with return receipt (AR), Arts. 46 and 47.

The letter is a row and a PDF ready to print; the clerk records the posting, the attempts
and what the AR card says. When the AR shows a date that counts (delivery, or the visit
to an out-of-date address), the case's workflow is told in the same transaction, which
starts the offender's clocks.
"""

from __future__ import annotations

import datetime as dt
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import UploadedFile
from django.db import IntegrityError, transaction
from django.template.loader import render_to_string
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from accounts.models import User
from accounts.roles import Role, has_role
from cases.errors import NotPermitted, RuleViolation, StateConflict
from cases.explanations import rule_terms
from cases.models import Case, Deadline
from cases.services.deadlines import deadlines_received_by
from cases.services.documents import CheckedFile, upload_check
from cases.services.transitions import case_record, local_today
from cases.workflow import workflow_for
from law.citations import ART_46, ART_71
from law.deadlines import DeadlineRule, StartBasis
from law.i18n import format_date
from law.notice import ClockStart, ReturnReason, received_on
from law.statute import PUBLICATION_DATE
from notifications.models import DeliveryAttempt, Notification, Receiver
from notifications.services import notification_queue
from notifications.validators import normalize_tracking_code
from registers.models import Driver
from registers.validators import normalize_cpf

REFUSAL_WITNESSES: Final = 2
"""Art. 46 asks for a receipt; a refusal to give one is proven by two witnesses, named
with their CPFs (the reading in docs/interpretations.md; issue 19, item 7)."""


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
    password: str | None = None,
    starts: Sequence[DeadlineRule] = (),
) -> Notification:
    """Write the registered letter (and a courtesy e-mail) in the caller's transaction.

    With `password` (her password or second factor's code) the clerk who sends it signs
    the letter in this same step; blank (RuleViolation) or wrong (NotPermitted), the
    caller's transaction writes nothing. None: an act not signed by its actor (a system
    letter), sealed only. `starts`: the deadlines the letter's receipt will start;
    the letter says how each will be counted (issue 24 §3), since their dates depend on
    the AR."""
    from documents.models import OfficialDocument
    from documents.services import document_issue
    from documents.signing.keys import document_sign_by

    with translation.override(settings.LANGUAGE_CODE):
        full = {"case": case, "recipient": recipient, **context}
        subject = render_to_string(f"notifications/{template}.subject.txt", full).strip()
        body = render_to_string(f"notifications/{template}.txt", full)
        paper = letter_context(case=case, recipient=recipient, subject=subject, body=body)
        paper["deadlines"] = [
            {"label": _(rule.label), "article": rule.article, "how": rule_terms(rule)}
            for rule in starts
        ]
    address = postal_address(recipient)
    letter = document_issue(
        kind=OfficialDocument.Kind.REGISTERED_LETTER,
        case=case,
        actor=actor,
        context=paper,
    )
    if password is not None and actor is not None:
        document_sign_by(document=letter, actor=actor, password=password, case=case)
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


def _not_before_the_law(day: dt.date | None, label: str) -> None:
    """No act of a notice under the law can predate the law (Art. 71: in force on its
    publication); a date like 01/01/0001 is a typing mistake."""
    if day is not None and day < PUBLICATION_DATE:
        raise RuleViolation(
            _("A data “%(label)s” (%(day)s) é anterior à publicação da lei (%(law)s).")
            % {"label": label, "day": format_date(day), "law": format_date(PUBLICATION_DATE)},
            article=ART_71,
        )


def _written_on(row: Notification) -> dt.date:
    """The day the letter was written (its row), in the municipality's time."""
    return timezone.localdate(row.created_at)


def _not_before(day: dt.date, floor: dt.date, message: str) -> None:
    if day < floor:
        raise RuleViolation(
            message % {"day": format_date(day), "floor": format_date(floor)}, article=ART_46
        )


def _tracking_code_free(code: str, row: Notification) -> None:
    """One Correios object is one letter: the same tracking code on two letters would let
    one AR count for both notices (Art. 46; issue 19, item 15)."""
    other = (
        Notification.objects.filter(tracking_code=code)
        .exclude(pk=row.pk)
        .select_related("case")
        .first()
    )
    if other is not None:
        raise RuleViolation(
            _(
                "O código de rastreamento %(code)s já foi registrado na carta do processo "
                "%(case)s: cada carta registrada tem o seu código."
            )
            % {"code": code, "case": other.case.number if other.case else other.pk},
            article=ART_46,
            code="tracking_code_used",
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
    _not_before_the_law(posted_on, _("postagem"))
    with transaction.atomic(durable=True):
        row = _letter(notification)
        if row.status != Notification.Status.QUEUED:
            raise StateConflict(_("A postagem desta carta já foi registrada."))
        _not_before(
            posted_on,
            _written_on(row),
            _("A carta não pode ter sido postada (%(day)s) antes de ser escrita (%(floor)s)."),
        )
        _tracking_code_free(code, row)
        row.tracking_code = code
        row.posted_on = posted_on
        row.status = Notification.Status.SENT
        try:
            with transaction.atomic():  # the unique constraint decides a race
                row.save(update_fields=["tracking_code", "posted_on", "status"])
        except IntegrityError:
            _tracking_code_free(code, row)
            raise
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
    _not_before_the_law(attempted_on, _("tentativa"))
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
    confirm_closed_windows: bool = False,
) -> Notification:
    """What the AR card says: delivered to someone, or returned with a reason.

    The date that counts (Art. 46 §2, 47 §2; setting NOTIFICATION_CLOCK_START) is passed
    to the case's workflow, which starts the clocks. When that date is so far back that a
    window it opens (to pay, to appeal) has already closed, nothing is recorded unless the
    clerk confirms it (`confirm_closed_windows`): a typo must not take a right away. The
    confirmation is written on the timeline.
    """
    _clerk(actor)
    today = local_today()
    reason, event_day = _receipt_check(
        today=today,
        ar_attached_on=ar_attached_on,
        delivered_on=delivered_on,
        receiver_name=receiver_name,
        return_reason=return_reason,
        visit_on=visit_on,
    )
    checked_scan = upload_check(scan) if scan is not None else None

    with transaction.atomic(durable=True):
        row = _letter(notification)
        _receipt_row_check(row, event_day)
        counts_from = received_on(
            clock=ClockStart(settings.NOTIFICATION_CLOCK_START),
            delivered_on=delivered_on,
            visit_on=visit_on,
            ar_attached_on=ar_attached_on,
            return_reason=reason,
            refusal_counts=settings.NOTICE_REFUSAL_COUNTS,
        )
        _receipt_fill(
            row,
            delivered_on=delivered_on,
            visit_on=visit_on,
            receiver_name=receiver_name,
            receiver_document=receiver_document,
            return_reason=return_reason,
            ar_attached_on=ar_attached_on,
            counts_from=counts_from,
            checked_scan=checked_scan,
        )
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
            _received(
                row=row,
                actor=actor,
                counts_from=counts_from,
                today=today,
                confirmed=confirm_closed_windows,
                basis=(
                    StartBasis.AR_ATTACHED
                    if ClockStart(settings.NOTIFICATION_CLOCK_START) is ClockStart.AR_ATTACHED
                    else StartBasis.AR_VISIT
                    if reason is not None
                    else StartBasis.AR_DELIVERY
                ),
            )
    return row


def _receipt_check(
    *,
    today: dt.date,
    ar_attached_on: dt.date,
    delivered_on: dt.date | None,
    receiver_name: str,
    return_reason: str,
    visit_on: dt.date | None,
) -> tuple[ReturnReason | None, dt.date]:
    """Art. 46 §2: what an AR card must say — delivered to someone named, or returned with
    a reason and the visit's date — with plausible days; returns the reason and the day of
    the delivery or visit."""
    for day, label in (
        (ar_attached_on, _("juntada do AR")),
        (delivered_on, _("entrega")),
        (visit_on, _("visita")),
    ):
        _receipt_day_check(day, label, today)
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
    return reason, event_day


def _receipt_row_check(row: Notification, event_day: dt.date) -> None:
    """Under the letter's lock: posted and not yet answered, and the AR's day not before
    the posting nor the notice it carries."""
    if row.status != Notification.Status.SENT:
        raise StateConflict(_("Registre a postagem antes do AR (ou o AR já foi registrado)."))
    if row.posted_on and event_day < row.posted_on:
        raise RuleViolation(_("A entrega ou visita não pode ser anterior à postagem."))
    _not_before(
        event_day,
        _written_on(row),
        _("O AR (%(day)s) não pode ser anterior à notificação, escrita em %(floor)s."),
    )


def _receipt_fill(
    row: Notification,
    *,
    delivered_on: dt.date | None,
    visit_on: dt.date | None,
    receiver_name: str,
    receiver_document: str,
    return_reason: str,
    ar_attached_on: dt.date,
    counts_from: dt.date | None,
    checked_scan: CheckedFile | None,
) -> None:
    """The AR's facts on the letter's row (saved by the caller), with its scan."""
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


@dataclass(frozen=True)
class Witness:
    """A witness of a refusal to take a notice (Art. 46): a name and a valid CPF."""

    name: str
    cpf: str


def _same_person(typed: str, name: str) -> bool:
    """A name typed at the door against the register's: accents, case and spacing aside."""

    def plain(text: str) -> str:
        decomposed = unicodedata.normalize("NFKD", text)
        return " ".join("".join(c for c in decomposed if not unicodedata.combining(c)).split())

    return plain(typed).casefold() == plain(name).casefold()


def _witnesses_checked(witnesses: Sequence[Witness], recipient: Driver) -> list[dict[str, str]]:
    """Two witnesses, each with a name and a valid CPF, neither the person who refused."""
    given = [w for w in witnesses if w.name.strip() or w.cpf.strip()]
    if len(given) != REFUSAL_WITNESSES or not all(w.name.strip() for w in given):
        raise RuleViolation(
            _("A recusa se registra com o nome e o CPF de duas testemunhas."),
            article=ART_46,
            code="refusal_witnesses",
        )
    checked = []
    for witness in given:
        try:
            cpf = normalize_cpf(witness.cpf)
        except ValidationError as exc:
            raise RuleViolation(
                _("Testemunha %(name)s: %(error)s")
                % {"name": witness.name.strip(), "error": " ".join(exc.messages)},
                article=ART_46,
                code="invalid_cpf",
            ) from exc
        checked.append({"name": witness.name.strip(), "cpf": cpf})
    if checked[0]["cpf"] == checked[1]["cpf"] or recipient.cpf in {w["cpf"] for w in checked}:
        raise RuleViolation(
            _("As duas testemunhas da recusa são pessoas diferentes entre si e do notificado."),
            article=ART_46,
            code="refusal_witnesses",
        )
    return checked


def notice_deliver_in_person(
    *,
    notification: Notification,
    actor: User,
    delivered_on: dt.date,
    receiver: str = Receiver.ADDRESSEE,
    receiver_name: str = "",
    receiver_document: str = "",
    receipt: UploadedFile | None = None,
    mandate: UploadedFile | None = None,
    witnesses: Sequence[Witness] = (),
    confirm_closed_windows: bool = False,
) -> Notification:
    """Art. 46: the notice "entregue pessoalmente ... mediante recibo" by a fiscal agent or
    a clerk, to the person notified himself, to his attorney with a mandate (attached), or
    refused before two witnesses (names and CPFs). The signed receipt's scan is attached
    unless refused. The delivery date starts the clocks as an AR's delivery does, under the
    same bounds (`_receipt_day_check`: not in the future, not before the law, not before
    the notice was written) and the same confirmation when a window would close at once.
    """
    today = local_today()
    who = _in_person_check(
        actor=actor,
        receiver=receiver,
        delivered_on=delivered_on,
        today=today,
        receiver_name=receiver_name,
        receiver_document=receiver_document,
        receipt=receipt,
        mandate=mandate,
    )
    checked = upload_check(receipt) if receipt is not None else None
    checked_mandate = upload_check(mandate) if mandate is not None else None
    with transaction.atomic(durable=True):
        row = _letter(notification)
        if not row.legal or row.status in (
            Notification.Status.DELIVERED,
            Notification.Status.RETURNED,
        ):
            raise StateConflict(_("Esta notificação já foi entregue ou devolvida."), article=ART_46)
        _not_before(
            delivered_on,
            _written_on(row),
            _("A entrega (%(day)s) não pode ser anterior à notificação, escrita em %(floor)s."),
        )
        name, document, witness_rows = _in_person_receiver(
            who, row.recipient, receiver_name, receiver_document, witnesses
        )
        row.delivered_on = delivered_on
        row.received_on = delivered_on
        row.receiver_kind = who
        row.receiver_name = name
        row.receiver_document = document
        row.witnesses = witness_rows
        row.delivered_in_person = True
        row.status = Notification.Status.DELIVERED
        from django.core.files.base import ContentFile

        if checked is not None:
            row.ar_scan.save(checked.name, ContentFile(checked.content), save=False)
        if checked_mandate is not None:
            row.mandate.save(checked_mandate.name, ContentFile(checked_mandate.content), save=False)
        row.save()
        _in_person_record(row, actor=actor, who=who, name=name, witness_rows=witness_rows)
        _received(
            row=row,
            actor=actor,
            counts_from=delivered_on,
            today=today,
            confirmed=confirm_closed_windows,
            basis=StartBasis.PERSONAL_DELIVERY,
        )
    return row


def _in_person_check(
    *,
    actor: User,
    receiver: str,
    delivered_on: dt.date,
    today: dt.date,
    receiver_name: str,
    receiver_document: str,
    receipt: UploadedFile | None,
    mandate: UploadedFile | None,
) -> Receiver:
    """Art. 46: who delivers, who received, and the papers each case needs, before
    anything is read under lock; returns who received."""
    if not has_role(actor, Role.CLERK, Role.FISCAL_AGENT):
        raise NotPermitted(
            _("Somente agentes fiscais ou servidores entregam notificações pessoalmente."),
            article=ART_46,
        )
    try:
        who = Receiver(receiver)
    except ValueError:
        raise RuleViolation(
            _("Informe quem recebeu: o notificado, seu procurador ou a recusa testemunhada."),
            article=ART_46,
            code="receiver_required",
        ) from None
    _receipt_day_check(delivered_on, _("entrega"), today)
    if who is Receiver.ATTORNEY:
        if not (receiver_name.strip() and receiver_document.strip()):
            raise RuleViolation(
                _("Informe o nome e o documento (OAB ou CPF) do procurador que recebeu."),
                article=ART_46,
            )
        if mandate is None:
            raise RuleViolation(
                _("Anexe a procuração do procurador que recebeu a notificação."),
                article=ART_46,
                code="mandate_required",
            )
    if who is not Receiver.REFUSED and receipt is None:
        raise RuleViolation(
            _("Anexe o recibo assinado (ou registre a recusa com duas testemunhas)."),
            article=ART_46,
        )
    return who


def _in_person_receiver(
    who: Receiver,
    recipient: Driver,
    receiver_name: str,
    receiver_document: str,
    witnesses: Sequence[Witness],
) -> tuple[str, str, list[dict[str, str]]]:
    """Art. 46: the name and document of who received — the person notified himself, his
    attorney, or (refused) the person, with the two witnesses checked."""
    witness_rows: list[dict[str, str]] = []
    if who is Receiver.ADDRESSEE:
        if receiver_name.strip() and not _same_person(receiver_name, recipient.name):
            raise RuleViolation(
                _(
                    "A notificação em mãos é entregue ao próprio notificado (%(name)s), a "
                    "seu procurador com mandato, ou a recusa é registrada com duas "
                    "testemunhas."
                )
                % {"name": recipient.name},
                article=ART_46,
                code="receiver_not_the_addressee",
            )
        name, document = recipient.name, recipient.cpf
    elif who is Receiver.ATTORNEY:
        name, document = receiver_name.strip(), receiver_document.strip()
    else:
        witness_rows = _witnesses_checked(witnesses, recipient)
        name, document = recipient.name, recipient.cpf
    return name, document, witness_rows


def _in_person_record(
    row: Notification,
    *,
    actor: User,
    who: Receiver,
    name: str,
    witness_rows: list[dict[str, str]],
) -> None:
    """The personal delivery on the case's timeline (Art. 46)."""
    assert row.delivered_on is not None
    notes = {
        Receiver.ADDRESSEE: _("Entregue pessoalmente a %(name)s, contra recibo."),
        Receiver.ATTORNEY: _(
            "Entregue pessoalmente ao procurador %(name)s, com procuração, contra recibo."
        ),
        Receiver.REFUSED: _("%(name)s recusou-se a receber; recusa presenciada por %(witnesses)s."),
    }
    case_record(
        case=row.case,
        actor=actor,
        event="personal_delivery",
        article=ART_46,
        note=notes[who] % {"name": name, "witnesses": " e ".join(w["name"] for w in witness_rows)},
        data={
            "notification": row.pk,
            "delivered_on": row.delivered_on.isoformat(),
            "receiver": who.value,
            "receiver_name": name,
            "refused": who is Receiver.REFUSED,
            "witnesses": witness_rows,
        },
    )


def _receipt_day_check(day: dt.date | None, label: str, today: dt.date) -> None:
    """The bounds of a date on an AR or a personal receipt that need no row: not in the
    future, not before the law. `_not_before(day, _written_on(row))` adds the notice's own
    date once the row is locked."""
    _not_future(day, label, today)
    _not_before_the_law(day, label)


def _received(
    *,
    row: Notification,
    actor: User,
    counts_from: dt.date,
    today: dt.date,
    confirmed: bool,
    basis: StartBasis,
) -> None:
    """The notice counts as received on `counts_from`: the case's workflow starts its
    clocks, each told how the notice was received (`basis`, for its explanation), and a
    date that closes a window at once needs the clerk's confirmation (an AR and a personal
    delivery alike)."""
    hook = workflow_for(row.case.kind).on_notice_received
    if hook is None:
        return
    already = set(Deadline.objects.filter(case=row.case).values_list("pk", flat=True))
    hook(case=row.case, received_on=counts_from, actor=actor)
    deadlines_received_by(case=row.case, received_on=counts_from, basis=basis, before=already)
    _windows_closed_at_once(
        row=row,
        actor=actor,
        counts_from=counts_from,
        today=today,
        already=already,
        confirmed=confirmed,
    )


def _windows_closed_at_once(
    *,
    row: Notification,
    actor: User,
    counts_from: dt.date,
    today: dt.date,
    already: set[int],
    confirmed: bool,
) -> None:
    """Refuse (the whole recording rolls back) a receipt whose date opens windows that are
    already closed, unless the clerk confirmed it; a confirmed one says so on the timeline.
    """
    closed = list(
        Deadline.objects.filter(case=row.case, state=Deadline.State.PENDING, due_on__lt=today)
        .exclude(pk__in=already)
        .order_by("due_on", "pk")
    )
    if not closed:
        return
    windows = "; ".join(f"{d.label} ({d.article}): {format_date(d.due_on)}" for d in closed)
    if not confirmed:
        raise RuleViolation(
            _(
                "Com o AR datado de %(day)s, estes prazos já terminaram: %(windows)s. Confira "
                "as datas; se estiverem certas, registre de novo confirmando que os prazos já "
                "terminaram."
            )
            % {"day": format_date(counts_from), "windows": windows},
            article=ART_46,
            code="windows_already_closed",
        )
    case_record(
        case=row.case,
        actor=actor,
        event="windows_closed_at_record",
        article=ART_46,
        note=_(
            "O servidor confirmou o AR datado de %(day)s, que fez terminar de imediato: "
            "%(windows)s."
        )
        % {"day": format_date(counts_from), "windows": windows},
        data={"notification": row.pk, "deadlines": [d.pk for d in closed]},
    )
