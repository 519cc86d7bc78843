"""The clerk's check and decision of an auxiliary request (Art. 27): approved, the binding
is written; denied, nothing changes."""

from __future__ import annotations

import datetime as dt

from django.utils.translation import gettext as _

from accounts.models import User
from cases.errors import RuleViolation, StateConflict
from cases.models import Case
from cases.services.documents import has_usable_document
from cases.services.transitions import case_record, local_today
from law import auxiliary as rules
from law.citations import (
    ART_27,
    ART_27_P1,
    ART_27_P2,
    ART_27_P3_P4_AND_10_I,
)
from registers.models import AuxiliaryBinding, Driver
from workflows.auxiliary.models import (
    AuxiliaryCase,
    AuxiliaryPurpose,
)
from workflows.auxiliary.services.bindings import (
    _binding_deadlines_cancel,
    _binding_deadlines_set,
    _flag_if_retired,
    case_auxiliary_binding_end,
)
from workflows.auxiliary.services.common import (
    CHECKLIST,
    _active_binding,
)
from workflows.auxiliary.services.filing import _assess, _required_items
from workflows.auxiliary.services.notices import _notify_auxiliary, _notify_holder
from workflows.steps.durable import case_step_durable
from workflows.steps.guards import authorization_in_force_lock


def _recheck(case: AuxiliaryCase, today: dt.date) -> bool:
    """Under the case lock: the registers still as the request found them, every rule met."""
    assert case.authorization_id is not None
    authorization = authorization_in_force_lock(
        case.authorization_id,
        refusal=_("A autorização %(number)s não está mais em vigor em nome do requerente."),
        article=ART_27,
        holder_id=case.applicant_id,
    )
    current = _active_binding(authorization)
    renewing = case.purpose == AuxiliaryPurpose.RENEW
    expected = case.binding_id if renewing else case.departing_binding_id
    if (current.pk if current else None) != expected:
        raise StateConflict(
            _(
                "O auxiliar vinculado a esta autorização mudou desde o pedido; o pedido deve "
                "ser refeito."
            ),
            article=ART_27,
        )
    missing = [
        str(CHECKLIST[item])
        for item in _required_items(case.purpose, case.departure_reason)
        if not has_usable_document(case, item)
    ]
    if missing:
        raise RuleViolation(
            _("Faltam documentos aceitáveis: %(items)s.") % {"items": "; ".join(missing)},
            article=ART_27_P2 if case.purpose == AuxiliaryPurpose.END else ART_27_P3_P4_AND_10_I,
            code="documents_missing",
        )
    return _assess(
        purpose=case.purpose,
        holder=authorization.holder,
        authorization=authorization,
        auxiliary=Driver.objects.select_for_update().get(pk=case.auxiliary_id),
        departure_reason=case.departure_reason,
        current=current,
        today=today,
    )


def auxiliary_accept_guard(locked: AuxiliaryCase) -> None:
    """Guard of `accept`: the documents are complete; the rules are checked again on the
    registers."""
    _recheck(locked, local_today())


def auxiliary_approve(
    *,
    case: Case,
    actor: User,
    note: str = "",
    revoke_departing: bool = False,
    today: dt.date | None = None,
) -> AuxiliaryCase:
    """The executive decides for the request; the binding is created, renewed or ended."""
    day = today or local_today()
    assessed: dict[str, bool] = {}

    def guard(locked: AuxiliaryCase) -> None:
        if revoke_departing and locked.departing_binding_id is None:
            raise RuleViolation(
                _("Só se revoga a autorização de um auxiliar que deixa o titular."),
                article=ART_27_P2,
            )
        if revoke_departing and not note.strip():
            raise RuleViolation(
                _("Informe o motivo da revogação da autorização do auxiliar."),
                article=ART_27_P2,
            )
        assessed["counts"] = _recheck(locked, day)

    def effects(locked: AuxiliaryCase, *, actor: User, note: str) -> None:
        if locked.counts_as_swap != assessed["counts"]:
            locked.counts_as_swap = assessed["counts"]
            locked.save(update_fields=["counts_as_swap"])
        _apply(locked, actor=actor, day=day)

    return case_step_durable(
        case=case,
        action="approve",
        actor=actor,
        note=note,
        guard=guard,
        kwargs={
            "decided_on": day,
            "valid_until": rules.binding_valid_until(day),
            "revoke_departing": revoke_departing,
        },
        data={"revoke_departing": revoke_departing},
        effects=effects,
    )


def auxiliary_deny(
    *, case: Case, actor: User, note: str = "", today: dt.date | None = None
) -> AuxiliaryCase:
    return case_step_durable(
        case=case,
        action="deny",
        actor=actor,
        note=note,
        kwargs={"decided_on": today or local_today()},
        effects=_refused,
    )


def _refused(case: AuxiliaryCase, *, actor: User, note: str) -> None:
    _notify_holder(case, approved=False, note=note)


def _apply(case: AuxiliaryCase, *, actor: User, day: dt.date) -> None:
    """The decision's effects on the registers, in the deciding transaction."""
    holder = case.applicant
    assert holder is not None
    if case.departing_binding_id is not None:
        departing = AuxiliaryBinding.objects.select_for_update().get(pk=case.departing_binding_id)
        reason = (
            AuxiliaryBinding.EndReason.WITHDRAWN if case.revoke_departing else case.departure_reason
        )
        case_auxiliary_binding_end(
            binding=departing, reason=reason, on=day, case=case, actor=actor, article=ART_27_P2
        )
    if case.purpose == AuxiliaryPurpose.REGISTER:
        assert case.valid_until is not None and case.authorization is not None
        auxiliary = Driver.objects.select_for_update().get(pk=case.auxiliary_id)
        binding = AuxiliaryBinding.objects.create(
            authorization=case.authorization,
            auxiliary=auxiliary,
            valid_from=day,
            valid_until=case.valid_until,
        )
        auxiliary.titular = holder
        auxiliary.kind = Driver.Kind.AUXILIARY
        auxiliary.save(update_fields=["titular", "kind"])
        case.binding = binding
        case.save(update_fields=["binding"])
        case_record(
            case=case,
            actor=actor,
            event="auxiliary_bound",
            article=ART_27_P1,
            data={
                "binding": binding.pk,
                "auxiliary": auxiliary.pk,
                "valid_until": binding.valid_until.isoformat(),
                "counts_as_swap": case.counts_as_swap,
            },
        )
        _binding_deadlines_set(case, binding)
        _notify_auxiliary(case, binding)
    elif case.purpose == AuxiliaryPurpose.RENEW:
        assert case.valid_until is not None
        binding = AuxiliaryBinding.objects.select_for_update().get(pk=case.binding_id)
        _binding_deadlines_cancel(binding)
        previous = binding.valid_until
        binding.valid_until = case.valid_until
        binding.save(update_fields=["valid_until"])
        case_record(
            case=case,
            actor=actor,
            event="auxiliary_renewed",
            article=ART_27_P1,
            data={
                "binding": binding.pk,
                "previous_valid_until": previous.isoformat(),
                "valid_until": binding.valid_until.isoformat(),
            },
        )
        _binding_deadlines_set(case, binding)
        _notify_auxiliary(case, binding)
    else:
        _flag_if_retired(case, holder=holder, actor=actor)
    _notify_holder(case, approved=True, note="")
