"""Factories of the appeal tests: the commission's seats, notified notices, filed appeals.

Notices are brought to "notified" through the real services (issue, letter, AR), so their
assessment, fine and clocks are the ones the law gives.
"""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import factory
import time_machine
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import transaction

from accounts.roles import Role
from cases.services.transitions import case_step
from registers.models import AuxiliaryBinding, Driver
from tests.factories import PASSWORD, AuthorizationFactory, DriverFactory, UserFactory
from workflows.appeal.models import AppealCase, CommissionSeat, Seat
from workflows.appeal.services import WitnessInput, appeal_file
from workflows.violation.models import ViolationNotice
from workflows.violation.services import violation_notice_issue, violation_notice_received

SP = ZoneInfo("America/Sao_Paulo")
PDF = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"


def pdf(name: str = "prova.pdf") -> SimpleUploadedFile:
    return SimpleUploadedFile(name, PDF, content_type="application/pdf")


def commission_member(**kwargs) -> object:
    return UserFactory(role=Role.COMMISSION_MEMBER, **kwargs)


class CommissionSeatFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = CommissionSeat

    seat = Seat.EXECUTIVE
    holder = factory.SubFactory(UserFactory, role=Role.COMMISSION_MEMBER)
    since = dt.date(2026, 1, 1)
    appointment = "Portaria nº 12/2026"


def commission() -> dict[str, CommissionSeat]:
    """The three seats of Art. 52, each with its member, since 1 January 2026."""
    return {
        seat: CommissionSeatFactory(seat=seat)
        for seat in (Seat.EXECUTIVE, Seat.DRIVERS, Seat.CIVIL_SOCIETY)
    }


def auxiliary_of(authorization) -> Driver:
    auxiliary = DriverFactory(kind=Driver.Kind.AUXILIARY, titular=authorization.holder)
    AuxiliaryBinding.objects.create(
        authorization=authorization,
        auxiliary=auxiliary,
        valid_from=dt.date(2026, 1, 1),
        valid_until=dt.date(2026, 12, 31),
    )
    return auxiliary


def notified_notice(
    *,
    authorization=None,
    item: str = "X",
    offender: Driver | None = None,
    received_on: dt.date = dt.date(2026, 4, 2),
) -> ViolationNotice:
    """A notice issued the day before `received_on` and notified on it, as the AR would."""
    authorization = authorization or AuthorizationFactory()
    issued = dt.datetime.combine(received_on - dt.timedelta(days=1), dt.time(15), tzinfo=SP)
    with time_machine.travel(issued, tick=False):
        notice = violation_notice_issue(
            agent=UserFactory(role=Role.FISCAL_AGENT),
            authorization=authorization,
            item=item,
            occurred_at=issued - dt.timedelta(hours=6),
            place="Praça Central, ponto 1",
            offender=offender,
            password=PASSWORD,
        )
        clerk = UserFactory(role=Role.CLERK)
        with transaction.atomic():  # as the AR's recording transaction
            case_step(case=notice, action="send_notice", actor=clerk)
            violation_notice_received(case=notice, received_on=received_on, actor=clerk)
    return ViolationNotice.objects.get(pk=notice.pk)


def filed_appeal(notice: ViolationNotice | None = None, **kwargs) -> AppealCase:
    """An appeal filed through the portal by the notice's holder."""
    notice = notice or notified_notice()
    fields = {
        "qualification": "Fulano de Tal, taxista, CPF na inicial, residente no Centro.",
        "facts_and_law": "A tabela de preços estava afixada; a foto anexa o mostra.",
        "evidence": "Fotografia e testemunha.",
        "witnesses": [WitnessInput("Beltrano", "passageiro, RG 123, Rua B, 5")],
    }
    fields.update(kwargs)
    actor = fields.pop("actor", None) or notice.applicant.user
    return appeal_file(actor=actor, notice=notice, **fields)
