"""Art. 52: each seat votes once with its reasons; the majority decides; the decision
carries the notice's fate (Art. 63 §1), its PDF and its notice (Arts. 55 II, 66)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest

from accounts.roles import Role
from cases.errors import NotPermitted, RuleViolation, StateConflict
from cases.models import AuditEvent
from cases.services.transitions import case_act
from documents.models import OfficialDocument
from documents.services import document_html
from notifications.models import Notification
from registers.models import PointRecord
from tests.appeal.factories import commission_member, filed_appeal
from tests.factories import PASSWORD, UserFactory
from workflows.appeal.models import AppealCase, AppealState, Outcome, Vote
from workflows.appeal.services import commission_seat_assign, commission_seat_vacate
from workflows.violation.models import ViolationNotice, ViolationState

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_20_april_2026")]


@pytest.fixture(autouse=True)
def _first_offence_fined(settings):
    # These tests follow a fine of a first group 1-2 infraction: the `as_well` reading of
    # Art. 59 I (the default, `instead`, gives a warning only).
    settings.FIRST_OFFENCE_WARNING = "as_well"

GRANT, PART, DENY = Outcome.GRANTED, Outcome.PARTIALLY_GRANTED, Outcome.DENIED


@pytest.fixture
def appeal(members):
    appeal = filed_appeal()
    case_act(case=appeal, action="open_voting", actor=members[0])
    return AppealCase.objects.get(pk=appeal.pk)


def _vote(appeal, member, vote, reason="Fundamentação do voto.", **kwargs):
    return case_act(
        case=appeal,
        action="vote",
        actor=member,
        vote=vote,
        reason=reason,
        **kwargs,
        password=PASSWORD,
    )


def _reload(appeal):
    return AppealCase.objects.get(pk=appeal.pk), ViolationNotice.objects.get(pk=appeal.notice_id)


def test_two_denials_against_one_grant_deny_the_appeal_and_the_penalty_stands_art52(
    appeal, members
):
    # when seat I grants and seats II and III deny
    _vote(appeal, members[0], GRANT, "A tabela estava no vidro traseiro.")
    assert _reload(appeal)[0].state == AppealState.VOTING
    _vote(appeal, members[1], DENY, "As fotos do agente mostram o vidro vazio.")
    assert _reload(appeal)[0].state == AppealState.VOTING  # one against one: still open
    _vote(appeal, members[2], DENY, "O recorrente não provou o contrário.")
    # then the appeal is denied and the notice upheld with its fine and its points
    appeal, notice = _reload(appeal)
    assert (appeal.state, appeal.outcome, appeal.fine_kept_vrte, appeal.decided_on) == (
        AppealState.DENIED,
        Outcome.DENIED,
        Decimal("100.00"),
        dt.date(2026, 4, 20),
    )
    assert (notice.state, notice.fine_vrte, notice.penalties_applied_on) == (
        ViolationState.UPHELD,
        Decimal("100.00"),
        dt.date(2026, 4, 20),
    )
    assert list(PointRecord.objects.values_list("driver", "points")) == [
        (notice.applicant_id, Decimal("3.0"))
    ]
    assert appeal.summary == (
        "A Comissão de Recursos, por maioria, vencida a cadeira I — Representante do Poder "
        f"Público ({members[0].get_full_name()}), negou provimento ao recurso: a penalidade do "
        f"Auto de Infração {notice.number} fica mantida. Penalidades: Advertência escrita "
        "(Art. 59 I). Multa: 100,00 VRTE; o valor em reais será calculado pela VRTE de 2026, "
        "ainda não cadastrada (Arts. 54 e 57). Pontos: 3 pontos no cadastro do condutor "
        "(Art. 56). A multa deve ser paga em 10 dias contados do recebimento da notificação "
        "desta decisão (Art. 55 II)."
    )
    assert list(
        AuditEvent.objects.filter(case=appeal).values_list("transition", "to_state", "actor")
    ) == [
        ("open", "review", appeal.applicant.user_id),
        ("open_voting", "voting", members[0].pk),
        # Each member signs his vote as he casts it; the deciding one, the decision too.
        ("vote", "voting", members[0].pk),
        ("document_signed", "voting", members[0].pk),
        ("vote", "voting", members[1].pk),
        ("document_signed", "voting", members[1].pk),
        ("vote", "voting", members[2].pk),
        ("document_signed", "voting", members[2].pk),
        ("deny", "denied", members[2].pk),
        ("document_signed", "denied", members[2].pk),
        ("notice_letter_written", "denied", members[2].pk),
    ]
    assert list(AuditEvent.objects.filter(case=notice).values_list("transition", flat=True))[
        -2:
    ] == ["uphold", "penalties_applied"]
    # the decision's PDF carries every vote and its reasons
    document = OfficialDocument.objects.get(case=appeal, kind=OfficialDocument.Kind.APPEAL_DECISION)
    assert document.context["outcome"] == "denied"
    assert [(v["seat"], v["vote"]) for v in document.context["votes"]] == [
        ("I", "granted"),
        ("II", "denied"),
        ("III", "denied"),
    ]
    html = document_html(document)
    assert "As fotos do agente mostram o vidro vazio." in html and "Art. 66" in html
    # and the decision goes out by registered letter with AR, and by e-mail
    letter = Notification.objects.get(case=appeal, channel=Notification.Channel.REGISTERED_POST)
    assert (letter.legal, letter.template, letter.recipient) == (
        True,
        "appeal_decided",
        appeal.applicant,
    )
    assert "Art. 55 II" in letter.body and "Art. 66" in letter.body
    assert appeal.summary in letter.body and "Decisão: Recurso não provido." in letter.body
    assert "II — Representante dos taxistas" in letter.body
    assert Notification.objects.filter(
        case=appeal, channel=Notification.Channel.EMAIL, template="appeal_decided"
    ).exists()


def test_two_grants_overturn_the_notice_without_points_and_close_the_vote_art52(appeal, members):
    _vote(appeal, members[1], GRANT, "A tabela estava visível.")
    _vote(appeal, members[2], GRANT, "Prova fotográfica convincente.")
    appeal, notice = _reload(appeal)
    assert (appeal.state, appeal.outcome, appeal.fine_kept_vrte) == (
        AppealState.GRANTED,
        Outcome.GRANTED,
        Decimal("0.00"),
    )
    assert notice.state == ViolationState.OVERTURNED and notice.penalties_applied_on is None
    assert not PointRecord.objects.exists()
    assert "sem multa e sem pontos" in appeal.summary
    # the third seat can no longer change anything
    with pytest.raises(StateConflict):
        _vote(appeal, members[0], DENY)
    assert Vote.objects.filter(appeal=appeal).count() == 2


def test_a_partial_grant_keeps_the_penalty_with_a_lower_fine_art52(appeal, members):
    _vote(appeal, members[0], PART, "Tabela afixada, mas desatualizada.", fine_vrte="40")
    _vote(appeal, members[2], PART, "Reduzo a multa.", fine_vrte="40,00")
    appeal, notice = _reload(appeal)
    assert (appeal.state, appeal.fine_kept_vrte) == (
        AppealState.PARTIALLY_GRANTED,
        Decimal("40.00"),
    )
    assert (notice.state, notice.fine_vrte) == (ViolationState.UPHELD, Decimal("40.00"))
    assert list(PointRecord.objects.values_list("points", flat=True)) == [Decimal("3.0")]
    assert "de 100,00 para 40,00 VRTE" in appeal.summary


def test_when_no_two_votes_agree_the_middle_vote_decides_art52(appeal, members):
    _vote(appeal, members[0], GRANT, "Provimento.")
    _vote(appeal, members[1], PART, "Multa reduzida.", fine_vrte="50")
    _vote(appeal, members[2], DENY, "Não provimento.")
    appeal, notice = _reload(appeal)
    assert (appeal.state, appeal.fine_kept_vrte, notice.fine_vrte) == (
        AppealState.PARTIALLY_GRANTED,
        Decimal("50.00"),
        Decimal("50.00"),
    )
    assert "voto médio" in appeal.summary


def test_two_partial_grants_with_different_fines_wait_for_the_third_seat_art52(appeal, members):
    _vote(appeal, members[0], PART, "Reduzo a 30.", fine_vrte="30")
    _vote(appeal, members[1], PART, "Reduzo a 60.", fine_vrte="60")
    assert _reload(appeal)[0].state == AppealState.VOTING
    _vote(appeal, members[2], DENY, "Mantenho.")
    assert _reload(appeal)[0].fine_kept_vrte == Decimal("60.00")


def test_a_partial_grant_must_keep_less_than_the_fine_art52(appeal, members):
    for fine in ("100", "-1", "", "abc"):
        with pytest.raises(RuleViolation):
            _vote(appeal, members[0], PART, "Parcial.", fine_vrte=fine)
    assert not Vote.objects.exists()


def test_a_vote_without_reasons_is_refused_art52(appeal, members):
    with pytest.raises(RuleViolation):
        _vote(appeal, members[0], DENY, "  ")
    assert not Vote.objects.exists()


def test_someone_without_a_seat_cannot_vote_art52(appeal, clerk):
    events = AuditEvent.objects.filter(case=appeal).count()
    for user in (commission_member(), clerk, appeal.applicant.user, UserFactory(role=Role.MAYOR)):
        with pytest.raises(NotPermitted):
            _vote(appeal, user, GRANT)
    assert not Vote.objects.exists()
    assert AuditEvent.objects.filter(case=appeal).count() == events


def test_the_member_of_a_vacated_seat_cannot_vote_art52(appeal, members, seats):
    admin = UserFactory(role=Role.ADMINISTRATOR)
    commission_seat_vacate(seat="II", until=dt.date(2026, 4, 19), actor=admin)
    with pytest.raises(NotPermitted) as refused:
        _vote(appeal, members[1], GRANT)
    assert refused.value.code == "not_a_seat_holder"
    assert not Vote.objects.exists()


def test_a_seat_votes_once_even_under_a_new_holder_art52(appeal, members):
    _vote(appeal, members[0], GRANT, "Provimento.")
    with pytest.raises(StateConflict) as again:
        _vote(appeal, members[0], DENY, "Mudei de ideia.")
    assert again.value.code == "seat_already_voted"
    # seat I changes hands during the vote: its new holder has no second vote
    successor = commission_member()
    commission_seat_assign(
        seat="I",
        holder=successor,
        since=dt.date(2026, 4, 20),
        actor=UserFactory(role=Role.ADMINISTRATOR),
    )
    with pytest.raises(StateConflict):
        _vote(appeal, successor, DENY, "Sou o novo titular.")
    assert list(Vote.objects.values_list("seat", "member", "vote")) == [
        ("I", members[0].pk, "granted")
    ]
