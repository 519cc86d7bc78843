"""A violation notice taken through the services to its papers, rendered for real.

Shared by the document tests of each behaviour and by the browser's look at the paper:
the agent has a name and a matrícula, the holder a full address, the VRTE of the year is
registered — every field a document prints has a value a test can look for.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal
from zoneinfo import ZoneInfo

from accounts.models import User
from accounts.roles import Role
from cases.services.transitions import case_act
from documents.models import OfficialDocument
from documents.services import document_render
from registers.models import Authorization, VrteValue
from tests.factories import PASSWORD, AuthorizationFactory, UserFactory, VehicleFactory
from workflows.violation.models import ViolationNotice
from workflows.violation.services import violation_notice_issue

SP = ZoneInfo("America/Sao_Paulo")
ISSUED_AT = dt.datetime(2026, 5, 4, 10, tzinfo=SP)
"""The day the papers are written: 04/05/2026 on every date line."""
OCCURRED_AT = dt.datetime(2026, 5, 2, 9, 30, tzinfo=SP)
VRTE_2026 = Decimal("4.7331")

Kind = OfficialDocument.Kind


@dataclass(frozen=True)
class NoticePapers:
    notice: ViolationNotice
    agent: User
    clerk: User
    holder_user: User


def fiscal_agent() -> User:
    return UserFactory(
        role=Role.FISCAL_AGENT,
        username="rob.fiscal",
        first_name="Roberto",
        last_name="Alves",
        employee_number="1043-7",
    )


def taxi(
    *, plate: str = "MTP4B21", number: str = "TA-0007/2024", **holder: object
) -> Authorization:
    fields = {
        "holder__name": "José Carlos Ferreira",
        "holder__address": "Rua das Acácias, 45",
        "holder__district": "Vila Nova",
        "holder__city": "Mantenópolis",
        "holder__postal_code": "29770-000",
        **{f"holder__{k}": v for k, v in holder.items()},
    }
    return AuthorizationFactory(
        number=number,
        vehicle=VehicleFactory(plate=plate, make="Fiat", model="Cronos", colour="prata"),
        **fields,
    )


def notice_sent(*, item: str = "XIII", authorization: Authorization | None = None) -> NoticePapers:
    """A notice issued by the agent on 04/05/2026 and sent by the clerk the same day
    (registered letter and Notificação de Multa). Call under time travel to ISSUED_AT."""
    VrteValue.objects.get_or_create(year=2026, defaults={"value": VRTE_2026, "source": "SEFAZ"})
    agent = fiscal_agent()
    clerk = UserFactory(role=Role.CLERK, first_name="Ana Paula", last_name="Mendes")
    authorization = authorization or taxi()
    notice = violation_notice_issue(
        agent=agent,
        authorization=authorization,
        item=item,
        occurred_at=OCCURRED_AT,
        place="Rodoviária, plataforma 2",
        description="Pneu dianteiro careca e porta traseira sem trinco.",
        password=PASSWORD,
    )
    case_act(case=notice, action="send_notice", actor=clerk, password=PASSWORD)
    return NoticePapers(
        notice=ViolationNotice.objects.get(pk=notice.pk),
        agent=agent,
        clerk=clerk,
        holder_user=authorization.holder.user,
    )


def rendered(case: object, kind: str) -> OfficialDocument:
    """The one document of `kind` issued in `case`, rendered to PDF now."""
    document = OfficialDocument.objects.get(case=case, kind=kind)
    document = document_render(document_id=document.pk)
    assert document.status == OfficialDocument.Status.READY, document.last_error
    return document


def render_pending() -> list[OfficialDocument]:
    """Render every document still waiting (what the worker would do after commit)."""
    return [
        document_render(document_id=pk)
        for pk in OfficialDocument.objects.filter(status=OfficialDocument.Status.PENDING)
        .order_by("pk")
        .values_list("pk", flat=True)
    ]


@dataclass(frozen=True)
class GrantPapers:
    case: object  # workflows.application.models.ApplicationCase
    authorization: Authorization
    registration: object  # registers.models.MunicipalRegistration
    clerk: User
    applicant_user: User


def application_homologated(*, today: dt.date) -> GrantPapers:
    """An application filed by Maria das Graças Souza and taken through inspection, review
    and the mayor's homologation (Art. 22): the Termo and the IM card are issued in it."""
    from registers.models import MunicipalRegistration
    from tests.application.factories import population
    from tests.application.journey import to_review
    from workflows.application.models import ApplicationCase
    from workflows.application.services import (
        application_approve_review,
        application_homologate,
    )

    population(10_000, year=today.year)
    applicant_user = UserFactory(role=Role.DRIVER, first_name="Maria", last_name="Souza")
    clerk = UserFactory(role=Role.CLERK, first_name="Ana Paula", last_name="Mendes")
    mayor = UserFactory(role=Role.MAYOR)
    case = to_review(applicant_user, clerk, today=today)
    application_approve_review(case=case, actor=clerk, today=today)
    application_homologate(
        case=case, actor=mayor, note="De acordo.", today=today, password=PASSWORD
    )
    case = ApplicationCase.objects.get(pk=case.pk)
    authorization = Authorization.objects.get(pk=case.authorization_id)
    return GrantPapers(
        case=case,
        authorization=authorization,
        registration=MunicipalRegistration.objects.get(authorization=authorization),
        clerk=clerk,
        applicant_user=applicant_user,
    )


APPEAL_DECIDED_AT = dt.datetime(2026, 4, 20, 10, tzinfo=SP)


def appeal_in_voting() -> tuple[object, list[User]]:
    """A notice for item XIII (30 days' suspension, impediment) notified on 02/04/2026, its
    appeal filed and opened to the vote by seat I on 20/04/2026 (Art. 52). Returns the
    AppealCase and the members of seats I, II and III, who have not voted yet."""
    import time_machine

    from tests.appeal.factories import commission, filed_appeal, notified_notice
    from workflows.appeal.models import AppealCase

    VrteValue.objects.get_or_create(year=2026, defaults={"value": VRTE_2026, "source": "SEFAZ"})
    seats = commission()
    notice = notified_notice(
        item="XIII", authorization=taxi(plate="MTP7C44", number="TA-0008/2024")
    )
    members = [seats[s].holder for s in ("I", "II", "III")]
    with time_machine.travel(APPEAL_DECIDED_AT, tick=False):
        appeal = filed_appeal(notice)
        case_act(case=appeal, action="open_voting", actor=members[0])
    return AppealCase.objects.get(pk=appeal.pk), members


def appeal_denied() -> object:
    """The appeal of `appeal_in_voting`, granted by seat I and denied by seats II and III on
    20/04/2026, each member signing his vote with his password. Returns the AppealCase."""
    import time_machine

    from workflows.appeal.models import AppealCase

    appeal, members = appeal_in_voting()
    with time_machine.travel(APPEAL_DECIDED_AT, tick=False):
        for member, vote in zip(members, ("granted", "denied", "denied"), strict=True):
            case_act(
                case=appeal,
                action="vote",
                actor=member,
                vote=vote,
                reason="Voto.",
                password=PASSWORD,
            )
    return AppealCase.objects.get(pk=appeal.pk)
