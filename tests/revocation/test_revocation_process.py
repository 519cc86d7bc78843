"""Art. 59 V, §2, §3, §5 (and Art. 27 §2): the revocation process, from the opening to the
mayor's decision and what a revocation does to the registers."""

from __future__ import annotations

import datetime as dt
import threading
from zoneinfo import ZoneInfo

import factory
import pytest
import time_machine
from django.db import connection
from django.urls import reverse
from django.utils import timezone

from accounts.roles import Role
from cases.errors import NotPermitted, RuleViolation, StateConflict
from cases.models import AuditEvent, Deadline
from cases.services.deadlines import deadlines_sweep
from cases.services.transitions import case_act
from notifications.models import Notification
from notifications.post import letter_record_posting, letter_record_receipt
from registers.models import Authorization, AuxiliaryBinding
from registers.requirements import driver_requirements_unmet
from registers.validators import format_cpf
from tests.factories import PASSWORD, AuthorizationFactory, DriverFactory, UserFactory
from workflows.revocation.models import RevocationCase, RevocationState
from workflows.revocation.services import revocation_file, revocation_open

SP = ZoneInfo("America/Sao_Paulo")
pytestmark = pytest.mark.django_db

# The AR shows delivery on Thursday 16 April 2026. Ten business days after it, skipping
# Tiradentes (21 April) and Labour Day (Friday 1 May): Monday 4 May 2026.
POSTED_ON = dt.date(2026, 4, 14)
DELIVERED_ON = dt.date(2026, 4, 16)
LAST_DAY = dt.date(2026, 5, 4)


def _at(day: dt.date, hour: int = 10):
    return time_machine.travel(dt.datetime(day.year, day.month, day.day, hour, tzinfo=SP),
                               tick=False)


@pytest.fixture(autouse=True)
def _april_2026():
    with _at(dt.date(2026, 4, 13)):
        yield


@pytest.fixture
def api():
    from rest_framework.test import APIClient

    def client_for(user):
        client = APIClient()
        client.force_authenticate(user)
        return client

    return client_for


def _long_cnh(driver):
    """A CNH valid for years, so that only the bars are left to read (Art. 10 I b)."""
    driver.cnh_expires_on = dt.date(2035, 1, 1)
    driver.save(update_fields=["cnh_expires_on"])
    return driver


@pytest.fixture
def holder_with_auxiliary(authorization):
    _long_cnh(authorization.holder)
    auxiliary = _long_cnh(DriverFactory(kind="auxiliary", titular=authorization.holder))
    AuxiliaryBinding.objects.create(
        authorization=authorization, auxiliary=auxiliary,
        valid_from=dt.date(2026, 1, 5), valid_until=dt.date(2027, 1, 4),
    )
    return authorization, auxiliary


class RevocationCaseFactory(factory.django.DjangoModelFactory):
    """A revocation made directly in a given state (for tests of the decision)."""

    class Meta:
        model = RevocationCase

    sequence = factory.Sequence(lambda n: 600000 + n)
    year = 2026
    number = factory.LazyAttribute(lambda c: f"{c.year}/{c.sequence:06d}")
    kind = RevocationCase.KIND
    state = RevocationState.OPENED
    authorization = factory.SubFactory(AuthorizationFactory)
    applicant = factory.SelfAttribute("authorization.holder")
    opened_at = factory.LazyFunction(timezone.now)
    ground_article = "Art. 59 V d"
    reason = "Mais de 20 pontos em 12 meses."
    opened_by_system = True

    class Params:
        window_closed = factory.Trait(
            state=RevocationState.WINDOW_CLOSED,
            received_on=DELIVERED_ON,
            defence_due_on=LAST_DAY,
        )


def _system_opened(authorization, article="Art. 12"):
    # As the vehicle-age tracking opens it when the last day passed (Art. 12).
    return revocation_open(
        authorization=authorization, article=article,
        reason="Veículo em serviço após 31/12 do ano em que completou 8 anos.",
    )


