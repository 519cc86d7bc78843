"""How a case kind declares its state machine: one table of edges, readable on one screen.

Each kind module in `workflows/` builds a `Workflow` and registers it. Pages, the API and
the engine read the table to know who may take which action, under which article.
"""

from __future__ import annotations

import datetime as dt
import functools
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from django.db import models
from django.utils.functional import Promise
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from accounts.roles import Role
from law.deadlines import DeadlineRule

if TYPE_CHECKING:
    from cases.models import Case

SYSTEM = "system"


@dataclass(frozen=True)
class ActionField:
    """One input an action asks for (a page renders it, the API validates it)."""

    name: str
    label: str | Promise
    # text | textarea | int | decimal | date | datetime | bool | file | choice | password
    kind: str = "text"
    required: bool = True
    choices: tuple[tuple[str, str | Promise], ...] = ()
    # For `decimal`: the digits the model column holds (cases.action_inputs bounds the input).
    max_digits: int = 12
    # For `date`/`datetime`: the fact of the case the date cannot precede, as a path of
    # attributes from the case ("noticed_on"), and what it is (core.dates.DateBound.after).
    after: str = ""
    after_label: str | Promise = ""
    # What a person is told when he leaves a required input blank ("" for the usual).
    required_message: str | Promise = ""


# Actions confirmed whatever their style or role: accepting every document of a request
# (it moves the case to the decision) and recording a payment (it closes the fine).
_CONFIRMED_ACTIONS = frozenset({"accept", "pay"})


@dataclass(frozen=True)
class Edge:
    """An action on a case: the transition method, who may take it and its article.

    `roles` empty and `owner` False means a system transition (deadline sweeper only).
    `service` takes (case=, actor=, note=, **inputs) and returns the case; without one the
    engine's plain step is used.
    """

    name: str
    label: str | Promise
    article: str
    roles: frozenset[str] = frozenset()
    owner: bool = False
    note_required: bool = False
    inputs: tuple[ActionField, ...] = ()
    service: Callable[..., Case] | None = None
    style: str = "primary"
    # Taken by these roles only as part of another service (recording an AR fires
    # `notify`), never as an action of its own on the case page or the API.
    internal: bool = False

    @property
    def is_system(self) -> bool:
        return not self.roles and not self.owner

    @property
    def confirm(self) -> bool:
        """Decisive enough for the page to ask "are you sure?" before sending it (issue 10):
        a refusal or other danger, a decision of the mayor or the commission, the
        acceptance of every document at once and a payment. None is undone by another click."""
        deciders = {Role.MAYOR, Role.COMMISSION_MEMBER}
        return (
            self.style == "danger" or self.name in _CONFIRMED_ACTIONS or bool(self.roles & deciders)
        )


@dataclass(frozen=True)
class StatesAllowing:
    """The states of a kind in which one thing is allowed (appealing, paying, annulling),
    and, as explicitly, those in which it is not.

    Declared once, beside the kind's states, and read by every place that asks (the
    transition's sources, the filing of an appeal, the portal, the API, the payment guide),
    so a new state is placed once. Naming the refused states too makes placing it
    unavoidable: tests/cases/test_states_allowing.py fails when a state reachable in the
    machine is in neither list.
    """

    what: str
    article: str
    allowed: frozenset[str]
    refused: frozenset[str]
    # The edge whose transition may be taken exactly in `allowed` (checked by the same
    # test), if one is.
    edge: str = ""

    def __contains__(self, state: object) -> bool:
        return state in self.allowed

    def __iter__(self) -> Iterator[str]:
        """The allowed states, in a stable order (for `state__in=` and transition sources)."""
        return iter(sorted(self.allowed))


@dataclass(frozen=True)
class DriverStanding:
    """What the portal knows of a driver when it chooses the requests to offer him: each
    kind's `PortalOffer.when` reads it (web.portal builds it)."""

    # An authorization in force (active or suspended) of which he is the holder.
    holds_authorization: bool = False
    # One of them active (not suspended).
    active: bool = False
    # One of them whose IM expires within the renewal reminders' 30 days, or has none in
    # force.
    im_due: bool = False
    # (kind, state) of each of his open cases.
    open_cases: frozenset[tuple[str, str]] = frozenset()


@dataclass(frozen=True)
class PortalOffer:
    """What a kind offers on the driver's portal (its `filing` page) and when."""

    # The rule that would refuse the request, said before the driver starts.
    rule: str | Promise
    # Whether the driver's standing makes the request worth offering today.
    when: Callable[[DriverStanding], bool]
    # Offered to someone who is not yet a registered driver (the first application).
    unregistered: bool = False
    # Not offered while the driver has a case of the kind open (an appeal is filed once
    # per notice, so it stays offered).
    once: bool = True
    # Where on the portal's list, smaller first.
    position: int = 100


