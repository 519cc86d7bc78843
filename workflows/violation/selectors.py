"""Reads of the violation notice: the taxi an agent looks for (Art. 47 II), the notices a
user may see, and the penalty periods of a notice (Art. 59 III, IV)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from decimal import Decimal

from django.core.exceptions import ValidationError
from django.db.models import Case as SqlCase
from django.db.models import OuterRef, QuerySet, Value, When
from django.utils import timezone
from django.utils.text import capfirst

from accounts.models import User
from cases.models import Case
from cases.selectors import within_visible_cases
from documents.penalties import PenaltyInFull, penalty_of_notice
from law.penalties import PastInfraction
from registers.models import (
    IN_FORCE,
    Authorization,
    AuxiliaryBinding,
    Driver,
    MunicipalRegistration,
    VrteValue,
)
from registers.validators import normalize_plate
from workflows.violation.models import APPEALABLE, PenaltyPeriod, ViolationNotice, ViolationState


def _taxis() -> QuerySet[Authorization]:
    # The authorization in force first, else the latest: a revoked taxi is still found,
    # so an agent sees that it is revoked (Art. 59 V) rather than "unknown".
    in_force_first = SqlCase(When(status__in=IN_FORCE, then=Value(0)), default=Value(1))
    return Authorization.objects.select_related("holder", "vehicle").order_by(
        in_force_first, "-granted_on", "-pk"
    )


def taxi_for_plate(plate: str) -> Authorization | None:
    """The authorization of the vehicle with this (normalised) plate, if any."""
    return _taxis().filter(vehicle__plate=plate).first()


def taxi_find(query: str) -> Authorization | None:
    """What an agent types: a plate (any format), a Termo number or an IM number."""
    text = (query or "").strip()
    if not text:
        return None
    try:
        return taxi_for_plate(normalize_plate(text))
    except ValidationError:
        pass
    found = _taxis().filter(number__iexact=text).first()
    if found is not None:
        return found
    registration = MunicipalRegistration.objects.filter(number__iexact=text).first()
    if registration is None:
        return None
    return _taxis().filter(pk=registration.authorization_id).first()


def current_auxiliary(authorization: Authorization) -> Driver | None:
    """The auxiliary bound to the authorization now, if any (Art. 27)."""
    binding = (
        AuxiliaryBinding.objects.select_related("auxiliary")
        .filter(authorization=authorization, ended_on__isnull=True)
        .first()
    )
    return binding.auxiliary if binding else None


def registration_of(authorization: Authorization) -> MunicipalRegistration | None:
    """The IM of the authorization's current vehicle, the latest first (Art. 17)."""
    return (
        MunicipalRegistration.objects.filter(
            authorization=authorization, vehicle_id=authorization.vehicle_id
        )
        .order_by("-valid_until", "-pk")
        .first()
    )


def notices_visible_to(user: User) -> QuerySet[ViolationNotice]:
    return within_visible_cases(ViolationNotice.objects.all(), user, case="pk").select_related(
        "applicant", "authorization", "vehicle", "agent"
    )


def penalty_periods_of(notice: ViolationNotice) -> QuerySet[PenaltyPeriod]:
    return PenaltyPeriod.objects.filter(violation=notice).order_by("starts_on", "id")


def penalty_periods_serving(authorization: Authorization | OuterRef) -> QuerySet[PenaltyPeriod]:
    """The penalties being served by the authorization (Art. 59 III and IV). An auxiliary's
    own suspension does not hold the holder's Termo (Art. 27 §1)."""
    return PenaltyPeriod.objects.filter(
        authorization=authorization, ended_on__isnull=True, auxiliary__isnull=True
    )


def notice_appealable(state: str) -> bool:
    """Whether a notice in `state` may still be appealed (Art. 63; `APPEALABLE`)."""
    return state in APPEALABLE


