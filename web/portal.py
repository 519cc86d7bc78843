"""What the driver's portal shows: where the driver stands, and what he may ask for.

A read model, no writes: his authorizations with the IM's validity, what keeps a
suspended one off the road and until when, the vehicle's age deadline (Art. 12), his
points against the revocation thresholds (Art. 59 V d-e), his open cases with their next
step and its date, and the requests his situation allows — each with the rule that would
refuse it stated up front, so nobody learns it from a refusal at the end of a form. The
services still check every rule; this only decides what to offer and what to say.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from decimal import Decimal

from django.db.models import Prefetch
from django.utils.functional import Promise
from django.utils.text import format_lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _l

from accounts.models import User
from cases.explanations import deadline_explanations
from cases.models import Case, CaseKind, Deadline
from cases.selectors import Outlook, cases_visible_to, decision_outlooks
from cases.workflow import REQUESTER, SYSTEM, next_party, state_label, workflow_for
from documents.selectors import registration_in_force
from law import deadlines as law_deadlines
from law import points as law_points
from law import suspension as law_suspension
from law.vehicles import age_deadline
from registers.models import Authorization, Driver, MunicipalRegistration, PointRecord
from registers.selectors import vehicle_in_service_at_publication
from registers.validators import format_cpf

IN_FORCE = (Authorization.Status.ACTIVE, Authorization.Status.SUSPENDED)
IM_EXPIRY_WARNING_DAYS = 30
"""The renewal reminders start 30 days before the IM expires (renewal cycle)."""


@dataclass(frozen=True)
class Hold:
    """Something that keeps the taxi off the road, and its last day (None: open-ended)."""

    label: str
    last_day: dt.date | None


@dataclass(frozen=True)
class AuthorizationStanding:
    authorization: Authorization
    registration: MunicipalRegistration | None
    im_in_force: bool
    im_days_left: int | None
    holds: tuple[Hold, ...]
    vehicle_leaves_service_by: dt.date

    @property
    def back_on(self) -> dt.date | None:
        """The first day the taxi may work again, when every hold has an end."""
        if not self.holds or any(h.last_day is None for h in self.holds):
            return None
        return max(h.last_day for h in self.holds if h.last_day) + dt.timedelta(days=1)

    @property
    def im_expires_soon(self) -> bool:
        return self.im_days_left is not None and 0 <= self.im_days_left <= IM_EXPIRY_WARNING_DAYS


@dataclass(frozen=True)
class PointsStanding:
    """Art. 59 V d-e: more than 20 points in 12 months, or 50 in 36, leads to revocation."""

    short: Decimal
    long: Decimal
    short_max: int = law_points.SHORT_WINDOW_MAX_POINTS
    long_max: int = law_points.LONG_WINDOW_MAX_POINTS

    @property
    def over(self) -> bool:
        return self.short > self.short_max or self.long > self.long_max

    @property
    def near(self) -> bool:
        """Within one group-3 infraction (5 points, Art. 56 III) of a threshold."""
        return not self.over and (self.short + 5 > self.short_max or self.long + 5 > self.long_max)


@dataclass(frozen=True)
class OpenCase:
    case: Case
    state: str
    next_step: str
    next_due: dt.date | None
    article: str
    # Who acts next (cases.workflow.next_party): "requester" when it is the driver's turn.
    who: str = ""
    summary: str = ""  # the kind's line about it (a notice's penalty, Workflow.summaries)
    # When it is expected to be decided and its place in line (issue 24 §2).
    outlook: Outlook | None = None
    # How the next deadline's last day was counted (issue 24 §3), sentence by sentence.
    count: tuple[str, ...] = ()


@dataclass(frozen=True)
class RequestOption:
    url_name: str
    label: str | Promise
    rule: str | Promise
    """The rule that would refuse the request, said before the driver starts."""
    kind: str = ""
    """The case kind it files: not offered while the driver has one of that kind open."""


@dataclass(frozen=True)
class PortalView:
    driver: Driver | None
    cpf: str
    authorizations: list[AuthorizationStanding] = field(default_factory=list)
    points: PointsStanding | None = None
    open_cases: list[OpenCase] = field(default_factory=list)
    requests: list[RequestOption] = field(default_factory=list)


def _holds(authorization: Authorization, today: dt.date) -> tuple[Hold, ...]:
    # Imported here: the pages layer reads the workflows, not the other way round.
    from workflows.suspension.models import SuspensionCase, SuspensionState
    from workflows.violation.models import PenaltyPeriod

    holds = [
        Hold(_("Suspensão a pedido, processo %(n)s (Art. 24)") % {"n": s.number}, s.end_on)
        for s in SuspensionCase.objects.filter(
            authorization=authorization,
            state__in=[SuspensionState.IN_EFFECT, SuspensionState.EXTENSION_REQUESTED],
        )
    ]
    holds += [
        Hold(str(period.get_kind_display()), period.ends_on)
        for period in PenaltyPeriod.objects.filter(
            authorization=authorization, ended_on__isnull=True
        )
    ]
    return tuple(holds)


def authorization_standing(authorization: Authorization, today: dt.date) -> AuthorizationStanding:
    registration = registration_in_force(authorization, today)
    in_force = bool(
        registration
        and registration.status
        in (MunicipalRegistration.Status.VALID, MunicipalRegistration.Status.SUPERSEDED)
        and registration.valid_from <= today <= registration.valid_until
    )
    return AuthorizationStanding(
        authorization=authorization,
        registration=registration,
        im_in_force=in_force,
        im_days_left=(registration.valid_until - today).days if registration else None,
        holds=_holds(authorization, today)
        if authorization.status == Authorization.Status.SUSPENDED
        else (),
        # Art. 70's grace is the car's (did this vehicle serve at the publication?), not
        # the holder's: a vehicle that entered later has none.
        vehicle_leaves_service_by=age_deadline(
            authorization.vehicle.manufacture_year,
            in_service_at_publication=vehicle_in_service_at_publication(authorization),
        ),
    )


def points_standing(driver: Driver, today: dt.date) -> PointsStanding:
    record = list(PointRecord.objects.filter(driver=driver).values_list("on", "points"))
    return PointsStanding(
        short=law_points.points_in_window(record, today, law_points.SHORT_WINDOW_MONTHS),
        long=law_points.points_in_window(record, today, law_points.LONG_WINDOW_MONTHS),
    )


def open_cases(user: User, today: dt.date, *, limit: int = 50) -> list[OpenCase]:
    """The user's open cases, each with its nearest pending deadline (what comes next)."""
    pending = Deadline.objects.filter(state=Deadline.State.PENDING).order_by("due_on", "id")
    rows = (
        cases_visible_to(user)
        .filter(closed_at__isnull=True)
        .prefetch_related(Prefetch("deadlines", queryset=pending, to_attr="pending"))
        .order_by("-opened_at")[:limit]
    )
    rows = list(rows)
    summaries: dict[int, str] = {}
    for kind in {case.kind for case in rows}:
        summarize = workflow_for(kind).summaries
        if summarize is not None:
            summaries.update(summarize([case for case in rows if case.kind == kind]))
    parties = {case.pk: next_party(case.kind, case.state) for case in rows}
    # A case waiting for the administration has a place in its line; one waiting for the
    # driver or for a date has not.
    outlooks = decision_outlooks(
        rows, in_line={pk for pk, p in parties.items() if p.key not in (REQUESTER, SYSTEM)}
    )
    nearest_rows = [case.pending[0] for case in rows if case.pending]  # type: ignore[attr-defined]
    explanations = deadline_explanations(nearest_rows)
    result = []
    for case in rows:
        nearest = case.pending[0] if case.pending else None  # type: ignore[attr-defined]
        party = parties[case.pk]
        if party.key == REQUESTER and party.actions:
            step = _("Sua vez: %(what)s") % {
                "what": "; ".join(str(edge.label) for edge in party.actions)
            }
        elif party.key == REQUESTER:
            step = _("Sua vez")
        else:
            step = _("Aguardando %(who)s") % {"who": party.label}
        if nearest:
            # A row's label is stored in Portuguese; the reader's language is asked for.
            step = f"{step} — {_(nearest.label)}"
        result.append(
            OpenCase(
                case=case,
                state=state_label(case.kind, case.state),
                next_step=step,
                next_due=nearest.due_on if nearest else None,
                article=nearest.article if nearest else "",
                who=party.key,
                summary=summaries.get(case.pk, ""),
                outlook=outlooks.get(case.pk),
                count=tuple(explanations[nearest.pk].lines) if nearest else (),
            )
        )
    return result