@dataclass(frozen=True)
class FilingForm:
    """What the kind's filing page and endpoint are made of, when workflows.portal makes
    them (a page at `path`, an endpoint at /api/`api_path`, both filing through `file`)."""

    # The page's path (its URL name is the `Filing.url_name`).
    path: str
    # The endpoint's path under /api/, named "api-<url name without -new>-file".
    api_path: str
    # The page's Django form and the endpoint's serializer: the same fields by the same
    # names, except that a form's file field for checklist item X is "file_X".
    form: type[Any]
    input: type[Any]
    # (actor, driver, data) -> the case filed: the kind's filing service called with the
    # validated data of either, the checklist's files under their item codes.
    file: Callable[[Any, Any, dict[str, Any]], Case]
    # Said to a user who is no registered driver.
    refusal: str | Promise
    template: str
    # The endpoint's field naming the driver a clerk files for at the counter.
    driver_field: str = "holder"
    # The message with the case's number, "%(n)s"; the portal's default when empty.
    filed: str | Promise = ""
    # (user, driver) -> what the page shows beside the form; (that) -> its initial values.
    context: Callable[[Any, Any], Mapping[str, Any]] | None = None
    initial: Callable[[Mapping[str, Any]], Mapping[str, Any]] | None = None


@dataclass(frozen=True)
class Filing:
    """Where a driver files the kind: the portal's button (URL name and label), and what
    its page and endpoint are made of when workflows.portal makes them (`form`; None: the
    kind draws its own, an appeal being filed against one notice)."""

    url_name: str
    label: str | Promise
    form: FilingForm | None = None

    @property
    def api_url_name(self) -> str:
        return f"api-{self.url_name.removesuffix('-new')}-file"


@dataclass(frozen=True)
class AuthorizationHold:
    """How a kind keeps an authorization suspended (a suspension in effect, Art. 24; a
    penalty being served, Art. 59 III-IV): workflows.holds releases an authorization only
    when no kind holds it, and the portal says what holds it and until when."""

    # (authorization or OuterRef("pk")) -> the rows that hold it now: a query, so that
    # many authorizations are checked in one statement.
    rows: Callable[[Any], Any]
    # (row) -> what the driver reads of it on the portal.
    label: Callable[[Any], str]
    # (row) -> its last day (None: open-ended).
    last_day: Callable[[Any], dt.date | None]


@dataclass(frozen=True)
class AuthorizationEnd:
    """An authorization that has just ended (revoked, Art. 59 V; cancelled, Art. 23), as
    workflows.authorizations.case_authorization_end tells each kind's
    `on_authorization_end`, in the ending transaction."""

    authorization: Any
    case: Case
    actor: Any
    on: dt.date
    # The article under which bindings to the authorization end (Art. 27 §1).
    bindings_article: str
    # The note on the kind's cases that become moot.
    lapse_note: str


