"""The auxiliary driver's services (Arts. 27, 28): filing, check, decision, yearly term.

- **Who decides.** Art. 27 §2 registers a new auxiliary "após análise e decisão do Poder
  Executivo Municipal" — the executive, not its Chief, unlike Art. 22 (homologation by the
  "Chefe do Poder Executivo") and Art. 24 (extension "à critério do Chefe do Poder
  Executivo"). The Secretaria that keeps the drivers' register (Arts. 9, 10 §1) therefore
  decides; the mayor, head of the executive, may decide too. A clerk checks the documents
  of Art. 10 I first (Art. 27 §§3-4).
- **Yearly term (Art. 27 §1).** A binding is valid for one year (`rules.binding_valid_until`);
  the holder renews it with a `renew` request. Each grant or renewal writes two deadline
  rows on its case: a reminder 30 days before the end (administrative courtesy, not a
  legal term) and the end itself, when the sweeper ends a binding not renewed
  (`not_renewed`). Both handlers re-check the binding under its lock, so a renewal or an
  earlier end makes them moot.
- **Swaps (Art. 27 §2)** and **retired holders (Art. 28)**: `law.auxiliary`.
- **Revocation (Art. 27 §2, end).** When a departing auxiliary leaves, the decision may
  revoke his authorization (`revoke_departing`); the binding then ends as `revoked` and
  `registers.requirements` bars him as auxiliary for 12 months.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from typing import Any

from django.conf import settings
from django.core.files.uploadedfile import UploadedFile
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _l

from accounts.models import User
from accounts.roles import Role, has_role
from cases.errors import NotPermitted, RuleViolation, StateConflict, from_law
from cases.models import Case, Deadline
from cases.services.deadlines import (
    deadline_fix,
    deadline_handler,
    deadlines_cancel,
    reminder_due_on,
    reminder_target,
)
from cases.services.documents import has_usable_document, proofs_check, proofs_store
from cases.services.transitions import case_lock, case_open, case_record, case_step, local_today
from law import auxiliary as rules
from law import deadlines as law_deadlines
from law.bars import auxiliary_bar_ends, revocation_bar_ends
from law.errors import LawError
from law.i18n import format_date
from notifications.services import notification_queue
from registers.models import IN_FORCE, Authorization, AuxiliaryBinding, Driver
from registers.requirements import driver_requirements_unmet, requirements_enforce
from registers.services.authorizations import auxiliary_binding_end
from registers.services.drivers import ART_10_I_ITEMS, driver_match_or_register
from workflows.auxiliary.models import (
    AuxiliaryCase,
    AuxiliaryPurpose,
    AuxiliaryState,
    DepartureReason,
)
from workflows.steps.guards import holder_authorization_lock

ART_27 = rules.ART_27
ART_27_P1 = rules.ART_27_P1
ART_27_P2 = rules.ART_27_P2
ART_27_P3 = "Art. 27 §§3-4; Art. 10 I"
ART_28 = rules.ART_28
ART_69 = "Art. 69; Art. 27 §1"

REMINDER = "auxiliary.renewal_reminder"
EXPIRY = "auxiliary.expiry"
REMINDER_DAYS_BEFORE = 30
"""Administrative courtesy, not a legal term: the holder is reminded a month ahead."""

DEPARTURE_PROOF = "departure_proof"
CHECKLIST: dict[str, Any] = {
    **ART_10_I_ITEMS,
    DEPARTURE_PROOF: _l(
        "Documento que comprove a demissão, o falecimento ou a força maior (Art. 27 §2)"
    ),
}
RENEWAL_ITEMS = ("cnh",)
"""Art. 27 §4 with Art. 19 III: the yearly update shows the auxiliary's CNH."""

OPEN_STATES = (
    AuxiliaryState.FILED,
    AuxiliaryState.CORRECTION_REQUESTED,
    AuxiliaryState.AWAITING_DECISION,
)
_OPENING_ARTICLE = {
    AuxiliaryPurpose.REGISTER: ART_27,
    AuxiliaryPurpose.RENEW: ART_27_P1,
    AuxiliaryPurpose.END: ART_27_P2,
}


def _law(exc: LawError) -> RuleViolation:
    return from_law(exc)



# --- What the registers say ------------------------------------------------------------


