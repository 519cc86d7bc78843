"""Filing an auxiliary request (Arts. 27, 28): register, renew or end an auxiliary, every
rule checked under the locks of the authorization and its binding."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from typing import Any

from django.conf import settings
from django.core.files.uploadedfile import UploadedFile
from django.db import transaction
from django.utils.translation import gettext as _

from accounts.models import User
from accounts.roles import Role, has_role
from cases.errors import NotPermitted, RuleViolation, StateConflict
from cases.services.documents import proofs_check, proofs_store
from cases.services.transitions import case_open, case_record, local_today
from law import auxiliary as rules
from law.citations import (
    ART_9_AND_10_I,
    ART_27,
    ART_27_P2,
    ART_27_P3_P4_AND_10_I,
)
from law.errors import LawError
from registers.models import IN_FORCE, Authorization, AuxiliaryBinding, Driver
from registers.requirements import driver_requirements_unmet, requirements_enforce
from registers.services.drivers import ART_10_I_ITEMS, driver_lock_or_match
from workflows.auxiliary.models import (
    AuxiliaryCase,
    AuxiliaryPurpose,
    DepartureReason,
)
from workflows.auxiliary.selectors import last_ended_binding, swap_days
from workflows.auxiliary.services.common import (
    _OPENING_ARTICLE,
    CHECKLIST,
    DEPARTURE_PROOF,
    OPEN_STATES,
    RENEWAL_ITEMS,
    _active_binding,
    _law,
)
from workflows.steps.guards import holder_authorization_lock


def _required_items(purpose: str, departure_reason: str) -> list[str]:
    if purpose == AuxiliaryPurpose.REGISTER:
        items = list(ART_10_I_ITEMS)
    elif purpose == AuxiliaryPurpose.RENEW:
        items = list(RENEWAL_ITEMS)
    else:
        items = []
    if purpose != AuxiliaryPurpose.RENEW and rules.requires_proof(departure_reason):
        items.append(DEPARTURE_PROOF)
    return items


def _assess(
    *,
    purpose: str,
    holder: Driver,
    authorization: Authorization,
    auxiliary: Driver | None,
    departure_reason: str,
    current: AuxiliaryBinding | None,
    today: dt.date,
) -> bool:
    """Every rule of Arts. 27 and 28 for this request on `today`; True if it is a swap.

    Under the caller's locks on the authorization and its binding.
    """
    if purpose != AuxiliaryPurpose.REGISTER:
        _assess_bound(
            purpose=purpose,
            holder=holder,
            departure_reason=departure_reason,
            current=current,
            today=today,
        )
        return False

    assert auxiliary is not None
    if auxiliary.pk == holder.pk:
        raise RuleViolation(_("O titular não pode ser o seu próprio auxiliar."), article=ART_27)
    if Authorization.objects.filter(holder=auxiliary, status__in=IN_FORCE).exists():
        raise RuleViolation(
            _("%(name)s é titular de autorização em vigor e não pode ser auxiliar.")
            % {"name": auxiliary.name},
            article="Art. 4 V-VI; Art. 27",
        )
    bound = AuxiliaryBinding.objects.filter(auxiliary=auxiliary, ended_on__isnull=True).first()
    if bound is not None:
        if current is not None and bound.pk == current.pk:
            raise RuleViolation(
                _("%(name)s já é o auxiliar deste titular.") % {"name": auxiliary.name},
                article=ART_27,
            )
        raise RuleViolation(
            _(
                "%(name)s já está vinculado a outro titular; o auxiliar só pode conduzir o "
                "veículo ao qual está vinculado."
            )
            % {"name": auxiliary.name},
            article=ART_27,
        )
    if current is not None and not departure_reason:
        raise RuleViolation(
            _(
                "Cada titular pode ter um único taxista auxiliar, e %(name)s já está vinculado. "
                "Para substituí-lo, informe o motivo da saída do auxiliar atual."
            )
            % {"name": current.auxiliary.name},
            article=ART_27,
        )
    if current is None and departure_reason:
        raise RuleViolation(
            _("Não há auxiliar vinculado a substituir; não informe motivo de saída."),
            article=ART_27,
        )
    requirements_enforce(driver_requirements_unmet(auxiliary, on=today, as_auxiliary=True))
    return _swap_check(
        holder=holder,
        authorization=authorization,
        departure_reason=departure_reason,
        current=current,
        today=today,
    )


def _assess_bound(
    *,
    purpose: str,
    holder: Driver,
    departure_reason: str,
    current: AuxiliaryBinding | None,
    today: dt.date,
) -> None:
    """Art. 27 §§1-2 and Art. 28: renewing or ending needs a bound auxiliary; renewing, his
    requirements met again; ending, a reason a retired holder may give."""
    if current is None:
        raise RuleViolation(_("Não há auxiliar vinculado a esta autorização."), article=ART_27)
    if purpose == AuxiliaryPurpose.RENEW:
        requirements_enforce(
            driver_requirements_unmet(current.auxiliary, on=today, as_auxiliary=True)
        )
        return
    if departure_reason not in rules.DEPARTURE_REASONS:
        raise RuleViolation(_("Informe o motivo do desligamento do auxiliar."), article=ART_27_P2)
    try:
        rules.check_retired_may_dismiss(retired=holder.retired, reason=departure_reason)
    except LawError as exc:
        raise _law(exc) from exc


def _swap_check(
    *,
    holder: Driver,
    authorization: Authorization,
    departure_reason: str,
    current: AuxiliaryBinding | None,
    today: dt.date,
) -> bool:
    """Art. 27 §2: whether registering this auxiliary counts as a swap, refused when the
    holder has used the swaps the period allows; True if it is a swap."""
    if current is not None:
        counts = rules.counts_as_swap(replacing_reason=departure_reason, previous_end_reason=None)
    else:
        last = last_ended_binding(authorization)
        counts = rules.counts_as_swap(
            replacing_reason=None, previous_end_reason=last.end_reason if last else None
        )
    if counts:
        try:
            rules.check_swap_allowed(
                swap_days(authorization, holder),
                today,
                count=rules.SwapCount(settings.AUXILIARY_SWAP_COUNT),
            )
        except LawError as exc:
            raise _law(exc) from exc
    return counts


def auxiliary_file(
    *,
    actor: User,
    holder: Driver,
    purpose: str,
    auxiliary: Driver | None = None,
    auxiliary_data: Mapping[str, Any] | None = None,
    departure_reason: str = "",
    reason: str = "",
    proofs: Mapping[str, Sequence[UploadedFile]] | None = None,
    today: dt.date | None = None,
) -> AuxiliaryCase:
    """The holder (portal) or a clerk (counter) asks to register, renew or end an auxiliary.

    A new auxiliary is registered in the drivers' register from `auxiliary_data` in the
    same transaction, so a refused request leaves no one behind (Arts. 9, 10 I).
    """
    day = today or local_today()
    purpose, departure_reason = _request_check(
        actor=actor,
        holder=holder,
        purpose=purpose,
        departure_reason=departure_reason,
        registers_new=auxiliary is None and not auxiliary_data,
        proofs=proofs,
    )
    # Every file is checked before anything is written: a bad file leaves no case behind.
    checked = proofs_check(
        proofs or {},
        checklist=CHECKLIST,
        required=_required_items(purpose, departure_reason),
        article=ART_27_P2 if purpose == AuxiliaryPurpose.END else ART_27_P3_P4_AND_10_I,
    )
    with transaction.atomic(durable=True):
        authorization = holder_authorization_lock(
            holder, refusal=_("O titular não tem autorização em vigor."), article=ART_27
        )
        _no_open_case(authorization)
        current = _active_binding(authorization)
        created = False
        if purpose == AuxiliaryPurpose.REGISTER:
            auxiliary, created = driver_lock_or_match(
                auxiliary, data=auxiliary_data, kind=Driver.Kind.AUXILIARY
            )
        else:
            auxiliary = current.auxiliary if current is not None else None
        counts = _assess(
            purpose=purpose,
            holder=holder,
            authorization=authorization,
            auxiliary=auxiliary,
            departure_reason=departure_reason,
            current=current,
            today=day,
        )
        assert auxiliary is not None
        case = case_open(
            model=AuxiliaryCase,
            actor=actor,
            article=_OPENING_ARTICLE[purpose],
            applicant=holder,
            authorization=authorization,
            purpose=purpose,
            auxiliary=auxiliary,
            departure_reason=departure_reason,
            departing_binding=current if purpose != AuxiliaryPurpose.RENEW else None,
            binding=current if purpose == AuxiliaryPurpose.RENEW else None,
            counts_as_swap=counts,
            reason=reason,
            data={
                "purpose": purpose,
                "auxiliary": auxiliary.pk,
                "departure_reason": departure_reason,
                "counts_as_swap": counts,
            },
        )
        if created:
            _registered_record(case, actor=actor, auxiliary=auxiliary)
        proofs_store(case=case, checked=checked, actor=actor)
    return case


def _registered_record(case: AuxiliaryCase, *, actor: User, auxiliary: Driver) -> None:
    """Arts. 9 and 10 I: the auxiliary entered the drivers' register with this request."""
    case_record(
        case=case,
        actor=actor,
        event="driver_registered",
        article=ART_9_AND_10_I,
        data={"driver": auxiliary.pk, "kind": auxiliary.kind},
    )