@dataclass(frozen=True)
class Workflow:
    kind: str
    model: type[Case]
    states: type[models.TextChoices]
    initial: str
    final_states: frozenset[str]
    edges: tuple[Edge, ...]
    checklist: dict[str, str | Promise] = field(default_factory=dict)
    # Called, in the recording transaction, when a legal notice of this case counts as
    # received (Arts. 46 and 47 §2): (case, received_on, actor) -> None.
    on_notice_received: Callable[..., None] | None = None
    # Called, in the recording transaction, when an inspection of this case is recorded
    # (Art. 20): (case, inspection, actor) -> None; it moves the case on the result.
    on_inspection_recorded: Callable[..., None] | None = None
    # Inspection items that do not apply to this kind (law.inspection.NOT_YET_FOR_NEW_ENTRY
    # for a vehicle entering the service for the first time).
    inspection_waives: frozenset[str] = frozenset()
    # A template shown on the case page with the kind's own summary (checklist, position).
    case_panel: str | None = None
    # What the public verification page says of a taxi besides its standing, as (label,
    # text) pairs: (authorization, today) -> pairs (an advertisement authorized on it,
    # Art. 67). Public: no personal data.
    public_facts: Callable[[Any, dt.date], Sequence[tuple[str, str]]] | None = None
    # States that put the case in the clerks' overdue list whatever its deadlines say
    # (an IM that expired without renewal, say). Evaluated when the case changes state and
    # stored in `Case.overdue_by_rule` (cases.services.overdue), never per query.
    overdue_states: frozenset[str] = frozenset()
    # A lookup on the kind's model that also makes a case overdue (a renewal still being
    # handled when its IM expired), e.g. {"renewalcase__registration__status": "expired"}.
    # Evaluated at each transition; a step that changes what it reads without a transition
    # calls `case_overdue_refresh` (the nightly refresh catches any it missed).
    overdue_lookup: dict[str, object] | None = None
    # Where a driver files this kind, if anywhere: the portal's button, and the page and
    # endpoint workflows.portal makes from it.
    filing: Filing | None = None
    # Actions renamed since clients first used them: old name -> edge name (the API and
    # the pages keep answering the old name).
    renamed_actions: dict[str, str] = field(default_factory=dict)
    # Who sees the kind's cases besides the clerks, the applicant and the holder
    # (cases.selectors.cases_visible_to): the appeals commission, for what it decides
    # (Art. 52; Art. 61 §2); and a driver reached through these lookups on the kind's
    # model, each ending at a user (an auxiliary named as the offender of a notice).
    commission_sees: bool = False
    # ...and, of a kind it does not decide, the cases these lookups reach something on (a
    # violation notice an appeal is about: the commission judges it, issue 10).
    commission_scope: tuple[str, ...] = ()
    driver_scope: tuple[str, ...] = ()
    # Fields of the kind's model that only staff read among the case's facts
    # (cases.facts): personal data of someone who is not a party (LGPD).
    staff_only_facts: frozenset[str] = frozenset()
    # Timeline labels of the events this kind's services record, on its own cases or on
    # others' (an auxiliary unbound on a revocation), besides its edges.
    event_labels: Mapping[str, str | Promise] = field(default_factory=dict)
    # The states in which something is allowed, by what (StatesAllowing.what): one
    # declaration that the services, selectors and pages of the kind read.
    allowed_in: tuple[StatesAllowing, ...] = ()
    # States in which the case's papers no longer stand (a notice annulled, Art. 53 I, or
    # archived unnotified, Art. 46 §1): the portal leaves its documents out of the
    # driver's papers.
    voided_states: frozenset[str] = frozenset()
    # One line a person reads about each case in a list (a notice's penalty, issue 19):
    # (cases) -> {case pk: text}, one query for the whole list. The portal reads it.
    summaries: Callable[[Sequence[Any]], Mapping[int, str]] | None = None
    # The kind's own description of one case for programs (a notice's penalty in full):
    # (case) -> JSON-able mapping, the case API's `details`.
    details: Callable[[Any], Mapping[str, object]] | None = None
    # The deadlines the law sets on this kind (law.deadlines rules), told by its Carta de
    # Serviços (Lei 13.460/2017 art. 7 §2 V) beside the times measured.
    legal_times: tuple[DeadlineRule, ...] = ()
    # What the portal offers of the kind (its `filing` page) and when; None: not offered
    # by a rule (the page lists it among the other filings).
    offer: PortalOffer | None = None
    # An open case of the kind on an authorization stops its cancellation (Art. 23): it
    # would act on the authorization once cancelled. True, or a test of one open case
    # (case, authorization) -> bool (a transfer filed by a third party and not yet proven
    # does not).
    blocks_cancellation: bool | Callable[[Case, Any], bool] = False
    # How the kind keeps an authorization suspended, if it does (workflows.holds).
    holds: AuthorizationHold | None = None
    # What the kind does, in the ending transaction, when an authorization ends
    # (workflows.authorizations.case_authorization_end): (AuthorizationEnd) -> None.
    on_authorization_end: Callable[[AuthorizationEnd], object] | None = None

    def canonical_action(self, name: str) -> str:
        """The edge's name today for a name an API client may still send."""
        return self.renamed_actions.get(name, name)

    def edge(self, name: str) -> Edge:
        for edge in self.edges:
            if edge.name == name:
                return edge
        raise KeyError(name)

    def state_label(self, state: str) -> str:
        """The state's name in the active language, translated once per language (the
        queue asks it for every row)."""
        return _state_labels(get_language() or "", self.states).get(state, state)


_REGISTRY: dict[str, Workflow] = {}


def register(workflow: Workflow) -> Workflow:
    _REGISTRY[workflow.kind] = workflow
    return workflow


def workflow_for(kind: str) -> Workflow:
    return _REGISTRY[kind]


def all_workflows() -> list[Workflow]:
    return list(_REGISTRY.values())


@functools.cache
def _state_labels(language: str, states: type[models.TextChoices]) -> dict[str, str]:
    return {value: str(label) for value, label in states.choices}


def state_label(kind: str, state: str) -> str:
    workflow = _REGISTRY.get(kind)
    return workflow.state_label(state) if workflow else state


@dataclass(frozen=True)
class NextParty:
    """Who acts next on a case in a state, and what his edges there are."""

    key: str  # "requester", a Role value, or SYSTEM (only the clock leaves the state)
    label: str | Promise
    actions: tuple[Edge, ...] = ()