def _active_binding(authorization: Authorization) -> AuxiliaryBinding | None:
    return (
        AuxiliaryBinding.objects.select_for_update()
        .select_related("auxiliary")
        .filter(authorization=authorization, ended_on__isnull=True)
        .first()
    )


def _last_ended_binding(authorization: Authorization) -> AuxiliaryBinding | None:
    return (
        AuxiliaryBinding.objects.filter(authorization=authorization, ended_on__isnull=False)
        .order_by("-ended_on", "-id")
        .first()
    )


def _swap_days(authorization: Authorization, holder: Driver) -> list[dt.date]:
    """The days on which this holder's counted swaps were granted (Art. 27 §2)."""
    return list(
        AuxiliaryCase.objects.filter(
            authorization=authorization,
            applicant=holder,
            state=AuxiliaryState.APPROVED,
            counts_as_swap=True,
            decided_on__isnull=False,
        ).values_list("decided_on", flat=True)
    )


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
        if current is None:
            raise RuleViolation(_("Não há auxiliar vinculado a esta autorização."), article=ART_27)
        if purpose == AuxiliaryPurpose.RENEW:
            requirements_enforce(
                driver_requirements_unmet(current.auxiliary, on=today, as_auxiliary=True)
            )
            return False
        if departure_reason not in rules.DEPARTURE_REASONS:
            raise RuleViolation(_("Informe o motivo do desligamento do auxiliar."),
                                article=ART_27_P2)
        try:
            rules.check_retired_may_dismiss(retired=holder.retired, reason=departure_reason)
        except LawError as exc:
            raise _law(exc) from exc
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
            _("%(name)s já está vinculado a outro titular; o auxiliar só pode conduzir o "
              "veículo ao qual está vinculado.") % {"name": auxiliary.name},
            article=ART_27,
        )
    if current is not None and not departure_reason:
        raise RuleViolation(
            _("Cada titular pode ter um único taxista auxiliar, e %(name)s já está vinculado. "
              "Para substituí-lo, informe o motivo da saída do auxiliar atual.")
            % {"name": current.auxiliary.name},
            article=ART_27,
        )
    if current is None and departure_reason:
        raise RuleViolation(
            _("Não há auxiliar vinculado a substituir; não informe motivo de saída."),
            article=ART_27,
        )
    requirements_enforce(driver_requirements_unmet(auxiliary, on=today, as_auxiliary=True))
    if current is not None:
        counts = rules.counts_as_swap(replacing_reason=departure_reason, previous_end_reason=None)
    else:
        last = _last_ended_binding(authorization)
        counts = rules.counts_as_swap(
            replacing_reason=None, previous_end_reason=last.end_reason if last else None
        )
    if counts:
        try:
            rules.check_swap_allowed(
                _swap_days(authorization, holder), today,
                count=rules.SwapCount(settings.AUXILIARY_SWAP_COUNT),
            )
        except LawError as exc:
            raise _law(exc) from exc
    return counts