def _notified(case, clerk):
    """Send the letter and record its AR as the clerks would (Arts. 46, 59 §2)."""
    case_act(case=case, action="send_notice", actor=clerk, password=PASSWORD)
    letter = Notification.objects.get(case=case, template="revocation_notice",
                                      channel=Notification.Channel.REGISTERED_POST)
    with _at(dt.date(2026, 4, 17)):
        letter_record_posting(notification=letter, actor=clerk, tracking_code="JT123456785BR",
                              posted_on=POSTED_ON)
        letter_record_receipt(notification=letter, actor=clerk, delivered_on=DELIVERED_ON,
                              receiver_name="Maria da Silva", ar_attached_on=dt.date(2026, 4, 17))
    return RevocationCase.objects.get(pk=case.pk)


def _appeal_denied(case, mayor, day):
    """Art. 59 §2: the driver appeals against the decided revocation and the executive
    denies it on `day`: the revocation takes effect that day (Art. 63 §1)."""
    with _at(day):
        case_act(case=case, action="appeal_decision", actor=case.applicant.user,
                 reasons="Recorro contra a medida.")
        case_act(case=case, action="deny_decision_appeal", actor=mayor,
                 note="Mantida a cassação: fundamentos dos autos.")
    return RevocationCase.objects.get(pk=case.pk)


def _snapshot(case):
    case = RevocationCase.objects.get(pk=case.pk)
    authorization = Authorization.objects.get(pk=case.authorization_id)
    return (
        case.state, case.closed_at, authorization.status, authorization.ended_on,
        AuditEvent.objects.filter(case=case).count(),
        list(AuxiliaryBinding.objects.values_list("ended_on", "end_reason")),
    )


# --- The whole process -----------------------------------------------------------------------


def test_system_opened_revocation_notice_defence_and_mayors_revocation_art59_p2_p3_p5(
    holder_with_auxiliary, clerk, mayor
):
    authorization, auxiliary = holder_with_auxiliary
    holder = authorization.holder
    register_row = Deadline.objects.create(
        authorization=authorization, kind="renewal.expiry", label="IM", article="Art. 18",
        due_on=dt.date(2026, 9, 1), counting=Deadline.Counting.FIXED_DATE,
    )
    # Given a revocation the system opened for the vehicle's age (Art. 12)
    case = _system_opened(authorization)
    assert (case.state, case.opened_by_system, case.applicant) == (
        RevocationState.OPENED, True, holder
    )
    # When the letter goes out and the AR shows delivery on 16 April
    case = _notified(case, clerk)
    # Then the 10 business days of §2 end on 4 May, as a row the sweeper watches
    assert (case.state, case.received_on, case.defence_due_on) == (
        RevocationState.NOTIFIED, DELIVERED_ON, LAST_DAY
    )
    window = Deadline.objects.get(case=case)
    assert (window.kind, window.due_on, window.counting, window.article, window.state) == (
        "revocation.defence_window", LAST_DAY, Deadline.Counting.BUSINESS_DAYS, "Art. 59 §2",
        Deadline.State.PENDING,
    )
    mail = Notification.objects.get(case=case, template="revocation_window")
    assert "04/05/2026" in mail.body and "Art. 59 §2" in mail.body
    # When the driver files his appeal on the last day
    with _at(LAST_DAY, 17):
        case_act(case=case, action="file_defence", actor=holder.user,
                 defence="O veículo foi substituído em dezembro; segue o CRLV.")
    case.refresh_from_db()
    assert (case.state, case.defence_filed_on) == (RevocationState.DEFENCE_FILED, LAST_DAY)
    window.refresh_from_db()
    assert window.state == Deadline.State.CANCELLED
    # And the mayor revokes on the record two days later
    with _at(dt.date(2026, 5, 6)):
        case_act(case=case, action="revoke", actor=mayor,
                 note="O CRLV juntado é do mesmo veículo, fabricado em 2017.", password=PASSWORD)
    case.refresh_from_db()
    # The decision waits for the appeal against the measure (Art. 59 §2; issue 9 item 8)
    assert (case.state, case.decided_on, case.closed_at) == (
        RevocationState.DECIDED, dt.date(2026, 5, 6), None
    )
    assert Authorization.objects.get(pk=authorization.pk).status == Authorization.Status.ACTIVE
    case = _appeal_denied(case, mayor, dt.date(2026, 5, 6))
    assert (case.state, case.revoked_on, case.closed_at is not None) == (
        RevocationState.REVOKED, dt.date(2026, 5, 6), True
    )
    assert case.decision_grounds == "O CRLV juntado é do mesmo veículo, fabricado em 2017."
    # Then the authorization ended that day, its register deadline is cancelled and the
    # auxiliary's binding ended with it (Art. 27 §1)
    authorization.refresh_from_db()
    assert (authorization.status, authorization.ended_on) == (
        Authorization.Status.REVOKED, dt.date(2026, 5, 6)
    )
    register_row.refresh_from_db()
    assert register_row.state == Deadline.State.CANCELLED
    binding = AuxiliaryBinding.objects.get(auxiliary=auxiliary)
    assert (binding.ended_on, binding.end_reason) == (
        dt.date(2026, 5, 6), AuxiliaryBinding.EndReason.AUTHORIZATION_ENDED
    )
    # And the holder is barred for 5 years, until 6 May 2031 inclusive (§5)
    barred = driver_requirements_unmet(holder, on=dt.date(2031, 5, 6))
    assert [(u.article, u.message) for u in barred] == [
        ("Art. 59 §5", "Impedido de nova autorização até 06/05/2031 (evento em 06/05/2026).")
    ]
    assert driver_requirements_unmet(holder, on=dt.date(2031, 5, 7)) == []
    # And the decision went out as a registered letter stating the appeal of §2
    decision = Notification.objects.get(case=case, template="revocation_decided",
                                        channel=Notification.Channel.REGISTERED_POST)
    assert decision.legal and "Art. 59 §2" in decision.body and "10 dias úteis" in decision.body
    assert list(
        AuditEvent.objects.filter(case=case).order_by("at", "id").values_list("transition",
                                                                              flat=True)
    ) == [
        # The clerk signs the notice's letter, the mayor his decision's (issue 21).
        "open", "send_notice", "document_signed", "notice_letter_written", "letter_posted",
        "return_receipt", "notify", "file_defence", "revoke", "notice_letter_written",
        "document_signed", "appeal_decision",
        "deny_decision_appeal", "authorization_revoked", "auxiliary_unbound",
    ]


