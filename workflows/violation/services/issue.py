"""Issuing violation notices (Arts. 41, 47, 50, 51): the agent's page and API, one notice per
item infringed, and the printed notice's fields."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from decimal import ROUND_HALF_UP
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from accounts.roles import Role, has_role
from cases.errors import NotPermitted, RuleViolation, from_law
from cases.services.deadlines import (
    deadline_start,
)
from cases.services.transitions import case_open, local_today
from documents.models import OfficialDocument
from documents.penalties import penalty_of_notice
from documents.services import (
    document_issue,
    infraction_context,
    signer_context,
)
from documents.signing.keys import document_sign_by
from law import deadlines as law_deadlines
from law import vehicles as law_vehicles
from law.citations import (
    ART_27,
    ART_41,
    ART_47,
    ART_47_I,
    ART_47_III,
    ART_47_V,
    ART_50,
    ART_51,
)
from law.errors import LawError
from law.infractions import Infraction, infraction_citable_against
from law.notice import check_notice_can_be_issued
from law.penalties import (
    assess,
)
from law.statute import PUBLICATION_DATE
from registers.models import Authorization, AuxiliaryBinding, Driver
from workflows.violation.models import Conductor, ViolationNotice, ViolationState
from workflows.violation.selectors import current_auxiliary, final_history, vrte_on
from workflows.violation.services.common import (
    CENTS,
    NOTIFICATION_LIMIT,
    _assessment_json,
    penalty_policy,
)


def _colour_grace_until(authorization: Authorization) -> dt.date | None:
    """Arts. 10 §2 and 70: the last day of the repaint period of the taxi, if it has one
    (the authorizations existing at the publication: 28/07/2026, on a business day)."""
    if not authorization.predates_law:
        return None
    return law_vehicles.colour_change_last_day(PUBLICATION_DATE)


def violation_notices_issue(
    *,
    agent: User,
    authorization: Authorization,
    items: Sequence[str],
    occurred_at: dt.datetime,
    place: str,
    offender: Driver | None = None,
    offender_signed: bool = False,
    description: str = "",
    confirm_duplicate: bool = False,
    password: str = "",
) -> list[ViolationNotice]:
    """A fiscal agent issues one notice per item infringed (Arts. 47, 51); his password signs.

    A notice already issued for the same vehicle, item and minute is most likely the same
    one sent twice (the phone's Back and Submit again): nothing is issued unless the agent
    confirms a second infraction (`confirm_duplicate`; issue 19, item 15)."""
    entries = _issue_check(
        agent=agent,
        authorization=authorization,
        items=items,
        occurred_at=occurred_at,
        place=place,
        offender=offender,
    )
    if not confirm_duplicate:
        _no_twin(authorization, [entry.item for entry in entries], occurred_at)
    issued_on = local_today()
    occurred_on = timezone.localtime(occurred_at).date()
    vrte = vrte_on(occurred_on)
    responsible = offender or authorization.holder
    history = final_history(responsible, before=occurred_on)
    policy = penalty_policy()
    notices = []
    # Not durable: a complaint's conversion issues its notices inside its own transaction.
    with transaction.atomic():
        for entry in entries:
            assessment = assess(item=entry.item, on=occurred_on, history=history, policy=policy)
            case = case_open(
                model=ViolationNotice,
                actor=agent,
                article=ART_47,
                applicant=authorization.holder,
                authorization=authorization,
                item=entry.item,
                offender=offender,
                vehicle=authorization.vehicle,
                place=place,
                occurred_at=occurred_at,
                issued_on=issued_on,
                agent=agent,
                offender_signed=offender_signed,
                description=description,
                fine_vrte=assessment.fine_vrte,
                vrte_value=vrte,
                fine_reais=(assessment.fine_vrte * vrte).quantize(CENTS, rounding=ROUND_HALF_UP)
                if vrte is not None
                else None,
                assessment=_assessment_json(assessment),
                data={"item": entry.item, "articles": list(assessment.articles)},
            )
            deadline_start(
                rule=law_deadlines.NOTIFICATION_LIMIT,
                # Art. 46 §1: the 60 days run from the finding.
                start=occurred_on,
                case=case,
                kind=NOTIFICATION_LIMIT,
                label=_("Prazo para notificar o infrator (senão o auto é arquivado)"),
            )
            document = document_issue(
                kind=OfficialDocument.Kind.VIOLATION_NOTICE,
                case=case,
                actor=agent,
                context=violation_notice_context(case),
            )
            document_sign_by(document=document, actor=agent, password=password, case=case)
            notices.append(case)
    return notices


def _issue_check(
    *,
    agent: User,
    authorization: Authorization,
    items: Sequence[str],
    occurred_at: dt.datetime,
    place: str,
    offender: Driver | None,
) -> list[Infraction]:
    """Arts. 41, 46 §1, 47 and 51: who issues, what the notice must say, and whether each
    item may be cited against this taxi on that day; returns the items' catalogue entries."""
    if not has_role(agent, Role.FISCAL_AGENT):
        raise NotPermitted(
            _("Somente agentes fiscais lavram autos de infração."), article=ART_41
        )
    if not items:
        raise RuleViolation(_("Informe ao menos um dispositivo infringido."), article=ART_47_III)
    if len(set(items)) != len(items):
        raise RuleViolation(_("Cada dispositivo deve ser citado uma vez."), article=ART_51)
    if not place.strip():
        raise RuleViolation(_("Informe o local da infração."), article=ART_47_V)
    if occurred_at > timezone.now():
        raise RuleViolation(_("A data e hora da infração estão no futuro."), article=ART_47_V)
    found_on = timezone.localtime(occurred_at).date()
    try:
        # Arts. 10 §2 and 70: no failure to repaint before the repaint period ends.
        entries = [
            infraction_citable_against(
                item, on=found_on, colour_grace_until=_colour_grace_until(authorization)
            )
            for item in items
        ]
        # Art. 46 §1: the 60 days to notify run from the finding.
        check_notice_can_be_issued(found_on=found_on, on=local_today())
    except LawError as exc:
        raise from_law(exc) from exc
    if (
        offender is not None
        and offender != authorization.holder
        and not (
            AuxiliaryBinding.objects.filter(
                authorization=authorization, auxiliary=offender, ended_on__isnull=True
            ).exists()
        )
    ):
        raise RuleViolation(
            _("O condutor identificado não é o titular nem o auxiliar desta autorização."),
            article=ART_47_I,
        )
    return entries


def _no_twin(authorization: Authorization, items: Sequence[str], occurred_at: dt.datetime) -> None:
    """Art. 51 gives one notice per infraction: the same plate, item and minute again is
    refused with the notice it repeats, unless the agent confirms it is another."""
    minute = occurred_at.replace(second=0, microsecond=0)
    twins = list(
        ViolationNotice.objects.filter(
            vehicle_id=authorization.vehicle_id,
            item__in=items,
            occurred_at__gte=minute,
            occurred_at__lt=minute + dt.timedelta(minutes=1),
        )
        .exclude(state=ViolationState.ANNULLED)
        .order_by("id")
        .values_list("number", "item")
    )
    if twins:
        raise RuleViolation(
            _(
                "Já foi lavrado o auto %(numbers)s para este veículo, o mesmo dispositivo e o "
                "mesmo minuto (%(when)s). Se é outra infração, confirme para lavrar mais um."
            )
            % {
                "numbers": ", ".join(f"{number} (inciso {item})" for number, item in twins),
                "when": timezone.localtime(minute).strftime("%d/%m/%Y %H:%M"),
            },
            article=ART_51,
            code="duplicate_notice",
        )


def violation_notice_issue(*, item: str, **kwargs: Any) -> ViolationNotice:
    """One item: see violation_notices_issue."""
    return violation_notices_issue(items=[item], **kwargs)[0]


def violation_notice_context(notice: ViolationNotice) -> dict[str, Any]:
    """Every field of Art. 47 for the printed notice."""
    vehicle = notice.vehicle
    agent = notice.agent
    penalty = penalty_of_notice(notice)
    return {
        "holder": {"name": notice.applicant.name if notice.applicant else ""},
        "offender": {"name": notice.offender.name if notice.offender else ""},
        "authorization": {"number": notice.authorization.number if notice.authorization else ""},
        "infraction": infraction_context(notice.item),
        "vehicle": {
            "plate": vehicle.display_plate,
            "make": vehicle.make,
            "model": vehicle.model,
            "colour": vehicle.colour,
        },
        "place": notice.place,
        "occurred_at": notice.occurred_at,
        "agent": signer_context(agent),
        "description": notice.description,
        "points": notice.assessment.get("points"),
        # Art. 59 I: a warning given instead of the fine prints no "Multa: 0,00 VRTE" row.
        "fine_vrte": notice.fine_vrte if penalty.has_fine else None,
        "penalty": penalty.lines,
        "offender_signed": notice.offender_signed,
        "issued_on": notice.issued_on,
    }


def require_fiscal_agent(actor: User | None) -> None:
    """Art. 41 (and Art. 46): notices are issued by the fiscal agents, nobody else."""
    if actor is None or not has_role(actor, Role.FISCAL_AGENT):
        raise NotPermitted(_("Somente agentes fiscais lavram autos de infração."), article=ART_41)


def offender_for(authorization: Authorization, conductor: str) -> Driver | None:
    """The driver the agent identified; None when not identified (Art. 50 sole paragraph)."""
    try:
        who = Conductor(conductor)
    except ValueError:
        raise RuleViolation(
            _("Informe quem conduzia: o titular, o auxiliar ou não identificado."),
            article=ART_50,
            code="conductor_required",
        ) from None
    if who == Conductor.HOLDER:
        return authorization.holder
    if who == Conductor.AUXILIARY:
        auxiliary = current_auxiliary(authorization)
        if auxiliary is None:
            raise RuleViolation(
                _("Este táxi não tem taxista auxiliar vinculado."), article=ART_27
            )
        return auxiliary
    return None


def violation_notices_issue_for_conductor(
    *,
    agent: User,
    authorization: Authorization,
    items: Sequence[str],
    conductor: str,
    occurred_at: dt.datetime,
    place: str,
    offender_signed: bool = False,
    description: str = "",
    confirm_duplicate: bool = False,
    password: str = "",
) -> list[ViolationNotice]:
    """The agent's page and API: one notice per item (Art. 51), by `violation_notices_issue`."""
    require_fiscal_agent(agent)
    return violation_notices_issue(
        agent=agent,
        authorization=authorization,
        items=list(items),
        occurred_at=occurred_at,
        place=place.strip(),
        offender=offender_for(authorization, conductor),
        offender_signed=offender_signed,
        description=description.strip(),
        confirm_duplicate=confirm_duplicate,
        password=password,
    )
