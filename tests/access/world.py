"""One world for the access walk: a driver's own records, records of another driver's
case he is party to, and records of a stranger, with the relations each role holds to
each (accounts.policy).

Driver A holds a Termo, has a suspension case, and a notified violation notice he appeals
(so the commission judges A, his vehicle and Termo). Driver B holds another Termo on
which A drives as auxiliary and is the offender of a notice (A is party to it). Driver C
is nobody's business: his records must stay closed to A, to the applicant P and to the
commission.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

from django.core.files.base import ContentFile
from django.utils import timezone

from accounts.policy import HANDLING, JUDGING, OWNER, PARTY, PUBLIC
from accounts.roles import STAFF_ROLES, Role
from cases.models import Deadline, Document
from cases.services.transitions import case_act
from documents.models import OfficialDocument
from inspections.models import Inspection
from municipal.models import ExecutiveUse, ExecutiveVehicle, StandArrival
from notifications.models import Notification
from register_import.models import ImportJob
from registers.models import AuxiliaryBinding
from tests.appeal.factories import filed_appeal, notified_notice
from tests.application.factories import ApplicationCaseFactory
from tests.clandestine.factories import ClandestineCaseFactory
from tests.complaint.factories import ComplaintCaseFactory
from tests.factories import (
    PASSWORD,
    AuthorizationFactory,
    SuspensionCaseFactory,
    UserFactory,
    VehicleFactory,
    ViolationNoticeFactory,
)
from tests.municipal_factories import (
    AssociationFactory,
    LostItemFactory,
    MembershipFactory,
    RosterEntryFactory,
    StandAssignmentFactory,
    StandFactory,
    TariffTableFactory,
)
from workflows.violation.models import PenaltyPeriod
from workspace.models import ExportJob, SavedFilter

APPLICANT = "applicant"
ANONYMOUS = "anonymous"
ROLES = [
    Role.DRIVER,
    APPLICANT,
    Role.CLERK,
    Role.FISCAL_AGENT,
    Role.COMMISSION_MEMBER,
    Role.MAYOR,
    Role.ADMINISTRATOR,
    ANONYMOUS,
]


@dataclass
class Target:
    """A record a route can name: the values of the route's parameters, and who stands in
    which relation to it."""

    label: str
    kwargs: dict[str, Any]
    owners: set[Any] = field(default_factory=set)
    parties: set[Any] = field(default_factory=set)
    judged: bool = False

    def relations(self, user: Any, role: str) -> set[str]:
        held: set[str] = set()
        if user is not None and user in self.owners:
            held.add(OWNER)
        if user is not None and user in self.parties:
            held.add(PARTY)
        if role == Role.COMMISSION_MEMBER and self.judged:
            held.add(JUDGING)
        if role in STAFF_ROLES:
            held.add(HANDLING)
        held.add(PUBLIC)
        return held


def _official(case: Any = None, authorization: Any = None, n: int = 0) -> OfficialDocument:
    document = OfficialDocument(
        kind=(
            OfficialDocument.Kind.AUTHORIZATION_TERM
            if authorization is not None
            else OfficialDocument.Kind.VIOLATION_NOTICE
        ),
        number=f"W-{n}",
        year=2026,
        sequence=9000 + n,
        verification_code=f"WALK{n:04d}ABCD",
        case=case,
        authorization=authorization,
        context={"holder": {"cpf": ""}} if authorization is not None else {},
        status=OfficialDocument.Status.READY,
        issued_at=timezone.now(),
    )
    document.file.save(f"walk-{n}.pdf", ContentFile(b"%PDF-1.4\n%%EOF\n"), save=False)
    document.save()
    return document


def _upload(case: Any, n: int) -> Document:
    document = Document(
        case=case,
        item="cnh",
        original_name="cnh.pdf",
        content_type="application/pdf",
        size=15,
        sha256="0" * 64,
    )
    document.file.save(f"walk-{n}.pdf", ContentFile(b"%PDF-1.4\n%%EOF\n"), save=False)
    document.save()
    return document


def build(role: str) -> tuple[Any, dict[str, list[Target]]]:
    """The user playing `role` and the targets of every route, by target label."""
    a_termo = AuthorizationFactory()
    a = a_termo.holder
    b_termo = AuthorizationFactory()
    c_termo = AuthorizationFactory()
    c = c_termo.holder
    AuxiliaryBinding.objects.create(
        authorization=b_termo,
        auxiliary=a,
        valid_from=dt.date(2026, 1, 1),
        valid_until=dt.date(2026, 12, 31),
    )
    applicant_case = ApplicationCaseFactory(sequence=870001)
    p = applicant_case.applicant

    if role == Role.DRIVER:
        me = a.user
    elif role == APPLICANT:
        me = p.user
    elif role == ANONYMOUS:
        me = None
    else:
        me = UserFactory(role=role)

    received = timezone.localdate() - dt.timedelta(days=2)
    a_notice = notified_notice(authorization=a_termo, received_on=received)
    appeal = filed_appeal(a_notice)
    b_notice = notified_notice(authorization=b_termo, offender=a, received_on=received)
    c_notice = notified_notice(authorization=c_termo, received_on=received)
    a_case = SuspensionCaseFactory(authorization=a_termo)
    c_case = SuspensionCaseFactory(authorization=c_termo)
    au, cu, bu = {a.user}, {c.user}, {b_termo.holder.user}

    def t(label: str, obj: Any, owners: set, parties: set = frozenset(), judged=False, **kw):
        return Target(label, {"pk": obj.pk, **kw}, set(owners), set(parties), judged)

    targets: dict[str, list[Target]] = {
        "case": [
            t("A's suspension", a_case, au, action="reject"),
            t("A's appealed notice", a_notice, au, judged=True, action="annul"),
            t("B's notice naming A", b_notice, bu, au, action="annul"),
            t("C's suspension", c_case, cu, action="reject"),
            t("P's application", applicant_case, {p.user}, action="deny"),
        ],
        "appealable": [
            t("B's notice naming A", b_notice, bu, au),
            t("C's notice", c_notice, cu),
        ],
        "notice": [
            t("A's appealed notice", a_notice, au, judged=True),
            t("B's notice naming A", b_notice, bu, au),
            t("C's notice", c_notice, cu),
        ],
        "appeal": [t("A's appeal", appeal, au, judged=True)],
        "application": [
            t("P's application", applicant_case, {p.user}),
            t("another application", ApplicationCaseFactory(sequence=870002), set()),
        ],
        "driver": [
            t("A", a, au, judged=True),
            t("B", b_termo.holder, bu, au),
            t("C", c, cu),
        ],
        "vehicle": [
            t("A's vehicle", a_termo.vehicle, au, judged=True),
            t("B's vehicle", b_termo.vehicle, bu, au),
            t("C's vehicle", c_termo.vehicle, cu),
        ],
        "authorization": [
            t("A's Termo", a_termo, au, judged=True),
            t("B's Termo", b_termo, bu, au),
            t("C's Termo", c_termo, cu),
        ],
    }
    targets["clandestine"] = [
        t("a clandestine case", ClandestineCaseFactory(sequence=880002), set(), judged=True)
    ]
    targets["complaint"] = [t("a complaint", ComplaintCaseFactory(sequence=880001), set())]

    inspection = Inspection.objects.create(
        case=c_case,
        vehicle=c_termo.vehicle,
        scheduled_for=timezone.now(),
        place="Pátio da Prefeitura",
    )
    targets["inspection"] = [t("C's inspection", inspection, cu)]
    deadline = Deadline.objects.filter(case=c_notice).first()
    targets["deadline"] = [t("C's deadline", deadline, cu)]
    penalty = PenaltyPeriod.objects.create(
        violation=c_notice,
        authorization=c_termo,
        kind=PenaltyPeriod.Kind.IMPEDIMENT,
        starts_on=dt.date(2026, 5, 1),
        ends_on=dt.date(2026, 5, 15),
    )
    targets["penalty"] = [Target("C's impediment", {"pk": c_notice.pk, "period": penalty.pk}, cu)]

    docs = [
        (_official(case=a_notice, n=1), au, set(), True, "A's notice PDF"),
        (_official(case=b_notice, n=2), bu, au, False, "B's notice naming A, PDF"),
        (_official(case=c_notice, n=3), cu, set(), False, "C's notice PDF"),
    ]
    targets["official"] = [
        Target(label, {"code": d.verification_code}, owners, parties, judged)
        for d, owners, parties, judged, label in docs
    ]
    targets["upload"] = [
        t("A's upload", _upload(a_notice, 1), au, judged=True),
        t("C's upload", _upload(c_case, 2), cu),
    ]
    clerk = UserFactory(role=Role.CLERK)
    targets["letter"] = [
        t("A's letter", _letter(a_termo, clerk), au),
        t("C's letter", _letter(c_termo, clerk), cu),
    ]

    mine = {me} if me is not None else set()
    # Only staff ask for exports and save searches: a driver has none of his own.
    staff_me = me if role in STAFF_ROLES else None
    targets["export"] = [t("a colleague's export", _export(clerk), {clerk})]
    colleague_filter = SavedFilter.objects.create(owner=clerk, name="g", query="")
    targets["saved_filter"] = [t("a colleague's filter", colleague_filter, {clerk})]
    if staff_me is not None:
        targets["export"].append(t("my export", _export(staff_me), mine))
        mine_filter = SavedFilter.objects.create(owner=staff_me, name="f", query="q=x")
        targets["saved_filter"].append(t("my filter", mine_filter, mine))
    job = ImportJob.objects.create(file_name="r.csv", created_by=clerk)
    targets["import_job"] = [t("an import", job, {clerk}, fmt="csv")]

    stand = StandFactory()
    assignment = StandAssignmentFactory(stand=stand, authorization=c_termo)
    arrival = StandArrival.objects.create(
        stand=stand, authorization=c_termo, arrived_at=timezone.now(), recorded_by=clerk
    )
    association = AssociationFactory()
    membership = MembershipFactory(association=association, driver=c)
    executive = ExecutiveVehicle.objects.create(
        association=association,
        vehicle=VehicleFactory(),
        seal="S-1",
        registered_on=dt.date(2026, 1, 2),
    )
    use = ExecutiveUse.objects.create(
        executive=executive,
        membership=membership,
        contract="Contrato 1",
        retained_vehicle=c_termo.vehicle,
        started_at=timezone.now(),
        recorded_by=clerk,
    )
    for label, obj in {
        "stand": stand,
        "assignment": assignment,
        "arrival": arrival,
        "tariff": TariffTableFactory(),
        "roster_entry": RosterEntryFactory(authorization=c_termo),
        "association": association,
        "membership": membership,
        "executive": executive,
        "use": use,
    }.items():
        targets[label] = [t(label, obj, set())]
    targets["lost_item"] = [
        t(f"{who}'s lost item", _lost_item(termo, clerk, n), owners)
        for n, (who, termo, owners) in enumerate([("A", a_termo, au), ("C", c_termo, cu)])
    ]
    return me, targets


def _letter(termo: Any, clerk: Any) -> Notification:
    """A registered letter whose AR card came back scanned."""
    notice = ViolationNoticeFactory(authorization=termo)
    case_act(case=notice, action="send_notice", actor=clerk, password=PASSWORD)
    letter = Notification.objects.get(case=notice, channel=Notification.Channel.REGISTERED_POST)
    letter.ar_scan.save("ar.pdf", ContentFile(b"%PDF-1.4\n%%EOF\n"))
    return letter


def _lost_item(termo: Any, clerk: Any, n: int) -> Any:
    """An object handed in at the Secretaria, with its receipt (Art. 37 XVIII)."""
    return LostItemFactory(
        authorization=termo,
        status="in_custody",
        receipt_number=f"{n + 1}/2026",
        receipt_year=2026,
        receipt_sequence=n + 1,
        handed_in_on=dt.date(2026, 3, 3),
        received_by=clerk,
    )


def _export(owner: Any) -> ExportJob:
    job = ExportJob(
        owner=owner, dataset="cases", format="csv", status=ExportJob.Status.DONE, total=1, done=1
    )
    job.file.save("walk.csv", ContentFile(b"a\n"), save=False)
    job.save()
    return job