def test_the_decisions_ar_does_not_restart_the_window_art59_p2(authorization, clerk, mayor):
    case = _notified(_system_opened(authorization), clerk)
    with _at(dt.date(2026, 5, 5)):
        deadlines_sweep(today=dt.date(2026, 5, 5))
        case_act(
            case=case,
            action="dismiss",
            actor=mayor,
            note="Veículo já substituído.",
            password=PASSWORD,
        )
        decision = Notification.objects.get(
            case=case, template="revocation_decided", channel=Notification.Channel.REGISTERED_POST
        )
        letter_record_posting(
            notification=decision,
            actor=clerk,
            tracking_code="JT876543216BR",
            posted_on=dt.date(2026, 5, 5),
        )
        letter_record_receipt(
            notification=decision,
            actor=clerk,
            delivered_on=dt.date(2026, 5, 5),
            receiver_name="Maria",
            ar_attached_on=dt.date(2026, 5, 5),
        )
    case.refresh_from_db()
    assert (case.state, case.received_on) == (RevocationState.DISMISSED, DELIVERED_ON)


def test_the_window_closing_without_appeal_leaves_the_decision_to_the_mayor_art59_p2_p3(
    authorization, clerk, mayor
):
    case = _notified(_system_opened(authorization), clerk)
    # The last day is still open
    assert deadlines_sweep(today=LAST_DAY).processed == 0
    # The day after, the system closes the window — and revokes nothing by itself
    with _at(dt.date(2026, 5, 5)):
        assert deadlines_sweep(today=dt.date(2026, 5, 5)).applied == 1
    case.refresh_from_db()
    assert case.state == RevocationState.WINDOW_CLOSED
    assert Authorization.objects.get(pk=authorization.pk).status == Authorization.Status.ACTIVE
    event = AuditEvent.objects.get(case=case, transition="close_window")
    assert (event.actor, event.article) == (None, "Art. 59 §2")
    with _at(dt.date(2026, 5, 7)):
        case_act(
            case=case,
            action="revoke",
            actor=mayor,
            note="Sem recurso; idade comprovada.",
            password=PASSWORD,
        )
    assert Authorization.objects.get(pk=authorization.pk).status == Authorization.Status.ACTIVE
    _appeal_denied(case, mayor, dt.date(2026, 5, 7))
    assert Authorization.objects.get(pk=authorization.pk).status == Authorization.Status.REVOKED