# Each request, with the rule that refuses it, in the law's words.
_APPLICATION = RequestOption(
    "application-new",
    _l("Pedir autorização de táxi (Arts. 10 e 22)"),
    _l(
        "Exige CNH de categoria B, C, D ou E, residência no município e veículo branco de até "
        "8 anos, com 4 ou 5 portas e ar-condicionado (Art. 10). Quem cancelou ou teve a "
        "autorização cassada só pode pedir de novo após 5 anos (Arts. 23 e 59 §5)."
    ),
    CaseKind.APPLICATION,
)
_SUSPENSION = RequestOption(
    "suspension-new",
    _l("Pedir suspensão (Art. 24)"),
    format_lazy(
        _l(
            "Somente por furto ou roubo do veículo, acidente grave ou destruição, perda "
            "judicial da posse ou substituição do veículo, por até {days} dias; os três "
            "primeiros motivos exigem comprovante (Art. 24)."
        ),
        days=law_suspension.MAX_DAYS,
    ),
    CaseKind.SUSPENSION,
)
_RENEWAL = RequestOption(
    "renewal-new",
    _l("Renovar a IM (Arts. 18 e 19)"),
    _l(
        "A IM é renovada a cada ano, com a IM anterior, a CNH válida e o veículo dentro da "
        "idade (Arts. 18, 19 e 12)."
    ),
    CaseKind.RENEWAL,
)
_SUBSTITUTION = RequestOption(
    "substitution-new",
    _l("Substituir o veículo (Art. 12)"),
    _l("O novo veículo deve ser branco, ter até 8 anos e passar na vistoria (Arts. 10 e 20)."),
    CaseKind.VEHICLE_SUBSTITUTION,
)
_AUXILIARY = RequestOption(
    "auxiliary-new",
    _l("Taxista auxiliar (Art. 27)"),
    _l(
        "Um auxiliar por autorização, que só dirige o veículo dela; no máximo 2 trocas em "
        "12 meses (Art. 27)."
    ),
    CaseKind.AUXILIARY,
)
_TRANSFER = RequestOption(
    "transfer-new",
    _l("Transferência de autorização (Art. 25)"),
    _l(
        "Somente por falecimento, aos sucessores, ou por invalidez do titular, ao cônjuge ou "
        "descendente que cumpra os requisitos (Art. 25)."
    ),
    CaseKind.TRANSFER,
)
_CANCELLATION = RequestOption(
    "cancellation-new",
    _l("Cancelamento da autorização (Art. 23)"),
    _l("Quem cancela só pode pedir nova autorização após 5 anos (Art. 23, parágrafo único)."),
    CaseKind.CANCELLATION,
)
_ADVERTISING = RequestOption(
    "advertising-new",
    _l("Pedir autorização de publicidade (Art. 67)"),
    _l(
        "No vidro traseiro, sem tapar a visão do interior, a publicidade dispensa pedido; em "
        "outro local do veículo depende de autorização prévia, por até 12 meses (Art. 67)."
    ),
    CaseKind.ADVERTISING,
)
_APPEAL = RequestOption(
    "appeal-notices",
    _l("Recorrer de auto de infração (Art. 63)"),
    format_lazy(
        _l("Até {days} dias úteis contados do recebimento da notificação do auto (Art. 63)."),
        days=law_deadlines.APPEAL_DAYS,
    ),
)


