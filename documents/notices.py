"""The Notificação de Multa that goes with an Auto de Infração (Art. 46).

Art. 46: the notice is delivered in person or by post with AR, "sendo emitida a
Notificação de Multa". It is issued when the notice is sent, in the same transaction, and
travels in the same envelope: the amount in VRTE and in reais, every other penalty, and
the deadlines as the law counts them from the receipt (Arts. 55 I, 63), whose dates are
not known until the AR comes back.

The notice is read through its fields (no workflow import), like documents.penalties.
"""

from __future__ import annotations

from typing import Any

from django.utils import timezone

from accounts.models import User
from documents.models import OfficialDocument
from documents.penalties import penalty_lines, penalty_of_notice
from documents.services import _address_context, document_issue, infraction_context
from documents.signing.keys import document_sign_by


def fine_notification_context(notice: Any) -> dict[str, Any]:
    """The keys documents/pdf/fine_notification.html reads (see its header).

    Addressed to the holder: he answers for the fines of his auxiliaries (Art. 48).
    """
    holder = notice.applicant
    penalty = penalty_of_notice(notice)
    vehicle = notice.vehicle
    return {
        "holder": {"name": holder.name, **_address_context(holder)},
        "offender": {
            "name": notice.offender.name
            if notice.offender_id and notice.offender_id != holder.pk
            else ""
        },
        "authorization": {"number": notice.authorization.number if notice.authorization else ""},
        "notice": {
            "number": notice.number,
            "issued_on": notice.issued_on,
            "occurred_at": notice.occurred_at,
            "place": notice.place,
        },
        "infraction": infraction_context(notice.item),
        "vehicle": {
            "plate": vehicle.display_plate,
            "make": vehicle.make,
            "model": vehicle.model,
            "colour": vehicle.colour,
        },
        "fine": {
            "vrte": penalty.fine_vrte,
            "vrte_value": penalty.vrte_value,
            "amount": penalty.fine_reais,
            "year": penalty.vrte_year,
            "doubled": penalty.doubled,
        },
        "points": penalty.points or None,
        "penalty": penalty_lines(penalty),
        "payment_due": None,
        "appeal_due": None,
    }


def fine_notification_issue(
    *, notice: Any, actor: User | None, password: str | None = None
) -> OfficialDocument | None:
    """Issue the Notificação de Multa of a notice in the caller's transaction (Art. 46);
    with `password` (None: not signed by its actor) the clerk who sends it signs it
    (documents.signing.keys); blank or wrong, the caller's transaction writes nothing.

    None when the notice carries no fine (a written warning instead of the fine, Art. 59 I,
    under FIRST_OFFENCE_WARNING=instead): there is nothing to pay and nothing to notify.
    """
    if not notice.fine_vrte:
        return None
    document = document_issue(
        kind=OfficialDocument.Kind.FINE_NOTIFICATION,
        case=notice,
        actor=actor,
        context=fine_notification_context(notice),
        now=timezone.now(),
    )
    if password is not None and actor is not None:
        document_sign_by(document=document, actor=actor, password=password, case=notice)
    return document