def test_an_appeal_after_the_last_day_is_refused_even_before_the_sweep_art59_p2(
    authorization, clerk
):
    case = _notified(_system_opened(authorization), clerk)
    before = _snapshot(case)
    with _at(dt.date(2026, 5, 5)), pytest.raises(RuleViolation) as refused:
        case_act(
            case=case,
            action="file_defence",
            actor=authorization.holder.user,
            defence="Tarde demais.",
        )
    assert (refused.value.code, refused.value.article) == ("appeal_late", "Art. 59 §2")
    assert "04/05/2026" in str(refused.value)
    assert _snapshot(case) == before


def test_the_mayor_dismisses_and_nothing_happens_to_the_registers_art59_p3(
    holder_with_auxiliary, clerk, mayor
):
    authorization, _auxiliary = holder_with_auxiliary
    case = _notified(_system_opened(authorization), clerk)
    case_act(case=case, action="file_defence", actor=clerk, defence="Recurso no balcão.")
    case_act(
        case=case,
        action="dismiss",
        actor=mayor,
        note="O veículo foi substituído a tempo.",
        password=PASSWORD,
    )
    case.refresh_from_db()
    assert (case.state, case.closed_at is not None) == (RevocationState.DISMISSED, True)
    assert Authorization.objects.get(pk=authorization.pk).status == Authorization.Status.ACTIVE
    assert AuxiliaryBinding.objects.get().ended_on is None
    assert (
        driver_requirements_unmet(authorization.holder, on=dt.date(2026, 6, 1), keep=authorization)
        == []
    )
    decision = Notification.objects.get(
        case=case, template="revocation_decided", channel=Notification.Channel.REGISTERED_POST
    )
    assert "arquivado sem cassação" in decision.body


# --- Who may decide, and when ----------------------------------------------------------------


def test_a_driver_cannot_decide_his_own_revocation_403_art59_p3(authorization, clerk, api):
    case = _notified(_system_opened(authorization), clerk)
    case_act(case=case, action="file_defence", actor=clerk, defence="Recurso.")
    before = _snapshot(case)
    with pytest.raises(NotPermitted):
        case_act(
            case=case,
            action="revoke",
            actor=authorization.holder.user,
            note="Eu mesmo.",
            password=PASSWORD,
        )
    response = api(authorization.holder.user).post(
        f"/api/cases/{case.pk}/actions/dismiss/",
        {"note": "Arquivo o meu processo.", "password": PASSWORD},
    )
    assert response.status_code == 403
    assert _snapshot(case) == before


def test_the_mayor_cannot_revoke_while_the_window_runs_409_art59_p2(
    authorization, clerk, mayor, api
):
    case = _notified(_system_opened(authorization), clerk)
    before = _snapshot(case)
    response = api(mayor).post(
        f"/api/cases/{case.pk}/actions/revoke/", {"note": "Já decido.", "password": PASSWORD}
    )
    assert response.status_code == 409
    assert response.json()["article"] == "Art. 59 §3; Art. 59 §5"
    with pytest.raises(StateConflict):
        case_act(case=case, action="send_notice", actor=clerk, password=PASSWORD)
    assert _snapshot(case) == before


def test_a_decided_case_refuses_every_further_step_409(authorization, clerk, mayor):
    case = _notified(_system_opened(authorization), clerk)
    case_act(case=case, action="file_defence", actor=clerk, defence="Recurso.")
    case_act(
        case=case, action="revoke", actor=mayor, note="Fundamentado nos autos.", password=PASSWORD
    )
    before = _snapshot(case)
    for action, actor, inputs in (
        ("dismiss", mayor, {"note": "Arrependido."}),
        ("revoke", mayor, {"note": "De novo."}),
        ("file_defence", authorization.holder.user, {"defence": "Outro recurso."}),
    ):
        with pytest.raises(StateConflict):
            case_act(case=case, action=action, actor=actor, **inputs)
    assert _snapshot(case) == before


