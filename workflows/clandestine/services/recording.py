"""Recording a clandestine transport (Arts. 61, 62) and the penalty of the person's
records, recomputed when one is annulled (Art. 62 §1)."""

from __future__ import annotations

import datetime as dt
from decimal import ROUND_HALF_UP, Decimal

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from accounts.roles import Role, has_role
from cases.errors import NotPermitted, RuleViolation
from cases.services.deadlines import deadline_start, deadlines_cancel
from cases.services.transitions import case_open, case_record, local_today
from law import deadlines as law_deadlines
from law.citations import (
    ART_54,
    ART_60_P1_P2,
    ART_61,
    ART_61_P2,
    ART_62,
    ART_62_P1,
)
from law.clandestine import ClandestinePenalty, Doubling, clandestine_penalty
from law.i18n import format_date
from registers.models import Driver
from registers.validators import normalize_cpf, normalize_plate
from workflows.clandestine.models import (
    ClandestineCase,
    ClandestineState,
    Classification,
)
from workflows.clandestine.selectors import (
    clandestine_balance,
    clandestine_history,
    clandestine_same_person,
    normalize_document,
)
from workflows.clandestine.services.common import (
    CENTS,
    PENALTY_RECOMPUTED,
    SEIZURE_END,
    reais,
    vrte_of,
)

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


def penalties_recompute_after_annulment(
    annulled: ClandestineCase, actor: User
) -> list[ClandestineCase]:
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
            "refund": reais(-owed)
        }
    if case.state == ClandestineState.SEIZED and case.seizure_ends_on < today:
        note += " " + _("A apreensão recalculada já terminou; o veículo fica retido até a "
                        "quitação (Art. 62 §3).")
    return note


def _fine_reais(fine_vrte: Decimal, vrte: Decimal | None) -> Decimal | None:
    if vrte is None:
        return None
    return (fine_vrte * vrte).quantize(CENTS, rounding=ROUND_HALF_UP)


def fine_reais_fill(case: ClandestineCase) -> None:
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
