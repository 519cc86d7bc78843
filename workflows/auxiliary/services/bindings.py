"""The auxiliary's bindings (Art. 27 §§1-4, Art. 69): ended, recorded from the old register,
reminded and expired yearly."""

from __future__ import annotations

import datetime as dt

from django.utils.translation import gettext as _

from accounts.models import User
from cases.models import Case, Deadline
from cases.services.deadlines import (
    deadline_fix,
    deadline_handler,
    deadlines_cancel,
    reminder_due_on,
    reminder_target,
)
from cases.services.transitions import case_lock, case_open, case_record, case_step
from law import auxiliary as rules
from law import deadlines as law_deadlines
from law.bars import auxiliary_bar_ends, revocation_bar_ends
from law.citations import (
    ART_27_P1,
    ART_28,
    ART_69,
)
from law.i18n import format_date
from notifications.services import notification_queue
from registers.models import Authorization, AuxiliaryBinding, Driver
from registers.services.authorizations import auxiliary_binding_end
from workflows.auxiliary.models import (
    AuxiliaryCase,
    AuxiliaryPurpose,
)
from workflows.auxiliary.services.common import (
    EXPIRY,
    REMINDER,
    REMINDER_DAYS_BEFORE,
)


def case_auxiliary_binding_end(
    *,
    binding: AuxiliaryBinding,
    reason: str,
    on: dt.date,
    case: Case,
    actor: User | None,
    article: str,
) -> AuxiliaryBinding:
    """End one binding (already locked by the caller) and say so on `case`.

    The auxiliary is no longer linked to the holder, the binding's reminder and expiry rows
    are cancelled, and the auxiliary is told (and, if revoked, until when he is barred).
    """
    auxiliary = auxiliary_binding_end(binding=binding, reason=reason, on=on)
    case_record(
        case=case,
        actor=actor,
        event="auxiliary_unbound",
        article=article,
        data={
            "binding": binding.pk,
            "auxiliary": auxiliary.pk,
            "reason": reason,
            "ended_on": on.isoformat(),
        },
    )
    _binding_deadlines_cancel(binding)
    barred_until = {
        AuxiliaryBinding.EndReason.REVOKED: revocation_bar_ends,
        AuxiliaryBinding.EndReason.WITHDRAWN: auxiliary_bar_ends,
    }.get(reason, lambda day: None)(on)
    notification_queue(
        case=case,
        recipient=auxiliary,
        template="auxiliary_unbound",
        context={
            "binding": binding,
            "ended_on": on,
            "reason_label": binding.get_end_reason_display(),
            "revoked": barred_until is not None,
            "cassada": reason == AuxiliaryBinding.EndReason.REVOKED,
            "barred_until": barred_until,
            "authorization": binding.authorization,
        },
    )
    return binding


def auxiliary_bindings_end(
    *, authorization: Authorization, case: Case, actor: User | None, on: dt.date, article: str
) -> list[AuxiliaryBinding]:
    """End every binding of an authorization that ends or changes holder (Arts. 23, 25).

    In the caller's transaction; the reason is `authorization_ended`: the auxiliary's
    authorization is bound to the holder's Termo (Art. 27 §1).
    """
    ended = []
    for binding in AuxiliaryBinding.objects.select_for_update().filter(
        authorization=authorization, ended_on__isnull=True
    ):
        ended.append(
            case_auxiliary_binding_end(
                binding=binding,
                reason=AuxiliaryBinding.EndReason.AUTHORIZATION_ENDED,
                on=on,
                case=case,
                actor=actor,
                article=article,
            )
        )
    return ended


def auxiliary_existing_record(*, binding: AuxiliaryBinding, actor: User | None) -> AuxiliaryCase:
    """Record a binding that predates the system (Art. 69), imported with its Termo.

    The auxiliary's authorization is renewed yearly (Art. 27 §1) whether it was granted
    before the system or through it: the binding gets an approved case of its own, as one
    granted here has, and on it the same reminder and expiry rows, so that the holder is
    reminded, the binding ends when its term runs out unrenewed, and the notices carry a
    case number. In the caller's transaction.
    """
    holder = binding.authorization.holder
    case = case_open(
        model=AuxiliaryCase,
        actor=actor,
        article=ART_69,
        note=_("Vínculo de auxiliar existente antes do sistema, válido até %(day)s.")
        % {"day": format_date(binding.valid_until)},
        purpose=AuxiliaryPurpose.REGISTER,
        applicant=holder,
        authorization=binding.authorization,
        auxiliary=binding.auxiliary,
        binding=binding,
    )
    case = case_step(
        case=case,
        action="record_existing",
        actor=None,
        kwargs={"valid_until": binding.valid_until},
        data={"binding": binding.pk, "auxiliary": binding.auxiliary_id},
    )
    _binding_deadlines_set(case, binding)
    return case