def test_the_decision_must_be_grounded_on_the_record_art59_p3(authorization, clerk, mayor):
    case = _notified(_system_opened(authorization), clerk)
    case_act(case=case, action="file_defence", actor=clerk, defence="Recurso.")
    before = _snapshot(case)
    with pytest.raises(RuleViolation):
        case_act(case=case, action="revoke", actor=mayor, note="  ", password=PASSWORD)
    assert _snapshot(case) == before


def test_an_authorization_that_already_ended_cannot_be_revoked_409(authorization, clerk, mayor):
    from registers.services.authorizations import authorization_end

    case = _notified(_system_opened(authorization), clerk)
    case_act(case=case, action="file_defence", actor=clerk, defence="Recurso.")
    other = _system_opened(authorization, article="Art. 59 V d")
    assert other.pk  # a second ground open on the same authorization
    authorization_end(authorization=authorization, status="revoked", on=dt.date(2026, 4, 13))
    with pytest.raises(StateConflict):
        case_act(case=case, action="revoke", actor=mayor, note="Fundamentado.", password=PASSWORD)
    assert RevocationCase.objects.get(pk=case.pk).state == RevocationState.DEFENCE_FILED


# --- Opening -----------------------------------------------------------------------------


def test_the_system_opens_one_case_per_ground_while_it_is_open_art59_v(authorization):
    first = _system_opened(authorization)
    assert _system_opened(authorization) == first
    assert _system_opened(authorization, article="Art. 59 V d") != first
    assert RevocationCase.objects.count() == 2


def test_a_clerk_opens_a_revocation_for_driving_while_suspended_art59_v_c(
    authorization, clerk, api
):
    response = api(clerk).post(
        "/api/revocations/",
        {
            "authorization": authorization.pk,
            "ground": "Art. 59 V c",
            "reason": "Flagrado em serviço em 10/04/2026, durante a suspensão do auto 2026/000012.",
        },
        format="json",
    )
    assert response.status_code == 201, response.content
    case = RevocationCase.objects.get(pk=response.json()["id"])
    assert (case.state, case.ground_article, case.opened_by_system, case.filed_by) == (
        RevocationState.OPENED,
        "Art. 59 V c",
        False,
        clerk,
    )
    assert case.applicant == authorization.holder and case.auxiliary is None
    opening = AuditEvent.objects.get(case=case)
    assert (opening.transition, opening.article, opening.actor) == ("open", "Art. 59 V c", clerk)
    # The same ground cannot be opened twice while the first is open
    again = api(clerk).post(
        "/api/revocations/",
        {
            "authorization": authorization.pk,
            "ground": "Art. 59 V c",
            "reason": "De novo.",
        },
        format="json",
    )
    assert again.status_code == 409
    assert RevocationCase.objects.count() == 1


def test_only_a_clerk_opens_by_hand_and_only_on_the_manual_grounds(authorization, api):
    driver = authorization.holder.user
    response = api(driver).post(
        "/api/revocations/",
        {
            "authorization": authorization.pk,
            "ground": "Art. 59 V b",
            "reason": "Eu mesmo.",
        },
        format="json",
    )
    assert response.status_code == 403
    clerk = UserFactory(role=Role.CLERK)
    with pytest.raises(RuleViolation):
        revocation_file(
            actor=clerk, authorization=authorization, ground="Art. 59 V d", reason="Pontos."
        )
    with pytest.raises(RuleViolation):
        revocation_file(actor=clerk, authorization=authorization, ground="Art. 59 V b", reason=" ")
    assert not RevocationCase.objects.exists()


def test_the_clerks_page_opens_a_revocation_art59_v_b(authorization, clerk, client):
    client.force_login(authorization.holder.user)
    assert client.get(reverse("revocation-new")).status_code == 302
    client.force_login(clerk)
    page = client.get(reverse("revocation-new"))
    assert page.status_code == 200 and "Art. 59 V b" in page.content.decode()
    response = client.post(
        reverse("revocation-new"),
        {
            "authorization": authorization.number.lower(),
            "ground": "Art. 59 V b",
            "reason": "Três notificações de regularização descumpridas.",
        },
    )
    case = RevocationCase.objects.get()
    assert response.status_code == 302 and response.url == reverse("case", args=[case.pk])
    assert case.ground_article == "Art. 59 V b" and case.authorization == authorization


