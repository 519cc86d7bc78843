"""Filing an appeal (Arts. 63, 64): who may file, the witnesses, the evidence and the
mandate, in the notice's appeal window."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.core.files.uploadedfile import UploadedFile
from django.db import transaction
from django.utils.translation import gettext as _

from accounts.models import User
from accounts.roles import Role, has_role
from cases.errors import NotPermitted, RuleViolation
from cases.models import Case
from cases.services.documents import CheckedFile, document_store, upload_check
from cases.services.transitions import case_open, local_today
from law.citations import (
    ART_63,
    ART_63_P2,
    ART_64_I,
    ART_64_II,
    ART_64_P1,
)
from notifications.services import notification_queue
from registers.models import Driver
from registers.selectors import driver_of
from workflows.appeal.models import (
    AppealCase,
    AppealWitness,
    Diligence,
    FilerKind,
)
from workflows.violation.services import (
    violation_appeal_filed,
)

if TYPE_CHECKING:
    from workflows.violation.models import ViolationNotice
from workflows.appeal.services.common import (
    EVIDENCE_ITEM,
    MANDATE_ITEM,
    MAX_WITNESSES,
)


@dataclass(frozen=True)
class WitnessInput:
    """A witness as the appellant lists him (Art. 64 §1: "devidamente qualificado")."""

    name: str
    qualification: str


def _parties(notice: ViolationNotice) -> dict[int, str]:
    """Who the notice is about, and as what: the holder and the auxiliary it names."""
    assert notice.applicant_id is not None
    parties = {notice.applicant_id: FilerKind.DRIVER.value}
    if notice.offender_id is not None and notice.offender_id != notice.applicant_id:
        parties[notice.offender_id] = FilerKind.AUXILIARY.value
    return parties


def _filer(
    *,
    actor: User,
    notice: ViolationNotice,
    filer_kind: str,
    appellant: Driver | None,
) -> tuple[Driver, str]:
    """Art. 63 §2: the driver, the auxiliary or an attorney with a specific mandate.

    Through the portal a driver files for himself; at the counter a clerk files for the
    party in person or for his attorney.
    """
    parties = _parties(notice)
    if has_role(actor, Role.CLERK):
        try:
            kind = FilerKind(filer_kind)
        except ValueError:
            raise RuleViolation(
                _("Informe quem interpõe o recurso: taxista, condutor auxiliar ou procurador."),
                article=ART_63_P2,
            ) from None
        chosen = appellant or notice.offender or notice.applicant
        assert chosen is not None
        if chosen.pk not in parties:
            raise RuleViolation(
                _("O recorrente deve ser o titular ou o condutor autuado neste auto."),
                article=ART_63_P2,
            )
        if kind != FilerKind.ATTORNEY and parties[chosen.pk] != kind:
            raise RuleViolation(
                _("%(name)s não é, neste auto, %(kind)s.")
                % {"name": chosen.name, "kind": kind.label.lower()},
                article=ART_63_P2,
            )
        return chosen, kind.value
    driver = driver_of(actor)
    if driver is None or driver.pk not in parties:
        raise NotPermitted(
            _("Somente o taxista, o condutor auxiliar autuado ou seu procurador podem recorrer."),
            article=ART_63_P2,
        )
    if filer_kind == FilerKind.ATTORNEY:
        raise NotPermitted(
            _("O procurador protocola o recurso no balcão, com o instrumento de mandato."),
            article=ART_63_P2,
        )
    return driver, parties[driver.pk]


def _witnesses(rows: Sequence[WitnessInput | Mapping[str, str]]) -> list[WitnessInput]:
    witnesses = [
        row
        if isinstance(row, WitnessInput)
        else WitnessInput(str(row.get("name", "")), str(row.get("qualification", "")))
        for row in rows
    ]
    witnesses = [
        WitnessInput(w.name.strip(), w.qualification.strip())
        for w in witnesses
        if w.name.strip() or w.qualification.strip()
    ]
    if len(witnesses) > MAX_WITNESSES:
        raise RuleViolation(
            _("O rol de testemunhas é limitado a 3; foram indicadas %(count)d.")
            % {"count": len(witnesses)},
            article=ART_64_P1,
            code="too_many_witnesses",
        )
    for witness in witnesses:
        if not witness.name or not witness.qualification:
            raise RuleViolation(
                _("Informe o nome e a qualificação de cada testemunha."), article=ART_64_P1
            )
    return witnesses


def appeal_file(
    *,
    actor: User,
    notice: ViolationNotice,
    qualification: str,
    facts_and_law: str,
    evidence: str = "",
    diligences: Sequence[str] = (),
    witnesses: Sequence[WitnessInput | Mapping[str, str]] = (),
    documents: Sequence[UploadedFile] = (),
    filer_kind: str = "",
    appellant: Driver | None = None,
    attorney_name: str = "",
    attorney_document: str = "",
    mandate: UploadedFile | None = None,
) -> AppealCase:
    """File an appeal against the notice's penalty (Arts. 63, 64).

    Refused, with nothing written, when late (the message names the day the window closed),
    incomplete, or filed by someone Art. 63 §2 does not name. Filed in time, the notice's
    penalty is suspended until the judgment (Art. 63 §1) and the appeal waits in the
    commission's queue.
    """
    appellant, kind = _filer(actor=actor, notice=notice, filer_kind=filer_kind, appellant=appellant)
    attorney_name, attorney_document = attorney_name.strip(), attorney_document.strip()
    _attorney_check(kind, attorney_name, attorney_document, mandate)
    qualification, facts_and_law = qualification.strip(), facts_and_law.strip()
    if not qualification:
        raise RuleViolation(_("Informe a qualificação do recorrente."), article=ART_64_I)
    if not facts_and_law:
        raise RuleViolation(
            _("Informe as razões de fato e de direito do recurso."), article=ART_64_II
        )
    asked = [text.strip() for text in diligences if text.strip()]
    listed = _witnesses(witnesses)
    # Every file is checked before anything is written: a bad file leaves no case behind.
    checked_mandate = upload_check(mandate) if mandate is not None else None
    checked = [upload_check(upload) for upload in documents]
    filed_on = local_today()

    with transaction.atomic(durable=True):
        # Refuses a late appeal with the day the window closed, and suspends the penalty.
        violation_appeal_filed(case=notice, actor=actor, filed_on=filed_on)
        case = case_open(
            model=AppealCase,
            actor=actor,
            article=ART_63,
            applicant=appellant,
            authorization=notice.authorization,
            notice=notice,
            filed_on=filed_on,
            filer_kind=kind,
            attorney_name=attorney_name,
            attorney_document=attorney_document,
            qualification=qualification,
            facts_and_law=facts_and_law,
            evidence=evidence.strip(),
            data={
                "notice": notice.number,
                "filer_kind": kind,
                "witnesses": len(listed),
                "diligences": len(asked),
            },
        )
        _requests_record(case, listed, asked)
        _store(case, MANDATE_ITEM, [checked_mandate] if checked_mandate else [], actor)
        _store(case, EVIDENCE_ITEM, checked, actor)
        notification_queue(
            case=case,
            recipient=appellant,
            template="appeal_filed",
            context={"appeal": case, "notice": notice},
        )
    return case


def _attorney_check(
    kind: str, attorney_name: str, attorney_document: str, mandate: UploadedFile | None
) -> None:
    """Art. 63 §2: an attorney names himself and brings the mandate; nobody else does."""
    if kind == FilerKind.ATTORNEY:
        if not (attorney_name and attorney_document and mandate is not None):
            raise RuleViolation(
                _(
                    "O procurador deve se identificar (nome e OAB ou documento) e juntar o "
                    "instrumento de mandato específico para este recurso."
                ),
                article=ART_63_P2,
                code="mandate_required",
            )
    elif mandate is not None or attorney_name or attorney_document:
        raise RuleViolation(
            _("Procurador e procuração só se informam quando é o procurador quem recorre."),
            article=ART_63_P2,
        )


def _requests_record(
    case: AppealCase, listed: Sequence[WitnessInput], asked: Sequence[str]
) -> None:
    """Art. 64 III and §1: the witnesses and the diligences the appellant asks for, numbered
    in the order given."""
    AppealWitness.objects.bulk_create(
        AppealWitness(appeal=case, position=n, name=w.name, qualification=w.qualification)
        for n, w in enumerate(listed, start=1)
    )
    Diligence.objects.bulk_create(
        Diligence(
            appeal=case,
            number=n,
            origin=Diligence.Origin.REQUESTED,
            description=text,
            status=Diligence.Status.REQUESTED,
        )
        for n, text in enumerate(asked, start=1)
    )


def _store(case: Case, item: str, files: Sequence[CheckedFile], actor: User) -> None:
    for checked in files:
        document_store(case=case, item=item, checked=checked, actor=actor)
