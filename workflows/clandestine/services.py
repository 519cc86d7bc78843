"""Clandestine or irregular transport (Arts. 60-62): recording, the vehicle's release, the
costs and payments, and the contest of the agent's classification.

- **Penalty (Art. 62 I-II, §1).** Computed at the record by
  `law.clandestine.clandestine_penalty` over the earlier records of the same *person*
  (CPF, or name and identity document when there is no CPF — never the plate):
  15 days and 1,500 VRTE, doubled when the facts are within 6 months of the facts of the
  person's last record (how far the doubling goes is `settings.CLANDESTINE_DOUBLING`). The
  seizure starts the day of the record and includes it (15 days: the record's day and the
  14 after). The fine in reais uses the VRTE of the year of the facts (Art. 54), rounded
  half up to cents. When a record is annulled on contest it stops counting, and the
  person's later records are recomputed in the same transaction, each with a timeline
  entry (`penalty_recomputed`, Art. 62 §1).
- **Release (Art. 62 §3).** The seizure's last day is a deadline row; the sweeper then
  moves the case to `held_until_paid`. A clerk releases the vehicle once the costs of
  Art. 62 III are recorded. Whether it also waits until nothing is owed is the setting
  `CLANDESTINE_RETAIN_UNTIL_PAID`: by default it does not (STJ Súmula 510: the release of
  a vehicle held for irregular transport is not conditioned on paying fines and costs;
  §3 only *authorizes* the retention) and the amounts are collected apart; with the
  setting on, 409 naming §3 until paid (docs/interpretations.md).
- **Contest (Art. 61 §2).** Filed at the counter within the 30 business days of Art. 63;
  the commission upholds, reclassifies or annuls it. Meanwhile the vehicle's state does
  not change: the contest does not lift the seizure.
"""

from __future__ import annotations

import datetime as dt
import re
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _l

from accounts.models import User
from accounts.roles import Role, has_role
from cases.errors import NotPermitted, RuleViolation, StateConflict
from cases.models import Case, Deadline
from cases.services.deadlines import deadline_handler, deadline_start, deadlines_cancel
from cases.services.transitions import case_lock, case_open, case_record, case_step, local_today
from core.dates import UNDER_THE_LAW, dates_not_before_fact
from law import deadlines as law_deadlines
from law.citations import (
    ART_54,
    ART_60_P1_P2,
    ART_61,
    ART_61_P2,
    ART_62,
    ART_62_I,
    ART_62_III,
    ART_62_IV,
    ART_62_P1,
    ART_62_P3,
    ART_63,
)
from law.clandestine import ClandestinePenalty, Doubling, clandestine_penalty
from law.i18n import format_date
from registers.models import Driver, VrteValue
from registers.validators import normalize_cpf, normalize_plate
from workflows.clandestine.models import (
    ClandestineCase,
    ClandestinePayment,
    ClandestineState,
    Classification,
)
from workflows.clandestine.selectors import (
    clandestine_balance,
    clandestine_history,
    clandestine_same_person,
    normalize_document,
)
from workflows.steps.guards import appeal_in_time_check

# Issue 19: what is paid or done about a record is not dated before it. A payment towards
# the fine of Art. 62 comes after the record (its `noticed_on`); the referral to the
# police (Art. 62 IV) not before the facts were found.
PAID_AFTER = UNDER_THE_LAW.after("noticed_on", _l("a autuação"))
REFERRED_AFTER = UNDER_THE_LAW.after("occurred_at", _l("a constatação dos fatos"))


def _record(case: Case) -> ClandestineCase:
    """The case as its kind's row, whose facts the dates are checked against."""
    if isinstance(case, ClandestineCase):
        return case
    return ClandestineCase.objects.get(pk=case.pk)
SEIZURE_END = "clandestine.seizure_end"
PENALTY_RECOMPUTED = "penalty_recomputed"
CENTS = Decimal("0.01")



def _reais(value: Decimal) -> str:
    text = f"{value:,.2f}".replace(",", "_").replace(".", ",").replace("_", ".")
    return f"R$ {text}"


MONEY_LIMIT = Decimal(10) ** 10


def money(value: object, *, label: str) -> Decimal:
    """An amount in reais as typed at the counter: "1.234,56", "1234.56" or a Decimal."""
    if isinstance(value, Decimal):
        amount = value
    else:
        text = re.sub(r"[R$\s]", "", str(value or ""))
        if "," in text:
            text = text.replace(".", "").replace(",", ".")
        try:
            amount = Decimal(text)
        except InvalidOperation:
            raise RuleViolation(
                _("Valor inválido em “%(label)s”: %(value)s.") % {"label": label, "value": value}
            ) from None
    # The columns hold 12 digits with 2 places; SQLite would store more and fail on reading.
    if (
        not amount.is_finite()
        or amount < 0
        or amount >= MONEY_LIMIT
        or amount != amount.quantize(CENTS)
    ):
        raise RuleViolation(
            _("Valor inválido em “%(label)s”: %(value)s.") % {"label": label, "value": value}
        )
    return amount