def notices_open_to_appeal() -> QuerySet[ViolationNotice]:
    """Notices whose notification was received and whose state still admits an appeal
    (Art. 63; the kind's one list, `APPEALABLE`)."""
    # Written as "not in a state that refuses it" (`APPEALABLE.refused`, every other state
    # of the kind: the same notices). PostgreSQL weighs a condition on the case's state
    # against every case, not knowing these states are only notices': the three allowed
    # states are 2 % of the cases, so it believed a page of the list, walked from
    # `notice_received_idx`, would need nearly the whole index, and sorted every notice
    # open to appeal instead (or walked it with parallel workers at a million cases).
    # The states refused are 95 % of the cases: it walks the index and stops at the page
    # (about two notices read for each one shown, at 100,000 cases as at 1,000,000).
    return ViolationNotice.objects.filter(received_on__isnull=False).exclude(
        state__in=sorted(APPEALABLE.refused)
    )


def notice_penalty(notice: ViolationNotice) -> PenaltyInFull:
    """The one description of the notice's penalty (documents.penalties), with its dates."""
    return penalty_of_notice(notice)


def notice_summaries(cases: Sequence[Case]) -> dict[int, str]:
    """Workflow.summaries: each notice's penalty in a phrase, one query for the list."""
    notices = ViolationNotice.objects.filter(pk__in=[case.pk for case in cases]).only(
        "pk", "fine_vrte", "vrte_value", "assessment", "occurred_at", "offender", "applicant"
    )
    return {
        notice.pk: capfirst(penalty_of_notice(notice, with_periods=False).summary)
        for notice in notices
    }


def notice_details(case: Case) -> dict[str, object]:
    """Workflow.details: the notice's penalty in full for the case API."""
    # The case API reads the case as its kind's row already (cases.selectors.case_visible).
    notice = case if isinstance(case, ViolationNotice) else ViolationNotice.objects.get(pk=case.pk)
    return {"penalty": penalty_of_notice(notice).as_dict()}


def notice_for_update(pk: int) -> ViolationNotice:
    """The notice, locked, for a service of another kind that moves it (an appeal's
    decision), in the caller's transaction."""
    return ViolationNotice.objects.select_for_update().get(pk=pk)


def final_history(driver: Driver, *, before: dt.date) -> list[PastInfraction]:
    """The driver's infractions whose penalties stand, for recidivism (Art. 59)."""
    rows = ViolationNotice.objects.filter(
        penalties_applied_on__isnull=False, occurred_at__date__lt=before
    ).exclude(state__in=[ViolationState.OVERTURNED, ViolationState.ANNULLED])
    rows = rows.filter(offender=driver) | rows.filter(offender__isnull=True, applicant=driver)
    found = list(rows.values_list("pk", "item", "occurred_at"))
    # Art. 59 §4: after a XXI/XXII penalty the suspension served is the time to regularize.
    served = dict(
        PenaltyPeriod.objects.filter(
            violation_id__in=[pk for pk, _item, _at in found],
            kind=PenaltyPeriod.Kind.SUSPENSION,
        ).values_list("violation_id", "ends_on")
    )
    return [
        PastInfraction(item=item, on=timezone.localtime(at).date(), regularize_until=served.get(pk))
        for pk, item, at in found
    ]


def vrte_on(day: dt.date) -> Decimal | None:
    """Art. 54: the VRTE value in force on the date of the infraction."""
    return VrteValue.objects.filter(year=day.year).values_list("value", flat=True).first()


def notice_delivered_on(notice: ViolationNotice) -> dt.date | None:
    """The delivery (or visit, Art. 46 §2) date on the notice's latest AR."""
    from notifications.models import Notification

    row = (
        Notification.objects.filter(case=notice, legal=True)
        .exclude(delivered_on__isnull=True, visit_on__isnull=True)
        .order_by("-id")
        .values_list("delivered_on", "visit_on")
        .first()
    )
    return (row[0] or row[1]) if row else None
