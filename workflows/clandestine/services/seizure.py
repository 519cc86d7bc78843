"""The seizure and the release of the vehicle, its costs, payments and the referral to
the police (Art. 62 I, III, IV, §3)."""

from __future__ import annotations

import datetime as dt

from django.conf import settings
from django.db import transaction
from django.utils.translation import gettext as _

from accounts.models import User
from cases.errors import RuleViolation, StateConflict
from cases.models import Case, Deadline
from cases.services.deadlines import deadline_handler, deadlines_cancel
from cases.services.transitions import case_lock, case_step, local_today
from core.dates import dates_not_before_fact
from law.citations import (
    ART_62_I,
    ART_62_III,
    ART_62_IV,
    ART_62_P1,
    ART_62_P3,
)
from law.i18n import format_date
from workflows.clandestine.models import (
    ClandestineCase,
    ClandestinePayment,
    ClandestineState,
)
from workflows.clandestine.selectors import (
    clandestine_balance,
)
from workflows.clandestine.services.common import (
    PAID_AFTER,
    REFERRED_AFTER,
    SEIZURE_END,
    clandestine_of,
    money,
    reais,
)
from workflows.clandestine.services.recording import fine_reais_fill

# --- The seizure and the release (Art. 62 I, §3) ----------------------------------------------


@deadline_handler(SEIZURE_END)
def _seizure_end(case: Case | None, deadline: Deadline, today: dt.date) -> bool:
    """System: the seizure's last day has passed; the vehicle stays until paid (§3)."""
    assert case is not None
    locked = case_lock(case)
    if locked.state != ClandestineState.SEIZED or locked.seizure_ends_on >= today:
        return False
    _end_seizure(locked)
    return True


def _end_seizure(case: ClandestineCase) -> ClandestineCase:
    if settings.CLANDESTINE_RETAIN_UNTIL_PAID:
        note = _("Apreensão cumprida em %(day)s; o veículo fica retido até a quitação.")
    else:
        note = _(
            "Apreensão cumprida em %(day)s; o veículo pode ser liberado registradas as custas, "
            "e as quantias devidas são cobradas à parte (Súmula 510 do STJ)."
        )
    return case_step(
        case=case,
        action="end_seizure",
        actor=None,
        note=note % {"day": format_date(case.seizure_ends_on)},
    )


def clandestine_release(*, case: Case, actor: User, note: str = "") -> ClandestineCase:
    """A clerk hands the vehicle back: the seizure served and the costs of Art. 62 III
    recorded — and, with `CLANDESTINE_RETAIN_UNTIL_PAID`, nothing owed (§3)."""
    today = local_today()

    def paid_up(locked: ClandestineCase) -> None:
        fine_reais_fill(locked)
        balance = clandestine_balance(locked)
        if not balance.costs_recorded:
            raise StateConflict(
                _("Registre as custas de remoção e estadia antes de liberar o veículo."),
                article=ART_62_III,
            )
        # Art. 62 §3 "autorizado a reter": used only when the municipality chose it (a
        # setting); by default the release does not wait for the payment (Súmula 510 STJ).
        if balance.owed > 0 and settings.CLANDESTINE_RETAIN_UNTIL_PAID:
            raise StateConflict(
                _("O veículo fica retido até o pagamento de todas as quantias devidas: "
                  "faltam %(owed)s.") % {"owed": reais(balance.owed)},
                article=ART_62_P3,
                code="amounts_owed",
            )

    with transaction.atomic(durable=True):
        locked = ClandestineCase.objects.select_for_update().get(pk=case.pk)
        if locked.state == ClandestineState.SEIZED:
            if locked.seizure_ends_on >= today:
                raise StateConflict(
                    _("O veículo está apreendido até %(day)s.")
                    % {"day": format_date(locked.seizure_ends_on)},
                    article=f"{ART_62_I}; {ART_62_P1}" if locked.recidivist else ART_62_I,
                )
            # The sweeper has not run yet today: the seizure is over all the same.
            locked = _end_seizure(locked)
        action = "release_pending_contest" if locked.contest_pending else "release"
        released = case_step(
            case=locked, action=action, actor=actor, note=note, guard=paid_up,
            kwargs={"on": today}, data={"released_on": today.isoformat()},
        )
        deadlines_cancel(case=released, kinds=[SEIZURE_END])
    return released


def clandestine_record_costs(
    *, case: Case, actor: User, note: str = "", removal_cost: object = None,
    storage_cost: object = None,
) -> ClandestineCase:
    """Art. 62 III: the removal and storage costs, as the specific legislation sets them.

    Recorded again as the storage days add up; the last record is what is owed.
    """
    removal = money(removal_cost, label=_("custas de remoção"))
    storage = money(storage_cost, label=_("custas de estadia"))
    with transaction.atomic(durable=True):
        return case_step(
            case=case, action="record_costs", actor=actor, note=note,
            kwargs={"removal_cost": removal, "storage_cost": storage},
            data={"removal_cost": str(removal), "storage_cost": str(storage)},
        )


def clandestine_record_payment(
    *, case: Case, actor: User, note: str = "", amount: object = None,
    paid_on: dt.date | None = None, reference: str = "",
) -> ClandestineCase:
    """A payment towards the fine and costs (Art. 62 §3); never more than is owed."""
    value = money(amount, label=_("valor pago"))
    if value <= 0:
        raise RuleViolation(_("Informe o valor pago."), article=ART_62_P3)
    today = local_today()
    day = paid_on or today
    if day > today:
        raise RuleViolation(_("A data do pagamento está no futuro."))
    dates_not_before_fact(PAID_AFTER, clandestine_of(case), paid_on=day)

    def not_more_than_owed(locked: ClandestineCase) -> None:
        fine_reais_fill(locked)
        owed = clandestine_balance(locked).owed
        if value > owed:
            raise RuleViolation(
                _("O valor pago (%(paid)s) é maior que o devido (%(owed)s).")
                % {"paid": reais(value), "owed": reais(owed)},
                article=ART_62_P3,
            )

    with transaction.atomic(durable=True):
        locked = case_step(
            case=case, action="record_payment", actor=actor, note=note,
            guard=not_more_than_owed,
            data={"amount": str(value), "paid_on": day.isoformat(), "reference": reference},
        )
        ClandestinePayment.objects.create(
            case=locked, amount=value, paid_on=day, reference=reference.strip(),
            recorded_by=actor,
        )
    return locked


def clandestine_record_police_referral(
    *, case: Case, actor: User, note: str = "", police_station: str = "",
    police_report: str = "", referred_on: dt.date | None = None,
) -> ClandestineCase:
    """Art. 62 IV: the driver was taken to the police station (if not recorded with the
    facts)."""
    if not police_station.strip():
        raise RuleViolation(_("Informe a delegacia."), article=ART_62_IV)
    today = local_today()
    day = referred_on or today
    if day > today:
        raise RuleViolation(_("A data do encaminhamento está no futuro."), article=ART_62_IV)
    dates_not_before_fact(REFERRED_AFTER, clandestine_of(case), referred_on=day)
    with transaction.atomic(durable=True):
        return case_step(
            case=case, action="record_police_referral", actor=actor, note=note,
            kwargs={"on": day, "station": police_station.strip(),
                    "report": police_report.strip()},
            data={"referred_on": day.isoformat()},
        )