def test_the_clerk_types_the_termo_by_its_plate_and_the_auxiliary_by_cpf_art59_v_art27_p2(
    holder_with_auxiliary, clerk, client
):
    authorization, auxiliary = holder_with_auxiliary
    client.force_login(clerk)
    plate = authorization.vehicle.display_plate.lower()
    response = client.post(
        reverse("revocation-new"),
        {
            "authorization": plate,
            "auxiliary": format_cpf(auxiliary.cpf),
            "ground": "Art. 59 V c",
            "reason": "O auxiliar conduziu o táxi durante a suspensão.",
        },
    )
    case = RevocationCase.objects.get()
    assert response.status_code == 302
    assert (case.authorization, case.auxiliary) == (authorization, auxiliary)


def test_the_page_does_not_list_the_fleet_and_an_unknown_termo_is_said_art59_v(
    authorization, clerk, client
):
    other = AuthorizationFactory()
    client.force_login(clerk)
    page = client.get(reverse("revocation-new")).content.decode()
    assert other.number not in page and authorization.number not in page
    response = client.post(
        reverse("revocation-new"),
        {
            "authorization": "TA-9999",
            "auxiliary": "111.111.111-11",
            "ground": "Art. 59 V b",
            "reason": "Fatos.",
        },
    )
    body = response.content.decode()
    assert response.status_code == 400
    assert "Nenhum Termo em vigor com o número ou a placa TA-9999." in body
    assert "CPF inválido" in body
    assert not RevocationCase.objects.exists()


# --- The auxiliary as the one revoked (Art. 27 §2) --------------------------------------------


def test_revoking_the_auxiliary_ends_his_binding_and_bars_him_5_years_art59_p5_art27_p4(
    holder_with_auxiliary, clerk, mayor
):
    authorization, auxiliary = holder_with_auxiliary
    case = revocation_file(
        actor=clerk,
        authorization=authorization,
        ground="Art. 59 V c",
        auxiliary=auxiliary,
        reason="O auxiliar conduziu o táxi durante a suspensão.",
    )
    assert (case.applicant, case.auxiliary) == (auxiliary, auxiliary)
    case = _notified(case, clerk)
    assert (
        Notification.objects.get(
            case=case, template="revocation_notice", channel=Notification.Channel.REGISTERED_POST
        ).recipient
        == auxiliary
    )
    with _at(dt.date(2026, 5, 5)):
        deadlines_sweep(today=dt.date(2026, 5, 5))
        case_act(
            case=case,
            action="revoke",
            actor=mayor,
            note="Conduta comprovada nos autos.",
            password=PASSWORD,
        )
    _appeal_denied(RevocationCase.objects.get(pk=case.pk), mayor, dt.date(2026, 5, 5))
    assert RevocationCase.objects.get(pk=case.pk).state == RevocationState.REVOKED
    assert Authorization.objects.get(pk=authorization.pk).status == Authorization.Status.ACTIVE
    binding = AuxiliaryBinding.objects.get()
    assert (binding.ended_on, binding.end_reason) == (
        dt.date(2026, 5, 5),
        AuxiliaryBinding.EndReason.REVOKED,
    )
    # Barred 5 years from any authorization (Art. 59 §5, Art. 27 §4): until 5 May 2031
    expected = [
        ("Art. 59 §5", "Impedido de nova autorização até 05/05/2031 (evento em 05/05/2026).")
    ]
    for as_auxiliary in (True, False):
        barred = driver_requirements_unmet(
            auxiliary, on=dt.date(2031, 5, 5), as_auxiliary=as_auxiliary
        )
        assert [(u.article, u.message) for u in barred if u.article.startswith("Art. 59")] == (
            expected
        )
    assert not [
        u
        for u in driver_requirements_unmet(auxiliary, on=dt.date(2031, 5, 6), as_auxiliary=True)
        if u.article.startswith(("Art. 59", "Art. 27"))
    ]
    decision = Notification.objects.get(
        case=case, template="revocation_decided", channel=Notification.Channel.REGISTERED_POST
    )
    assert decision.recipient == auxiliary
    effective = Notification.objects.get(case=case, template="revocation_effective")
    assert "05/05/2031" in effective.body and "Art. 59 §5" in effective.body


