"""Art. 59: what a notice imposes is told in full wherever the driver reads about it —
fine in VRTE and in reais (Art. 54), points (Arts. 49, 56), suspension (III), impediment
(IV a), revocation (V a) — in one wording (documents.penalties)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
import time_machine

from documents.penalties import PenaltyInFull, ServedPeriod, penalty_lines
from notifications.models import Notification
from tests.documents.paper import ISSUED_AT, notice_sent
from workflows.violation.services import violation_notice_received

pytestmark = pytest.mark.django_db


def _penalty(**changes: object) -> PenaltyInFull:
    values: dict[str, object] = {
        "fine_vrte": Decimal("150.00"),
        "vrte_value": Decimal("4.7331"),
        "vrte_year": 2026,
        "points": Decimal("5"),
    }
    values.update(changes)
    return PenaltyInFull(**values)  # type: ignore[arg-type]


def test_art_54_57_the_fine_is_given_in_vrte_and_in_reais_at_the_years_vrte():
    assert penalty_lines(_penalty()) == [
        "Multa: 150,00 VRTE = R$ 709,97 (VRTE de 2026: R$ 4,7331; Arts. 54 e 57).",
        "Pontos: 5 pontos no cadastro do condutor (Art. 56).",
    ]


def test_art_54_without_the_years_vrte_the_reais_are_announced_not_invented():
    assert penalty_lines(_penalty(vrte_value=None))[0] == (
        "Multa: 150,00 VRTE; o valor em reais será calculado pela VRTE de 2026, ainda não "
        "cadastrada (Arts. 54 e 57)."
    )


def test_art_59_par_1_a_doubled_fine_says_why():
    assert penalty_lines(_penalty(fine_vrte=Decimal("300.00"), doubled=True))[0] == (
        "Multa: 300,00 VRTE = R$ 1.419,93 (VRTE de 2026: R$ 4,7331; Arts. 54 e 57). "
        "Em dobro, por reincidência (Art. 59 §1)."
    )


def test_art_49_an_auxiliarys_points_and_the_holders_half_are_both_told():
    assert penalty_lines(_penalty(by_auxiliary=True))[1] == (
        "Pontos: 5 no cadastro do condutor auxiliar e 2,5 no do taxista titular (Arts. 49 e 56)."
    )


def test_art_59_iii_iv_v_suspension_impediment_with_dates_and_revocation():
    lines = penalty_lines(
        _penalty(
            warning=True,
            suspension_days=30,
            impediment_days=90,
            revocation=True,
            periods=(
                ServedPeriod("suspension", dt.date(2026, 5, 20), dt.date(2026, 6, 18)),
            ),
        )
    )

    assert lines == [
        "Advertência escrita (Art. 59 I).",
        "Multa: 150,00 VRTE = R$ 709,97 (VRTE de 2026: R$ 4,7331; Arts. 54 e 57).",
        "Pontos: 5 pontos no cadastro do condutor (Art. 56).",
        "Suspensão da autorização por 30 dias de 20/05/2026 a 18/06/2026, inclusive, período "
        "em que o táxi não pode circular (Art. 59 III).",
        "Impedimento de circulação do veículo por até 90 dias, podendo voltar antes se o "
        "problema for sanado e comprovado na Secretaria (Art. 59 IV a).",
        "Cassação: a reincidência abre processo de cassação da autorização, com direito a "
        "recurso (Art. 59 V a e §2).",
    ]


def test_art_46_the_notices_email_states_the_penalty_in_full():
    with time_machine.travel(ISSUED_AT, tick=False):
        papers = notice_sent()
    mail = Notification.objects.get(
        case=papers.notice, channel=Notification.Channel.EMAIL, template="violation_notice"
    )

    assert "- Multa: 150,00 VRTE = R$ 709,97 (VRTE de 2026: R$ 4,7331; Arts. 54 e 57)." in mail.body
    assert "- Pontos: 5 pontos no cadastro do condutor (Art. 56)." in mail.body
    assert "- Suspensão da autorização por 30 dias" in mail.body
    assert "- Impedimento de circulação do veículo por até 90 dias" in mail.body


def test_art_55_the_receipt_email_repeats_the_penalty_with_the_dates_to_pay_and_appeal():
    with time_machine.travel(ISSUED_AT, tick=False):
        papers = notice_sent()
        violation_notice_received(
            case=papers.notice, received_on=dt.date(2026, 5, 4), actor=papers.clerk
        )
    mail = Notification.objects.get(case=papers.notice, template="violation_received")

    assert "Pagamento da multa até 14/05/2026 (Art. 55 I)." in mail.body
    assert "- Multa: 150,00 VRTE = R$ 709,97" in mail.body
    assert "- Suspensão da autorização por 30 dias" in mail.body
