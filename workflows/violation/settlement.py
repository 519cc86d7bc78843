"""The bank's settlement file (Art. 55): each Pix received records the fine it paid.

The file is the bank's CSV of credits: the transaction id the payment guide put in the Pix
code, the amount and the day paid. A line pays the notice whose number gives that id when
the amount is the fine's; any other line is reported and changes nothing. Running the same
file again pays nothing twice.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from django.utils.translation import gettext as _

from accounts.models import User
from cases.errors import DomainError, RuleViolation
from cases.services.transitions import local_today
from documents.penalties import penalty_of_notice
from law.statute import PUBLICATION_DATE
from payments.pix import txid_for
from workflows.violation.models import ViolationNotice, ViolationState
from workflows.violation.payment_guide import PAYABLE
from workflows.violation.services import no_fine_message, violation_pay

MAX_BYTES = 2 * 1024 * 1024


@dataclass(frozen=True)
class SettlementLine:
    line: int
    txid: str
    outcome: str  # paid | already_paid | not_found | amount_mismatch | invalid | refused
    message: str
    notice: str = ""


def _amount(text: str) -> Decimal | None:
    cleaned = text.strip().replace("R$", "").replace(" ", "")
    if "," in cleaned:
        cleaned = cleaned.replace(".", "").replace(",", ".")
    try:
        value = Decimal(cleaned)
    except InvalidOperation:
        return None
    return value if value.is_finite() and Decimal(0) < value < Decimal("1e9") else None


def _day(text: str, today: dt.date) -> dt.date | None:
    for pattern in ("%d/%m/%Y", "%Y-%m-%d"):
        try:
            day = dt.datetime.strptime(text.strip(), pattern).date()  # noqa: DTZ007 - a day
        except ValueError:
            continue
        return day if PUBLICATION_DATE <= day <= today else None
    return None


def _notice_for(txid: str) -> ViolationNotice | None:
    # The guide's txid is the case number without its slash (AAAA/NNNNNN): put it back
    # and read the notice by its unique number, not by scanning every notice.
    if len(txid) < 5 or not txid.isdigit():
        return None
    return ViolationNotice.objects.filter(number=f"{txid[:4]}/{txid[4:]}").first()


def settlement_apply(*, content: bytes, actor: User) -> list[SettlementLine]:
    if len(content) > MAX_BYTES:
        raise RuleViolation(_("O arquivo de retorno passa de 2 MB."), code="file_too_large")
    try:
        text = content.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise RuleViolation(
            _("O arquivo de retorno não é um CSV em UTF-8."), code="bad_file"
        ) from exc
    today = local_today()
    report: list[SettlementLine] = []
    rows = list(csv.reader(io.StringIO(text), delimiter=";"))
    for number, cells in enumerate(rows[1:], start=2):
        if not any(cell.strip() for cell in cells):
            continue
        report.append(_settle(number, cells, actor=actor, today=today))
    return report


def _settle(number: int, cells: list[str], *, actor: User, today: dt.date) -> SettlementLine:
    if len(cells) < 3:
        return SettlementLine(number, "", "invalid", _("Linha incompleta: txid;valor;data."))
    txid = txid_for(cells[0])
    amount, day = _amount(cells[1]), _day(cells[2], today)
    if amount is None or day is None:
        return SettlementLine(number, txid, "invalid", _("Valor ou data inválidos."))
    notice = _notice_for(txid)
    if notice is None:
        return SettlementLine(number, txid, "not_found", _("Nenhum auto com este identificador."))
    if notice.state == ViolationState.PAID or notice.paid_on is not None:
        return SettlementLine(number, txid, "already_paid", _("Multa já registrada como paga."),
                              notice.number)
    if not penalty_of_notice(notice, with_periods=False).has_fine:
        return SettlementLine(number, txid, "refused", no_fine_message(), notice.number)
    if notice.fine_reais != amount:
        return SettlementLine(
            number, txid, "amount_mismatch",
            _("Valor pago (R$ %(paid)s) diferente da multa (R$ %(fine)s).")
            % {"paid": amount, "fine": notice.fine_reais},
            notice.number,
        )
    if notice.state not in PAYABLE:
        return SettlementLine(number, txid, "refused",
                              _("O auto não admite pagamento na situação atual."), notice.number)
    try:
        violation_pay(case=notice, actor=actor, paid_on=day,
                      note=_("Pago por Pix, conciliação bancária."))
    except DomainError as exc:
        return SettlementLine(number, txid, "refused", str(exc), notice.number)
    return SettlementLine(number, txid, "paid", _("Pagamento registrado."), notice.number)
