"""The payment guide of a fine (Art. 55): the amount in reais, its last day and a Pix code.

The amount is the fine in VRTE converted at the value in force on the infraction's date
(Art. 54); the last day is the pending payment deadline of the notice (Art. 55 I, or
Art. 55 II after an appeal is refused). The Pix transaction id is the notice's number
without punctuation, so the bank's settlement file names the notice paid.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal

import qrcode
import qrcode.image.svg
from django.conf import settings
from django.utils.translation import gettext as _

from cases.errors import RuleViolation, StateConflict
from cases.models import Deadline
from documents.penalties import penalty_of_notice
from law.citations import ART_54, ART_55, ART_59_I
from payments import pix
from workflows.violation.models import PAYABLE, ViolationNotice, ViolationState
from workflows.violation.services import DECISION_PAYMENT, PAYMENT, no_fine_message

__all__ = ["PAYABLE", "PaymentGuide", "payment_guide"]


@dataclass(frozen=True)
class PaymentGuide:
    notice_number: str
    amount: Decimal
    fine_vrte: Decimal
    due_on: dt.date | None
    overdue: bool
    txid: str
    code: str

    def qr_svg(self) -> str:
        image = qrcode.make(self.code, image_factory=qrcode.image.svg.SvgPathImage, box_size=8)
        svg = image.to_string(encoding="unicode")
        return svg[svg.index("<svg") :]  # inline in a page: no XML declaration


def payment_guide(notice: ViolationNotice, *, today: dt.date) -> PaymentGuide:
    if not penalty_of_notice(notice, with_periods=False).has_fine:
        # Art. 59 I: a written warning given instead of the fine — nothing to pay, and the
        # answer says so rather than blame a VRTE that is not missing.
        raise StateConflict(no_fine_message(), code="no_fine", article=ART_59_I)
    if notice.state not in PAYABLE:
        raise StateConflict(
            _("Não há multa a pagar neste auto na situação atual."),
            code="nothing_to_pay", article=ART_55,
        )
    if not notice.fine_reais:
        raise RuleViolation(
            _("O valor da VRTE do ano da infração não está cadastrado; a Secretaria emite a "
              "guia quando o cadastrar."),
            code="vrte_missing", article=ART_54,
        )
    due_on = (
        Deadline.objects.filter(case=notice, kind__in=[PAYMENT, DECISION_PAYMENT])
        .exclude(state=Deadline.State.CANCELLED)
        .order_by("-due_on")
        .values_list("due_on", flat=True)
        .first()
    )
    txid = pix.txid_for(notice.number)
    return PaymentGuide(
        notice_number=notice.number,
        amount=notice.fine_reais,
        fine_vrte=notice.fine_vrte,
        due_on=due_on,
        overdue=notice.state == ViolationState.OVERDUE or (due_on is not None and due_on < today),
        txid=txid,
        code=pix.br_code(
            key=settings.PIX_KEY,
            merchant_name=settings.PIX_MERCHANT_NAME,
            merchant_city=settings.PIX_MERCHANT_CITY,
            amount=notice.fine_reais,
            txid=txid,
        ),
    )