ALL_REQUESTS = (
    _APPLICATION,
    _SUSPENSION,
    _RENEWAL,
    _SUBSTITUTION,
    _AUXILIARY,
    _TRANSFER,
    _CANCELLATION,
    _ADVERTISING,
    _APPEAL,
)


def requests_allowed(
    *,
    driver: Driver | None,
    standings: list[AuthorizationStanding],
    appealable: bool,
    pending_kinds: frozenset[str] = frozenset(),
) -> list[RequestOption]:
    """The requests that make sense for this driver today (Arts. 12, 18, 23-25, 27, 63, 67);
    a request of a kind he already has open is not offered twice."""
    held = [s for s in standings if s.authorization.status in IN_FORCE]
    active = [s for s in held if s.authorization.status == Authorization.Status.ACTIVE]
    options: list[RequestOption] = []
    if not held:
        # Art. 22 §4: one authorization per driver; a holder does not apply again.
        options.append(_APPLICATION)
    if active:
        options.append(_SUSPENSION)
    if held and any(s.im_expires_soon or not s.im_in_force for s in held):
        options.append(_RENEWAL)
    if active:
        options += [_SUBSTITUTION, _AUXILIARY, _TRANSFER, _ADVERTISING]
    if held:
        options.append(_CANCELLATION)
    if appealable:
        options.append(_APPEAL)
    return [option for option in options if option.kind not in pending_kinds]


def portal_view(user: User, today: dt.date) -> PortalView:
    """Everything the portal shows for `user` on `today`."""
    from registers.selectors import driver_of

    driver = driver_of(user)
    cases = open_cases(user, today)
    if driver is None:
        return PortalView(driver=None, cpf="", open_cases=cases, requests=[_APPLICATION])
    authorizations = (
        Authorization.objects.filter(holder=driver, status__in=IN_FORCE)
        .select_related("vehicle")
        .order_by("-granted_on")
    )
    standings = [authorization_standing(a, today) for a in authorizations]
    # Imported here for the same reason as in _holds.
    from workflows.violation.models import APPEALABLE, ViolationNotice

    appealable = any(
        c.case.kind == ViolationNotice.KIND and c.case.state in APPEALABLE for c in cases
    )
    return PortalView(
        driver=driver,
        cpf=format_cpf(driver.cpf) if len(driver.cpf) == 11 else driver.cpf,
        authorizations=standings,
        points=points_standing(driver, today),
        open_cases=cases,
        requests=requests_allowed(
            driver=driver,
            standings=standings,
            appealable=appealable,
            pending_kinds=frozenset(c.case.kind for c in cases),
        ),
    )