def vrte_of(year: int) -> Decimal | None:
    """Art. 54: the value of one VRTE in the year, as the administrator recorded it."""
    return VrteValue.objects.filter(year=year).values_list("value", flat=True).first()


# --- Recording (Arts. 61, 62) -----------------------------------------------------------------


def clandestine_record(
    *,
    agent: User,
    person_name: str,
    plate: str,
    make: str,
    model: str,
    classification: str,
    reasoning: str,
    place: str,
    occurred_at: dt.datetime,
    person_cpf: str = "",
    person_document: str = "",
    colour: str = "",
    police_station: str = "",
    police_report: str = "",
) -> ClandestineCase:
    """A fiscal agent records clandestine or irregular transport: the vehicle is seized
    at once, the fine and the seizure computed (Art. 62 I-II, §1)."""
    cpf, plate = _record_check(
        agent=agent,
        texts=(person_name, make, model, place, reasoning),
        person_cpf=person_cpf,
        plate=plate,
        classification=classification,
        occurred_at=occurred_at,
    )
    today = local_today()
    occurred_on = timezone.localtime(occurred_at).date()
    document = normalize_document(person_document)

    with transaction.atomic(durable=True):
        history = clandestine_history(
            cpf=cpf, name=person_name, document=document, before=occurred_at
        )
        penalty = clandestine_penalty(on=occurred_on, history=history, doubling=_doubling())
        vrte = vrte_of(occurred_on.year)
        seizure = (
            law_deadlines.SEIZURE_ON_RECIDIVISM if penalty.recidivist else law_deadlines.SEIZURE
        )
        ends_on = law_deadlines.due_date(seizure, today, length=penalty.seizure_days)
        referred = bool(police_station.strip())
        case = case_open(
            model=ClandestineCase,
            actor=agent,
            article=f"{ART_61}; {'; '.join(penalty.articles)}",
            applicant=Driver.objects.filter(cpf=cpf).first() if cpf else None,
            person_name=person_name.strip(),
            person_cpf=cpf,
            person_document=document,
            plate=plate,
            vehicle_make=make.strip(),
            vehicle_model=model.strip(),
            vehicle_colour=colour.strip(),
            classification=classification,
            reasoning=reasoning.strip(),
            place=place.strip(),
            occurred_at=occurred_at,
            noticed_on=today,
            agent=agent,
            recidivist=penalty.recidivist,
            recidivism_of=_record_named(penalty),
            seizure_days=penalty.seizure_days,
            seizure_starts_on=today,
            seizure_ends_on=ends_on,
            fine_vrte=penalty.fine_vrte,
            vrte_value=vrte,
            fine_reais=_fine_reais(penalty.fine_vrte, vrte),
            police_referred_on=today if referred else None,
            police_station=police_station.strip(),
            police_report=police_report.strip(),
            data=_penalty_facts(penalty),
        )
        _seizure_end_start(case, rule=seizure, start=today, days=penalty.seizure_days)
    return case


def _seizure_end_start(
    case: ClandestineCase, *, rule: law_deadlines.DeadlineRule, start: dt.date, days: int
) -> None:
    """Art. 62 I-II: the row that ends the seizure, from the rule of its length."""
    deadline_start(
        rule=rule,
        start=start,
        length=days,
        case=case,
        kind=SEIZURE_END,
        label=_("Fim da apreensão: o veículo fica retido até a quitação"),
    )


def _record_check(
    *,
    agent: User,
    texts: tuple[str, str, str, str, str],
    person_cpf: str,
    plate: str,
    classification: str,
    occurred_at: dt.datetime,
) -> tuple[str, str]:
    """Arts. 60-62: who records, what the record must say (`texts`: the person's name, the
    vehicle's make and model, the place, the reasoning) and when; returns the CPF and the
    plate normalised."""
    if not has_role(agent, Role.FISCAL_AGENT):
        raise NotPermitted(
            _("Somente agentes fiscais autuam o transporte clandestino."), article=ART_61
        )
    person_name, make, model, place, reasoning = texts
    for value, message, article in (
        (person_name, _("Informe o nome do responsável."), ART_62),
        (make, _("Informe a marca do veículo."), ART_61),
        (model, _("Informe o modelo do veículo."), ART_61),
        (place, _("Informe o local da constatação."), ART_61),
        (reasoning, _("Fundamente o enquadramento."), ART_61_P2),
    ):
        if not value.strip():
            raise RuleViolation(message, article=article)
    try:
        cpf = normalize_cpf(person_cpf) if person_cpf.strip() else ""
        plate = normalize_plate(plate)
    except ValidationError as exc:
        raise RuleViolation(" ".join(exc.messages), code=exc.code) from exc
    if classification not in Classification.values:
        raise RuleViolation(
            _("Enquadramento inválido: clandestino ou irregular."), article=ART_60_P1_P2
        )
    if timezone.is_naive(occurred_at):
        raise RuleViolation(_("Informe a data e hora com o fuso horário."), article=ART_61)
    if occurred_at > timezone.now():
        raise RuleViolation(_("A data e hora da constatação estão no futuro."), article=ART_61)
    return cpf, plate