def test_an_auxiliary_must_be_bound_to_the_authorization_art27(authorization, clerk):
    stranger = DriverFactory(kind="auxiliary")
    with pytest.raises(RuleViolation):
        revocation_file(
            actor=clerk,
            authorization=authorization,
            ground="Art. 59 V b",
            auxiliary=stranger,
            reason="Não é deste táxi.",
        )
    assert not RevocationCase.objects.exists()


# --- After a revocation ----------------------------------------------------------------------


def test_other_open_revocations_of_the_authorization_lapse_art59_v(authorization, clerk, mayor):
    by_age = _notified(_system_opened(authorization), clerk)
    by_points = _system_opened(authorization, article="Art. 59 V d")
    case_act(case=by_age, action="file_defence", actor=clerk, defence="Recurso.")
    case_act(case=by_age, action="revoke", actor=mayor, note="Fundamentado.", password=PASSWORD)
    _appeal_denied(RevocationCase.objects.get(pk=by_age.pk), mayor, dt.date(2026, 4, 13))
    by_points.refresh_from_db()
    assert (by_points.state, by_points.closed_at is not None) == (RevocationState.LAPSED, True)
    lapse = AuditEvent.objects.get(case=by_points, transition="lapse")
    assert lapse.actor is None and by_age.number in lapse.note


def test_a_revocation_frees_a_place_for_the_waiting_list_art22_p2(
    authorization, clerk, mayor, monkeypatch
):
    # What the application kind's `on_authorization_end` calls.
    from workflows.application import workflow as application_workflow

    calls = []
    monkeypatch.setattr(
        application_workflow, "fleet_place_freed", lambda *, today: calls.append(today)
    )
    case = _notified(_system_opened(authorization), clerk)
    case_act(case=case, action="file_defence", actor=clerk, defence="Recurso.")
    with _at(dt.date(2026, 4, 22)):
        case_act(case=case, action="revoke", actor=mayor, note="Fundamentado.", password=PASSWORD)
    assert calls == []
    _appeal_denied(RevocationCase.objects.get(pk=case.pk), mayor, dt.date(2026, 4, 22))
    assert calls == [dt.date(2026, 4, 22)]


@pytest.mark.django_db(transaction=True)
def test_revoke_and_dismiss_at_once_one_decides_the_other_conflicts_art59_p3():
    case = RevocationCaseFactory(window_closed=True)
    first, second = UserFactory(role=Role.MAYOR), UserFactory(role=Role.MAYOR)
    barrier = threading.Barrier(2)
    outcomes: dict[str, str] = {}

    def act(user, action):
        try:
            barrier.wait(timeout=10)
            case_act(
                case=case,
                action=action,
                actor=user,
                note="Fundamentado nos autos.",
                password=PASSWORD,
            )
            outcomes[action] = "applied"
        except StateConflict:
            outcomes[action] = "conflict"
        finally:
            connection.close()

    threads = [
        threading.Thread(target=act, args=(first, "revoke")),
        threading.Thread(target=act, args=(second, "dismiss")),
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    assert sorted(outcomes.values()) == ["applied", "conflict"]
    winner = next(a for a, o in outcomes.items() if o == "applied")
    expected = {
        # Art. 59 §2: the decision opens its appeal window; the Termo stays until it closes.
        "revoke": (RevocationState.DECIDED, Authorization.Status.ACTIVE),
        "dismiss": (RevocationState.DISMISSED, Authorization.Status.ACTIVE),
    }
    case.refresh_from_db()
    assert (case.state, Authorization.objects.get(pk=case.authorization_id).status) == (
        expected[winner]
    )
    assert AuditEvent.objects.filter(case=case, transition__in=["revoke", "dismiss"]).count() == 1