# --- Filing ----------------------------------------------------------------------------


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
    if not (holder.user_id == actor.pk or has_role(actor, Role.CLERK)):
        raise NotPermitted(_("Somente o próprio titular ou um servidor pode protocolar."),
                           article=ART_27)
    try:
        purpose = AuxiliaryPurpose(purpose)
    except ValueError:
        raise RuleViolation(_("Pedido inválido: cadastrar, renovar ou desligar."),
                            article=ART_27) from None
    if purpose == AuxiliaryPurpose.RENEW:
        departure_reason = ""
    if departure_reason and departure_reason not in DepartureReason.values:
        raise RuleViolation(_("Motivo de saída inválido."), article=ART_27_P2)
    if purpose == AuxiliaryPurpose.REGISTER and auxiliary is None and not auxiliary_data:
        raise RuleViolation(_("Informe os dados do taxista auxiliar."), article=ART_27)
    if (
        purpose != AuxiliaryPurpose.RENEW
        and rules.requires_proof(departure_reason)
        and not (proofs or {}).get(DEPARTURE_PROOF)
    ):
        raise RuleViolation(
            _("Pedido de demissão, falecimento ou força maior só deixa de contar como troca "
              "com documento comprobatório."),
            article=ART_27_P2,
            code="documents_missing",
        )
    # Every file is checked before anything is written: a bad file leaves no case behind.
    checked = proofs_check(
        proofs or {},
        checklist=CHECKLIST,
        required=_required_items(purpose, departure_reason),
        article=ART_27_P2 if purpose == AuxiliaryPurpose.END else ART_27_P3,
    )
    with transaction.atomic(durable=True):
        authorization = holder_authorization_lock(
            holder, refusal=_("O titular não tem autorização em vigor."), article=ART_27
        )
        open_case = AuxiliaryCase.objects.filter(
            authorization=authorization, state__in=OPEN_STATES
        ).first()
        if open_case is not None:
            raise StateConflict(
                _("Já existe um pedido de auxiliar em andamento para esta autorização "
                  "(processo %(number)s).") % {"number": open_case.number},
                article=ART_27,
            )
        current = _active_binding(authorization)
        created = False
        if purpose == AuxiliaryPurpose.REGISTER:
            if auxiliary is None:
                auxiliary, created = driver_match_or_register(
                    data=auxiliary_data or {}, kind=Driver.Kind.AUXILIARY
                )
            else:
                auxiliary = Driver.objects.select_for_update().get(pk=auxiliary.pk)
        else:
            auxiliary = current.auxiliary if current is not None else None
        counts = _assess(
            purpose=purpose, holder=holder, authorization=authorization, auxiliary=auxiliary,
            departure_reason=departure_reason, current=current, today=day,
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
            case_record(
                case=case, actor=actor, event="driver_registered", article="Art. 9; Art. 10 I",
                data={"driver": auxiliary.pk, "kind": auxiliary.kind},
            )
        proofs_store(case=case, checked=checked, actor=actor)
    return case


# --- Check and decision ----------------------------------------------------------------


def _recheck(case: AuxiliaryCase, today: dt.date) -> bool:
    """Under the case lock: the registers still as the request found them, every rule met."""
    authorization = Authorization.objects.select_for_update().get(pk=case.authorization_id)
    if authorization.status not in IN_FORCE or authorization.holder_id != case.applicant_id:
        raise StateConflict(
            _("A autorização %(number)s não está mais em vigor em nome do requerente.")
            % {"number": authorization.number},
            article=ART_27,
        )
    current = _active_binding(authorization)
    renewing = case.purpose == AuxiliaryPurpose.RENEW
    expected = case.binding_id if renewing else case.departing_binding_id
    if (current.pk if current else None) != expected:
        raise StateConflict(
            _("O auxiliar vinculado a esta autorização mudou desde o pedido; o pedido deve "
              "ser refeito."),
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
            article=ART_27_P2 if case.purpose == AuxiliaryPurpose.END else ART_27_P3,
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


def accept_guard(locked: AuxiliaryCase) -> None:
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

    with transaction.atomic(durable=True):
        locked = case_step(
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
        )
        if locked.counts_as_swap != assessed["counts"]:
            locked.counts_as_swap = assessed["counts"]
            locked.save(update_fields=["counts_as_swap"])
        _apply(locked, actor=actor, day=day)
    return locked


def auxiliary_deny(
    *, case: Case, actor: User, note: str = "", today: dt.date | None = None
) -> AuxiliaryCase:
    day = today or local_today()
    with transaction.atomic(durable=True):
        locked = case_step(case=case, action="deny", actor=actor, note=note,
                           kwargs={"decided_on": day})
        _notify_holder(locked, approved=False, note=note)
    return locked


def _apply(case: AuxiliaryCase, *, actor: User, day: dt.date) -> None:
    """The decision's effects on the registers, in the deciding transaction."""
    holder = case.applicant
    assert holder is not None
    if case.departing_binding_id is not None:
        departing = AuxiliaryBinding.objects.select_for_update().get(pk=case.departing_binding_id)
        reason = (
            AuxiliaryBinding.EndReason.WITHDRAWN
            if case.revoke_departing
            else case.departure_reason
        )
        binding_end(binding=departing, reason=reason, on=day, case=case, actor=actor,
                    article=ART_27_P2)
    if case.purpose == AuxiliaryPurpose.REGISTER:
        assert case.valid_until is not None and case.authorization is not None
        auxiliary = Driver.objects.select_for_update().get(pk=case.auxiliary_id)
        binding = AuxiliaryBinding.objects.create(
            authorization=case.authorization, auxiliary=auxiliary, valid_from=day,
            valid_until=case.valid_until,
        )
        auxiliary.titular = holder
        auxiliary.kind = Driver.Kind.AUXILIARY
        auxiliary.save(update_fields=["titular", "kind"])
        case.binding = binding
        case.save(update_fields=["binding"])
        case_record(
            case=case, actor=actor, event="auxiliary_bound", article=ART_27_P1,
            data={"binding": binding.pk, "auxiliary": auxiliary.pk,
                  "valid_until": binding.valid_until.isoformat(),
                  "counts_as_swap": case.counts_as_swap},
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
            case=case, actor=actor, event="auxiliary_renewed", article=ART_27_P1,
            data={"binding": binding.pk, "previous_valid_until": previous.isoformat(),
                  "valid_until": binding.valid_until.isoformat()},
        )
        _binding_deadlines_set(case, binding)
        _notify_auxiliary(case, binding)
    else:
        _flag_if_retired(case, holder=holder, actor=actor)
    _notify_holder(case, approved=True, note="")


# --- Bindings ------------------------------------------------------------------------------


def binding_end(
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
        case=case, actor=actor, event="auxiliary_unbound", article=article,
        data={"binding": binding.pk, "auxiliary": auxiliary.pk, "reason": reason,
              "ended_on": on.isoformat()},
    )
    _binding_deadlines_cancel(binding)
    barred_until = {
        AuxiliaryBinding.EndReason.REVOKED: revocation_bar_ends,
        AuxiliaryBinding.EndReason.WITHDRAWN: auxiliary_bar_ends,
    }.get(reason, lambda day: None)(on)
    notification_queue(
        case=case, recipient=auxiliary, template="auxiliary_unbound",
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
            binding_end(binding=binding, reason=AuxiliaryBinding.EndReason.AUTHORIZATION_ENDED,
                        on=on, case=case, actor=actor, article=article)
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
        model=AuxiliaryCase, actor=actor, article=ART_69,
        note=_("Vínculo de auxiliar existente antes do sistema, válido até %(day)s.")
        % {"day": format_date(binding.valid_until)},
        purpose=AuxiliaryPurpose.REGISTER, applicant=holder,
        authorization=binding.authorization, auxiliary=binding.auxiliary, binding=binding,
    )
    case = case_step(
        case=case, action="record_existing", actor=None,
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
            case=case, actor=actor, event="retired_holder_without_auxiliary", article=ART_28,
            note=_("Titular aposentado sem auxiliar: deve cadastrar um novo auxiliar para "
                   "continuar na exploração da autorização."),
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
        case=locked, recipient=binding.authorization.holder,
        template="auxiliary_renewal_reminder",
        context={"binding": binding, "auxiliary": binding.auxiliary,
                 "valid_until": binding.valid_until},
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
    binding_end(binding=binding, reason=AuxiliaryBinding.EndReason.NOT_RENEWED, on=ended_on,
                case=locked, actor=None, article=ART_27_P1)
    holder = binding.authorization.holder
    _flag_if_retired(locked, holder=holder, actor=None)
    notification_queue(
        case=locked, recipient=holder, template="auxiliary_expired",
        context={"binding": binding, "auxiliary": binding.auxiliary,
                 "valid_until": binding.valid_until, "retired": holder.retired},
    )
    return True


# --- Notices ---------------------------------------------------------------------------


def _notify_holder(case: AuxiliaryCase, *, approved: bool, note: str) -> None:
    holder = case.applicant
    assert holder is not None
    notification_queue(
        case=case, recipient=holder, template="auxiliary_decided",
        context={
            "approved": approved, "note": note, "purpose": case.purpose,
            "purpose_label": case.get_purpose_display(), "auxiliary": case.auxiliary,
            "retired_without_auxiliary": approved
            and case.purpose == AuxiliaryPurpose.END and holder.retired,
        },
    )


def _notify_auxiliary(case: AuxiliaryCase, binding: AuxiliaryBinding) -> None:
    notification_queue(
        case=case, recipient=binding.auxiliary, template="auxiliary_granted",
        context={"binding": binding, "holder": case.applicant,
                 "authorization": binding.authorization},
    )