def _request_check(
    *,
    actor: User,
    holder: Driver,
    purpose: str,
    departure_reason: str,
    registers_new: bool,
    proofs: Mapping[str, Sequence[UploadedFile]] | None,
) -> tuple[AuxiliaryPurpose, str]:
    """Art. 27: who files, what is asked and what it must bring, before anything is read
    under lock; returns the purpose and the departure reason as they count."""
    if not (holder.user_id == actor.pk or has_role(actor, Role.CLERK)):
        raise NotPermitted(
            _("Somente o próprio titular ou um servidor pode protocolar."), article=ART_27
        )
    try:
        purpose = AuxiliaryPurpose(purpose)
    except ValueError:
        raise RuleViolation(
            _("Pedido inválido: cadastrar, renovar ou desligar."), article=ART_27
        ) from None
    if purpose == AuxiliaryPurpose.RENEW:
        departure_reason = ""
    if departure_reason and departure_reason not in DepartureReason.values:
        raise RuleViolation(_("Motivo de saída inválido."), article=ART_27_P2)
    if purpose == AuxiliaryPurpose.REGISTER and registers_new:
        raise RuleViolation(_("Informe os dados do taxista auxiliar."), article=ART_27)
    if (
        purpose != AuxiliaryPurpose.RENEW
        and rules.requires_proof(departure_reason)
        and not (proofs or {}).get(DEPARTURE_PROOF)
    ):
        raise RuleViolation(
            _(
                "Pedido de demissão, falecimento ou força maior só deixa de contar como troca "
                "com documento comprobatório."
            ),
            article=ART_27_P2,
            code="documents_missing",
        )
    return purpose, departure_reason


def _no_open_case(authorization: Authorization) -> None:
    """One auxiliary request at a time per authorization (Art. 27)."""
    open_case = AuxiliaryCase.objects.filter(
        authorization=authorization, state__in=OPEN_STATES
    ).first()
    if open_case is not None:
        raise StateConflict(
            _(
                "Já existe um pedido de auxiliar em andamento para esta autorização "
                "(processo %(number)s)."
            )
            % {"number": open_case.number},
            article=ART_27,
        )