def _binding_deadlines_set(case: AuxiliaryCase, binding: AuxiliaryBinding) -> None:
    deadline_fix(
        rule=law_deadlines.AUXILIARY_RENEWAL_REMINDER,
        case=case,
        kind=REMINDER,
        label=_("Lembrete: renovar o auxiliar até %(day)s")
        % {"day": format_date(binding.valid_until)},
        due_on=reminder_due_on(binding.valid_until, REMINDER_DAYS_BEFORE),
    )
    # The term's last day as the binding records it (an imported binding keeps its own).
    deadline_fix(
        rule=law_deadlines.AUXILIARY_TERM,
        case=case,
        kind=EXPIRY,
        label=_("Fim do vínculo do auxiliar sem renovação"),
        due_on=binding.valid_until,
    )


def _binding_deadlines_cancel(binding: AuxiliaryBinding) -> None:
    for earlier in AuxiliaryCase.objects.filter(binding=binding):
        deadlines_cancel(case=earlier, kinds=[REMINDER, EXPIRY])


def _flag_if_retired(case: Case, *, holder: Driver, actor: User | None) -> None:
    """Art. 28: a retired holder left without an auxiliary must register one to go on."""
    has_auxiliary = AuxiliaryBinding.objects.filter(
        authorization__holder=holder, ended_on__isnull=True
    ).exists()
    if rules.retired_needs_auxiliary(retired=holder.retired, has_auxiliary=has_auxiliary):
        case_record(
            case=case,
            actor=actor,
            event="retired_holder_without_auxiliary",
            article=ART_28,
            note=_(
                "Titular aposentado sem auxiliar: deve cadastrar um novo auxiliar para "
                "continuar na exploração da autorização."
            ),
            data={"holder": holder.pk},
        )


@deadline_handler(REMINDER)
def auxiliary_renewal_remind(case: Case | None, deadline: Deadline, today: dt.date) -> bool:
    """A month before the end of the term, the holder is reminded to renew (Art. 27 §1)."""
    assert case is not None
    locked = case_lock(case)
    if locked.binding_id is None:
        return False
    binding = AuxiliaryBinding.objects.select_related("auxiliary", "authorization__holder").get(
        pk=locked.binding_id
    )
    due = reminder_target(deadline.due_on, REMINDER_DAYS_BEFORE)
    if binding.ended_on is not None or binding.valid_until != due:
        return False  # ended, or renewed: a later row reminds of the new end
    notification_queue(
        case=locked,
        recipient=binding.authorization.holder,
        template="auxiliary_renewal_reminder",
        context={
            "binding": binding,
            "auxiliary": binding.auxiliary,
            "valid_until": binding.valid_until,
        },
    )
    return True


@deadline_handler(EXPIRY)
def auxiliary_binding_expire(case: Case | None, deadline: Deadline, today: dt.date) -> bool:
    """System: the term's last day has passed without renewal; the binding ends (Art. 27 §1)."""
    assert case is not None
    locked = case_lock(case)
    if locked.binding_id is None:
        return False
    binding = AuxiliaryBinding.objects.select_for_update().get(pk=locked.binding_id)
    stale = binding.ended_on is not None or binding.valid_until != deadline.due_on
    if stale or binding.valid_until >= today:
        return False
    ended_on = binding.valid_until + dt.timedelta(days=1)
    case_auxiliary_binding_end(
        binding=binding,
        reason=AuxiliaryBinding.EndReason.NOT_RENEWED,
        on=ended_on,
        case=locked,
        actor=None,
        article=ART_27_P1,
    )
    holder = binding.authorization.holder
    _flag_if_retired(locked, holder=holder, actor=None)
    notification_queue(
        case=locked,
        recipient=holder,
        template="auxiliary_expired",
        context={
            "binding": binding,
            "auxiliary": binding.auxiliary,
            "valid_until": binding.valid_until,
            "retired": holder.retired,
        },
    )
    return True
