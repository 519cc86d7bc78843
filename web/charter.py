"""The Carta de Serviços (Lei 13.460/2017 art. 7), generated from the workflow tables.

Art. 7 §2 asks of each service: what it is and the requirements, documents and
information needed to obtain it (I, II), its main steps (III), the expected time (IV),
the fees (forms of payment, §3 I-II through the municipal code) and where to complain
(§3 IV). Everything here is read from what the system already declares, so the Carta
cannot drift from what the pages do: the steps and who takes them from the kind's edge
table (`cases.workflow.next_party`), the documents from its checklist, the legal times
from `Workflow.legal_times` (law.deadlines), the measured times from `ProcessingTime`
(the nightly measure of the timeline). A kind registered later has its Carta at once.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from cases.models import ProcessingTime, kind_label
from cases.selectors import processing_times
from cases.workflow import (
    REQUESTER,
    SYSTEM,
    Filing,
    Workflow,
    all_workflows,
    next_party,
    workflow_for,
)
from law.deadlines import DeadlineRule


@dataclass(frozen=True)
class CharterStep:
    state: str
    label: str
    who: str
    actions: tuple[tuple[str, str], ...]
    """(label, article) of each action that moves the case on from here."""
    measured: ProcessingTime | None
    """Days from this step to the decision, as measured (None: no closed case yet)."""
    by_requester: bool = False
    """The interested party acts here (through the portal: an appeal, a payment)."""


@dataclass(frozen=True)
class LegalTime:
    label: str
    length: str
    article: str


@dataclass(frozen=True)
class Charter:
    kind: str
    label: str
    filing: Filing | None
    steps: list[CharterStep] = field(default_factory=list)
    outcomes: list[str] = field(default_factory=list)
    documents: list[str] = field(default_factory=list)
    legal_times: list[LegalTime] = field(default_factory=list)
    measured: ProcessingTime | None = None
    """From filing to decision: the time measured from the kind's first state."""


def _legal_time(rule: DeadlineRule) -> LegalTime:
    if rule.length is None:
        length = _("fixado na decisão (%(counting)s)") % {"counting": _(rule.counting.label)}
    else:
        length = f"{rule.length} {_(rule.counting.label)}"
    return LegalTime(label=_(rule.label), length=length, article=rule.article)


def _charter(workflow: Workflow, measured: dict[str, ProcessingTime]) -> Charter:
    steps = []
    for value, label in workflow.states.choices:
        if value in workflow.final_states:
            continue
        party = next_party(workflow.kind, value)
        steps.append(
            CharterStep(
                state=value,
                label=str(label),
                who=_("o interessado") if party.key == REQUESTER else str(party.label),
                actions=tuple((str(e.label), e.article) for e in party.actions)
                if party.key != SYSTEM
                else (),
                measured=measured.get(value),
                by_requester=party.key == REQUESTER,
            )
        )
    return Charter(
        kind=workflow.kind,
        label=kind_label(workflow.kind),
        filing=workflow.filing,
        steps=steps,
        outcomes=[
            str(label) for value, label in workflow.states.choices if value in workflow.final_states
        ],
        documents=[str(label) for label in workflow.checklist.values()],
        legal_times=[_legal_time(rule) for rule in workflow.legal_times],
        measured=measured.get(workflow.initial),
    )


def charters() -> list[Charter]:
    """The Carta of every registered kind, in the order of their names."""
    measured = processing_times()
    return sorted(
        (_charter(w, measured.get(w.kind, {})) for w in all_workflows()),
        key=lambda charter: charter.label,
    )


def charter(kind: str) -> Charter | None:
    """The Carta of one kind, or None for a kind that is not registered."""
    try:
        workflow = workflow_for(kind)
    except KeyError:
        return None
    return _charter(workflow, processing_times().get(kind, {}))
