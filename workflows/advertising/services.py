"""Advertising on taxis (Art. 67): filing, the mayor's decision, and the end of the period
(the table is in `workflows.advertising.workflow`).

filed ──accept (layout accepted)──▶ awaiting_decision ──approve──▶ authorized
  │  ╲                                   │                            │ (system) end,
  │   ask_correction ▶ correction_requested ──resubmit──▶ filed       ▼ after the last day
  reject ▶ rejected;  deny ▶ denied;  withdraw (before a decision) ▶ withdrawn     ended

The holder files from the portal or the API with the layout of the advertisement (an image
or PDF, checked like every upload); a clerk reviews it and accepts the request; the mayor,
for the Executive (Art. 67), authorizes it. Once authorized it is in force from its first
day (never before the decision) to its last, when a deadline row ends it.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from typing import Any

from django.core.files.uploadedfile import UploadedFile
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _l

from accounts.models import User
from accounts.roles import Role, has_role
from cases.errors import NotPermitted, RuleViolation, StateConflict, from_law
from cases.models import Case, Deadline
from cases.services.deadlines import deadline_handler, deadline_start
from cases.services.documents import proofs_check, proofs_store
from cases.services.transitions import case_lock, case_open, case_step, local_today
from law import advertising as law_advertising
from law import deadlines as law_deadlines
from law.citations import ART_67
from law.i18n import format_date
from registers.models import Authorization, Driver
from workflows.advertising.models import AdvertisingCase, AdvertisingState
from workflows.steps.durable import case_step_durable
from workflows.steps.guards import authorization_in_force_lock, holder_authorization_lock
from workflows.steps.notices import applicant_notify

END_DEADLINE = "advertising.end"
LAYOUT_ITEM = "layout"
CHECKLIST: dict[str, Any] = {
    LAYOUT_ITEM: _l(
        "Arte ou leiaute da publicidade, com sua posição no veículo (PDF, JPEG ou PNG)"
    ),
}
OPEN_STATES = (
    AdvertisingState.FILED,
    AdvertisingState.CORRECTION_REQUESTED,
    AdvertisingState.AWAITING_DECISION,
)


def _law(exc: law_advertising.AdvertisingError) -> RuleViolation:
    error = from_law(exc)
    error.code = exc.code
    return error


def _placement(value: str) -> law_advertising.Placement:
    try:
        placement = law_advertising.Placement(value)
    except ValueError:
        raise RuleViolation(
            _("Local da publicidade inválido: escolha um dos locais da lista."),
            article=ART_67,
            code="placement_invalid",
        ) from None
    try:
        law_advertising.placement_check(placement)
    except law_advertising.AdvertisingError as exc:
        raise _law(exc) from exc
    return placement


def advertising_file(
    *,
    actor: User,
    holder: Driver,
    placement: str,
    text: str,
    start_on: dt.date,
    end_on: dt.date,
    advertiser: str = "",
    proofs: Mapping[str, Sequence[UploadedFile]] | None = None,
    today: dt.date | None = None,
) -> AdvertisingCase:
    """The holder (portal or API) or a clerk (at the counter) asks to advertise (Art. 67)."""
    day = today or local_today()
    if not (holder.user_id == actor.pk or has_role(actor, Role.CLERK)):
        raise NotPermitted(
            _("Somente o próprio titular ou um servidor pode pedir autorização de publicidade."),
            article=ART_67,
        )
    chosen = _placement(placement)
    if not text.strip():
        raise RuleViolation(
            _("Descreva a publicidade: o texto ou a imagem que será exibida."),
            article=ART_67,
            code="text_missing",
        )
    try:
        law_advertising.period_check(start_on, end_on, today=day)
    except law_advertising.AdvertisingError as exc:
        raise _law(exc) from exc
    # Every file is checked before anything is written: a bad file leaves no case behind.
    checked = proofs_check(
        proofs or {}, checklist=CHECKLIST, required=(LAYOUT_ITEM,), article=ART_67
    )
    with transaction.atomic(durable=True):
        authorization = holder_authorization_lock(
            holder,
            refusal=_(
                "O titular não tem autorização ativa: só um táxi em serviço pode ter "
                "publicidade autorizada."
            ),
            article=ART_67,
            statuses=(Authorization.Status.ACTIVE,),
            related=("vehicle",),
            code="no_active_authorization",
        )
        _no_overlap(authorization, chosen, start_on, end_on)
        case = case_open(
            model=AdvertisingCase,
            actor=actor,
            article=ART_67,
            applicant=holder,
            authorization=authorization,
            vehicle=authorization.vehicle,
            placement=chosen.value,
            text=text.strip(),
            advertiser=advertiser.strip(),
            start_on=start_on,
            end_on=end_on,
            data={
                "placement": chosen.value,
                "start_on": start_on.isoformat(),
                "end_on": end_on.isoformat(),
                "plate": authorization.vehicle.plate,
            },
        )
        proofs_store(case=case, checked=checked, actor=actor)
    return case


def _no_overlap(
    authorization: Authorization,
    placement: law_advertising.Placement,
    start_on: dt.date,
    end_on: dt.date,
) -> None:
    """One request or authorization at a time for the same place of the same taxi and days."""
    clash = (
        AdvertisingCase.objects.filter(
            authorization=authorization,
            placement=placement.value,
            state__in=(*OPEN_STATES, AdvertisingState.AUTHORIZED),
            start_on__lte=end_on,
            end_on__gte=start_on,
        )
        .order_by("pk")
        .first()
    )
    if clash is not None:
        raise StateConflict(
            _("Já existe o pedido %(number)s de publicidade neste local do veículo para "
              "parte do mesmo período.")
            % {"number": clash.number},
            article=ART_67,
            code="advertising_overlap",
        )


def advertising_approve(
    *, case: Case, actor: User, note: str = "", today: dt.date | None = None
) -> AdvertisingCase:
    """The mayor authorizes it: in force from its first day (not before today) to its last."""
    day = today or local_today()

    def guard(locked: AdvertisingCase) -> None:
        if law_advertising.period_over(locked.end_on, day):
            raise RuleViolation(
                _("O período pedido terminou em %(end)s: não há o que autorizar; negue o "
                  "pedido.") % {"end": format_date(locked.end_on)},
                article=ART_67,
                code="period_over",
            )
        assert locked.authorization_id is not None
        authorization_in_force_lock(
            locked.authorization_id,
            refusal=_(
                "A autorização %(number)s não está ativa: a publicidade não pode ser "
                "autorizada."
            ),
            article=ART_67,
            statuses=(Authorization.Status.ACTIVE,),
            code="authorization_not_active",
        )

    locked_start = AdvertisingCase.objects.only("start_on").get(pk=case.pk).start_on
    start = law_advertising.authorized_from(locked_start, day)
    return case_step_durable(
        case=case,
        action="approve",
        actor=actor,
        note=note,
        guard=guard,
        kwargs={"authorized_from": start},
        data={"authorized_from": start.isoformat()},
        effects=_period_start,
    )


def _period_start(case: AdvertisingCase, *, actor: User, note: str) -> None:
    """The approval's effects: the period runs to its last day, the applicant is told."""
    assert case.authorized_from is not None
    deadline_start(
        rule=law_deadlines.ADVERTISING_PERIOD,
        start=case.authorized_from,
        length=law_advertising.period_days(case.authorized_from, case.end_on),
        kind=END_DEADLINE,
        case=case,
    )
    applicant_notify(case, template="advertising_decided", approved=True, note=note)


def advertising_refusal_notify(case: AdvertisingCase, *, actor: User, note: str) -> None:
    """The effect of the mayor's refusal (the `deny` edge is the shared intake step)."""
    applicant_notify(case, template="advertising_decided", approved=False, note=note)


@deadline_handler(END_DEADLINE)
def advertising_end(case: Case | None, deadline: Deadline, today: dt.date) -> bool:
    """System: the last day of the period has passed; the advertisement leaves the taxi
    (Art. 67)."""
    assert case is not None
    locked = case_lock(case)
    if locked.state != AdvertisingState.AUTHORIZED or locked.end_on >= today:
        return False  # stale row: ended already
    case_step(
        case=locked,
        action="end",
        actor=None,
        article=ART_67,
        note=_("Período da publicidade encerrado em %(day)s.")
        % {"day": format_date(locked.end_on)},
    )
    return True
