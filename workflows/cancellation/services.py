"""Cancellation on request (Art. 23): filing, the clerk's check and its effects.

- The holder asks (portal) or a clerk files at the counter. The holder declares that he
  knows the consequence: a new authorization only 5 years after the effective cancellation
  (Art. 23 sole paragraph); the declaration is recorded on the case.
- A clerk checks and confirms. Art. 23 makes the cancellation the holder's right once he
  asks ("deverão requerer o cancelamento"); no homologation by the mayor is needed to give
  back what the holder no longer wants. The day of the confirmation is the "efetivo
  cancelamento": the authorization's `ended_on`, from which `registers.requirements`
  counts the 5-year bar.
- The authorization must be free of other open requests that would act on it once
  cancelled (suspension, transfer, auxiliary, another cancellation).
  A suspension on request in effect therefore has to end first; see the report for the
  shared change that would let a cancellation close it instead.
- Effects, in the confirming transaction: the authorization is cancelled under its row lock;
  the auxiliary's binding ends (`authorization_ended`, Art. 27 §1); the register deadlines
  of the authorization are cancelled; the freed fleet place (Art. 22 §2) is offered to the
  application kind's waiting list when that kind provides one; the holder is notified with
  the dates.
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
from cases.errors import NotPermitted, RuleViolation, StateConflict
from cases.models import Case
from cases.selectors import authorization_open_cases
from cases.services.documents import proofs_check, proofs_store
from cases.services.transitions import case_open, case_step, local_today
from cases.workflow import all_workflows
from law.bars import cancellation_bar_ends
from law.citations import ART_23, ART_23_AND_27_P1, ART_23_SOLE
from law.i18n import format_date
from notifications.services import notification_queue
from registers.models import Authorization, Driver
from workflows.authorizations import case_authorization_end
from workflows.cancellation.models import CancellationCase
from workflows.steps.guards import authorization_in_force_lock, holder_authorization_lock

CHECKLIST: dict[str, Any] = {
    "signed_request": _l("Requerimento de cancelamento assinado (pedidos no balcão)"),
}


def blocking_requests(authorization: Authorization, exclude: Case | None = None) -> list[Case]:
    """The open cases on the authorization (other than `exclude`) that would act on it
    after it is cancelled: each kind says so in its `Workflow.blocks_cancellation`. Renewal
    and vehicle substitution cases do not: the system opens them by itself (reminders,
    vehicle age), their decisions re-check that the authorization is in force, and the
    renewal kind closes a case left waiting by an ended authorization
    (`close_not_renewed`)."""
    blocks = {w.kind: w.blocks_cancellation for w in all_workflows() if w.blocks_cancellation}
    return [
        case
        for case in authorization_open_cases(authorization.pk, blocks, exclude)
        if (test := blocks[case.kind]) is True or (callable(test) and test(case, authorization))
    ]



def may_apply_again_on(effective_on: dt.date) -> dt.date:
    """Art. 23 sole paragraph: the first day a new application is possible."""
    return cancellation_bar_ends(effective_on) + dt.timedelta(days=1)


def _no_open_requests(authorization: Authorization, exclude: Case | None = None) -> None:
    pending = blocking_requests(authorization, exclude=exclude)
    if pending:
        raise StateConflict(
            _("Há pedidos em andamento sobre esta autorização (%(cases)s); eles devem ser "
              "concluídos antes do cancelamento.")
            % {"cases": ", ".join(f"{c.number}: {c.get_kind_display()}" for c in pending)},
            article=ART_23,
        )


def cancellation_file(
    *,
    actor: User,
    holder: Driver,
    acknowledged_bar: bool,
    reason: str = "",
    proofs: Mapping[str, Sequence[UploadedFile]] | None = None,
    today: dt.date | None = None,
) -> CancellationCase:
    """The holder asks to give his authorization back (Art. 23)."""
    day = today or local_today()
    if not (holder.user_id == actor.pk or has_role(actor, Role.CLERK)):
        raise NotPermitted(_("Somente o próprio titular ou um servidor pode protocolar."),
                           article=ART_23)
    if not acknowledged_bar:
        raise RuleViolation(
            _("Declare estar ciente de que, cancelada a autorização, uma nova só poderá ser "
              "requerida após 5 anos do efetivo cancelamento (se efetivado hoje, a partir "
              "de %(day)s).") % {"day": format_date(may_apply_again_on(day))},
            article=ART_23_SOLE,
        )
    checked = proofs_check(proofs or {}, checklist=CHECKLIST, required=(), article=ART_23)
    with transaction.atomic(durable=True):
        authorization = holder_authorization_lock(
            holder,
            refusal=_("O titular não tem autorização em vigor para cancelar."),
            article=ART_23,
        )
        _no_open_requests(authorization)
        case = case_open(
            model=CancellationCase,
            actor=actor,
            article=ART_23,
            applicant=holder,
            authorization=authorization,
            reason=reason,
            acknowledged_bar=True,
            data={"acknowledged_bar": True, "authorization": authorization.number},
        )
        proofs_store(case=case, checked=checked, actor=actor)
    return case


def cancellation_confirm(
    *, case: Case, actor: User, note: str = "", today: dt.date | None = None
) -> CancellationCase:
    """A clerk confirms: the cancellation is effective today, with all its effects."""
    day = today or local_today()

    def guard(locked: CancellationCase) -> None:
        assert locked.authorization_id is not None
        authorization = authorization_in_force_lock(
            locked.authorization_id,
            refusal=_("A autorização %(number)s não está mais em vigor em nome do requerente."),
            article=ART_23,
            holder_id=locked.applicant_id,
        )
        _no_open_requests(authorization, exclude=locked)

    with transaction.atomic(durable=True):
        locked = case_step(case=case, action="confirm", actor=actor, note=note, guard=guard,
                           kwargs={"effective_on": day})
        bar_ends = cancellation_bar_ends(day)
        row = case_authorization_end(
            authorization=locked.authorization, status=Authorization.Status.CANCELLED, on=day,
            case=locked, actor=actor, article=ART_23_SOLE,
            bindings_article=ART_23_AND_27_P1,
            lapse_note=_("Autorização cancelada a pedido (Art. 23)."),
            data={"bar_ends": bar_ends.isoformat()},
        )
        assert locked.applicant is not None
        notification_queue(
            case=locked, recipient=locked.applicant, template="cancellation_effective",
            context={"authorization": row, "effective_on": day, "bar_ends": bar_ends,
                     "may_apply_on": may_apply_again_on(day)},
        )
    return locked