def _penalty_facts(penalty: ClandestinePenalty) -> dict[str, object]:
    """The computed penalty as the record's opening event keeps it (Art. 62)."""
    return {
        "fine_vrte": str(penalty.fine_vrte),
        "seizure_days": penalty.seizure_days,
        "recidivist": penalty.recidivist,
        "recidivism_of": penalty.because_of.reference if penalty.because_of else None,
        "articles": list(penalty.articles),
    }


def _doubling() -> Doubling:
    """Art. 62 §1: the municipality's reading of the doubling (a setting)."""
    return Doubling(settings.CLANDESTINE_DOUBLING)


def _record_named(penalty: ClandestinePenalty) -> ClandestineCase | None:
    if penalty.because_of is None:
        return None
    return ClandestineCase.objects.get(number=penalty.because_of.reference)


def _penalty_values(case: ClandestineCase) -> dict[str, object]:
    return {
        "fine_vrte": f"{case.fine_vrte:.2f}",
        "seizure_days": case.seizure_days,
        "recidivist": case.recidivist,
    }


def _recompute_after_annulment(annulled: ClandestineCase, actor: User) -> list[ClandestineCase]:
    """Art. 62 §1: the annulled record no longer counts; the same person's later records
    are recomputed in the order of their facts (a chain of doublings follows), each
    change written on the record's timeline. In the annulment's transaction."""
    today = local_today()
    changed: list[ClandestineCase] = []
    later = [
        row.pk
        for row in clandestine_same_person(
            cpf=annulled.person_cpf, name=annulled.person_name,
            document=annulled.person_document,
        )
        if row.occurred_at > annulled.occurred_at and row.state != ClandestineState.ANNULLED
    ]
    for pk in later:
        case = ClandestineCase.objects.select_for_update().get(pk=pk)
        history = clandestine_history(
            cpf=case.person_cpf, name=case.person_name, document=case.person_document,
            before=case.occurred_at, exclude_pk=case.pk,
        )
        penalty = clandestine_penalty(
            on=timezone.localtime(case.occurred_at).date(), history=history,
            doubling=_doubling(),
        )
        because_of = _record_named(penalty)
        if (
            penalty.fine_vrte == case.fine_vrte
            and penalty.seizure_days == case.seizure_days
            and case.recidivism_of_id == (because_of.pk if because_of else None)
        ):
            continue
        before = _penalty_values(case)
        case.fine_vrte = penalty.fine_vrte
        case.seizure_days = penalty.seizure_days
        case.recidivist = penalty.recidivist
        case.recidivism_of = because_of
        seizure = (
            law_deadlines.SEIZURE_ON_RECIDIVISM if penalty.recidivist else law_deadlines.SEIZURE
        )
        case.seizure_ends_on = law_deadlines.due_date(
            seizure, case.seizure_starts_on, length=penalty.seizure_days
        )
        case.fine_reais = _fine_reais(penalty.fine_vrte, case.vrte_value)
        case.save(update_fields=[
            "fine_vrte", "seizure_days", "recidivist", "recidivism_of", "seizure_ends_on",
            "fine_reais",
        ])
        # The seizure's end is the recounted rule's: its pending row is written again
        # from that rule, never edited in place (cases.services.deadlines owns the rows).
        if deadlines_cancel(case=case, kinds=[SEIZURE_END]):
            _seizure_end_start(
                case, rule=seizure, start=case.seizure_starts_on, days=penalty.seizure_days
            )
        note = _recomputed_note(case, annulled=annulled, penalty=penalty, today=today)
        case_record(
            case=case, actor=actor, event=PENALTY_RECOMPUTED, article=ART_62_P1, note=note,
            data={"annulled": annulled.number, "before": before,
                  "after": _penalty_values(case),
                  "seizure_ends_on": case.seizure_ends_on.isoformat()},
        )
        changed.append(case)
    return changed