# The order in which a body is named when several may act: the one that decides first.
_PARTY_ORDER: tuple[tuple[str, str | Promise], ...] = (
    (Role.COMMISSION_MEMBER, _("a Comissão de Recursos")),
    (Role.MAYOR, _("o Prefeito")),
    (Role.CLERK, _("a Secretaria")),
    (Role.FISCAL_AGENT, _("a Fiscalização")),
)
REQUESTER = "requester"


def _edges_leaving(workflow: Workflow, state: str) -> tuple[Edge, ...]:
    field_ = workflow.model._meta.get_field("state")
    names: set[str] = set()
    for transition in field_.get_all_transitions(workflow.model):  # type: ignore[attr-defined]
        source = transition.source
        if source == state or source == "*" or (source == "+" and transition.target != state):
            names.add(transition.name)
    return tuple(e for e in workflow.edges if e.name in names)


@functools.cache
def next_party(kind: str, state: str) -> NextParty:
    """Who the case waits for in `state`, read from the kind's table (issue 24: the portal
    said "Aguardando a Secretaria" while the applicant had to correct his documents).

    The requester when an edge of his leaves the state (giving up, always open to him, does
    not count); otherwise the body that decides, then the clerks; a state that only the
    deadline sweeper leaves waits for its date. `actions` are the edges the party takes on
    the case's own page.
    """
    workflow = _REGISTRY[kind]
    if state in workflow.final_states:
        return NextParty(SYSTEM, _("ninguém: processo encerrado"))
    edges = _edges_leaving(workflow, state)
    # An internal edge of the requester's is still his to take, through its own page (an
    # appeal is filed as a case of its own and moves the notice).
    mine = tuple(e for e in edges if e.owner and e.style != "danger")
    if mine:
        return NextParty(REQUESTER, _("você"), tuple(e for e in mine if not e.internal))
    for role, label in _PARTY_ORDER:
        theirs = tuple(e for e in edges if role in e.roles and not e.internal)
        if theirs:
            return NextParty(str(role), label, theirs)
    return NextParty(SYSTEM, _("o prazo legal"))


# Timeline entries of the engine and the shared layers (documents, letters, inspections,
# register writes); a kind's own events are in its `Workflow.event_labels`.
EVENT_LABELS: dict[str, str | Promise] = {
    "open": _("Abertura do processo"),
    "claim": _("Processo assumido"),
    "document_attached": _("Documento anexado"),
    "document_reviewed": _("Documento conferido"),
    "authorization_suspended": _("Autorização suspensa"),
    "authorization_reactivated": _("Autorização reativada"),
    "authorization_revoked": _("Autorização cassada"),
    "notice_letter_written": _("Carta registrada com AR emitida"),
    "document_signed": _("Documento do ato assinado eletronicamente (Lei 14.063/2020)"),
    "letter_posted": _("Carta postada"),
    "delivery_attempt": _("Tentativa de entrega"),
    "return_receipt": _("AR registrado"),
    "windows_closed_at_record": _("Prazos já terminados ao registrar o AR (confirmado)"),
    "inspection_scheduled": _("Vistoria agendada"),
    "inspection_recorded": _("Vistoria realizada"),
    "registration_issued": _("IM emitida"),
    "registration_expired": _("IM vencida"),
    "inspection_cancelled": _("Vistoria cancelada"),
    "driver_registered": _("Condutor cadastrado"),
    "authorization_cancelled": _("Autorização cancelada"),
}


def event_label(kind: str, transition: str) -> str:
    """The timeline's label of an event on a case of `kind`: its edge, its own event, the
    engine's, then any kind's (events one kind records on another's case)."""
    workflow = _REGISTRY.get(kind)
    if workflow is not None:
        for edge in workflow.edges:
            if edge.name == transition:
                return str(edge.label)
        if transition in workflow.event_labels:
            return str(workflow.event_labels[transition])
    if transition in EVENT_LABELS:
        return str(EVENT_LABELS[transition])
    for other in _REGISTRY.values():
        if transition in other.event_labels:
            return str(other.event_labels[transition])
    return transition


def describe(workflow: Workflow) -> dict[str, Any]:
    """A plain description of the machine, for the README diagrams and the API."""
    return {
        "kind": workflow.kind,
        "states": [{"value": s.value, "label": str(s.label)} for s in workflow.states],
        "edges": [
            {
                "name": e.name,
                "label": str(e.label),
                "article": e.article,
                "roles": sorted(e.roles) if e.roles else ([SYSTEM] if e.is_system else []),
                "owner": e.owner,
            }
            for e in workflow.edges
        ],
    }