def _recomputed_note(
    case: ClandestineCase, *, annulled: ClandestineCase, penalty: ClandestinePenalty,
    today: dt.date,
) -> str:
    """Art. 62 §§1 and 3: what the timeline says of a recomputed record — the new fine and
    seizure, a refund owed, a seizure already over."""
    params = {
        "annulled": annulled.number,
        "fine": f"{penalty.fine_vrte:,.0f}".replace(",", "."),
        "days": penalty.seizure_days,
        "end": format_date(case.seizure_ends_on),
    }
    note = _(
        "O registro %(annulled)s foi anulado em recurso e deixou de contar para a "
        "reincidência: multa recalculada para %(fine)s VRTE e apreensão para %(days)d "
        "dias (até %(end)s)."
    ) % params
    owed = clandestine_balance(case).owed if case.fine_reais is not None else None
    if owed is not None and owed < 0:
        note += " " + _("Valor pago a maior, a restituir: %(refund)s.") % {
            "refund": _reais(-owed)
        }
    if case.state == ClandestineState.SEIZED and case.seizure_ends_on < today:
        note += " " + _("A apreensão recalculada já terminou; o veículo fica retido até a "
                        "quitação (Art. 62 §3).")
    return note


def _fine_reais(fine_vrte: Decimal, vrte: Decimal | None) -> Decimal | None:
    if vrte is None:
        return None
    return (fine_vrte * vrte).quantize(CENTS, rounding=ROUND_HALF_UP)


def _fine_known(case: ClandestineCase) -> None:
    """The fine in reais, from the year's VRTE if it was recorded after the case (Art. 54)."""
    if case.fine_reais is not None:
        return
    year = timezone.localtime(case.occurred_at).year
    vrte = vrte_of(year)
    if vrte is None:
        raise RuleViolation(
            _("A VRTE de %(year)d não está cadastrada: não é possível calcular a multa em "
              "reais.") % {"year": year},
            article=ART_54,
        )
    case.vrte_value = vrte
    case.fine_reais = _fine_reais(case.fine_vrte, vrte)
    case.save(update_fields=["vrte_value", "fine_reais"])


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
        _fine_known(locked)
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
                  "faltam %(owed)s.") % {"owed": _reais(balance.owed)},
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
    dates_not_before_fact(PAID_AFTER, _record(case), paid_on=day)

    def not_more_than_owed(locked: ClandestineCase) -> None:
        _fine_known(locked)
        owed = clandestine_balance(locked).owed
        if value > owed:
            raise RuleViolation(
                _("O valor pago (%(paid)s) é maior que o devido (%(owed)s).")
                % {"paid": _reais(value), "owed": _reais(owed)},
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
    dates_not_before_fact(REFERRED_AFTER, _record(case), referred_on=day)
    with transaction.atomic(durable=True):
        return case_step(
            case=case, action="record_police_referral", actor=actor, note=note,
            kwargs={"on": day, "station": police_station.strip(),
                    "report": police_report.strip()},
            data={"referred_on": day.isoformat()},
        )


# --- The contest of the classification (Art. 61 §2) -------------------------------------------


def clandestine_contest(
    *, case: Case, actor: User, note: str = "", reasons: str = ""
) -> ClandestineCase:
    """The person contests the agent's classification at the counter; the seizure stays.

    Within the 30 days of Art. 63 (business days, from the record, when the person was
    notified on the spot)."""
    if not reasons.strip():
        raise RuleViolation(_("Apresente as razões do recurso."), article=ART_61_P2)
    today = local_today()

    def in_time(locked: ClandestineCase) -> None:
        last_day = law_deadlines.appeal_deadline(locked.noticed_on)
        appeal_in_time_check(filed_on=today, last_day=last_day, article=ART_63)

    with transaction.atomic(durable=True):
        return case_step(
            case=case, action="contest", actor=actor, note=note, guard=in_time,
            kwargs={"filed_on": today, "reasons": reasons.strip()},
            data={"filed_on": today.isoformat()},
        )


def _decide(case: Case, actor: User, note: str, action: str) -> ClandestineCase:
    today = local_today()
    with transaction.atomic(durable=True):
        before = ClandestineCase.objects.get(pk=case.pk).classification
        decided = case_step(
            case=case, action=action, actor=actor, note=note,
            kwargs={"on": today, "grounds": note.strip()},
            data={"classification_before": before},
        )
        if decided.state == ClandestineState.ANNULLED:
            deadlines_cancel(case=decided)
            _recompute_after_annulment(decided, actor)
    return decided


def clandestine_uphold(*, case: Case, actor: User, note: str = "") -> ClandestineCase:
    """The commission keeps the agent's classification (Art. 61 §2)."""
    return _decide(case, actor, note, "uphold")


def clandestine_reclassify(*, case: Case, actor: User, note: str = "") -> ClandestineCase:
    """The commission changes the classification; the sanctions of Art. 62 stay."""
    return _decide(case, actor, note, "reclassify")


def clandestine_annul(*, case: Case, actor: User, note: str = "") -> ClandestineCase:
    """The commission finds neither clandestine nor irregular transport (Art. 60 §§1-2):
    nothing is owed and the vehicle goes back."""
    return _decide(case, actor, note, "annul")
