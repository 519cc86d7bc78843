"""The bank's settlement file records the Pix payments of fines (Art. 55)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from accounts.roles import Role
from cases.services.transitions import case_step
from registers.models import VrteValue
from tests.factories import PASSWORD, AuthorizationFactory, UserFactory
from workflows.violation.models import ViolationNotice, ViolationState
from workflows.violation.services import violation_notice_received, violation_notices_issue

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("roadside_day")]


@pytest.fixture
def notices(agent, clerk, settings):
    settings.FIRST_OFFENCE_WARNING = "as_well"  # item II is fined too (Art. 59 I-II)
    VrteValue.objects.update_or_create(year=2026, defaults={"value": Decimal("4.7465")})
    issued = violation_notices_issue(
        agent=agent, authorization=AuthorizationFactory(), items=["XIII", "II"],
        occurred_at=dt.datetime(2026, 5, 2, 9, tzinfo=dt.UTC), place="Rodoviária",
        password=PASSWORD,
    )
    for notice in issued:
        case_step(case=notice, action="send_notice", actor=clerk)
        violation_notice_received(case=notice, received_on=dt.date(2026, 5, 3), actor=clerk)
    return [ViolationNotice.objects.get(pk=n.pk) for n in issued]


def _upload(client, text: str):
    return client.post(
        "/autos/conciliacao/",
        {"file": SimpleUploadedFile("retorno.csv", text.encode("utf-8"))},
    )


def _outcomes(html: str) -> list[str]:
    return [chunk.split('"')[0] for chunk in html.split('data-outcome="')[1:]]


def test_art_55_a_pix_of_the_fines_amount_pays_it_and_a_wrong_amount_pays_nothing(
    client, clerk, notices
):
    first, second = notices
    client.force_login(clerk)
    text = (
        "txid;valor;data\n"
        f"{first.number.replace('/', '')};{first.fine_reais};03/05/2026\n"
        f"{second.number.replace('/', '')};1,00;03/05/2026\n"
        "9999000001;10,00;03/05/2026\n"
        f"{first.number.replace('/', '')};1e999;03/05/2026\n"
    )

    html = _upload(client, text).content.decode()

    assert _outcomes(html) == ["paid", "amount_mismatch", "not_found", "invalid"]
    first.refresh_from_db()
    second.refresh_from_db()
    # paid within the appeal window: recorded, the window stays open (Art. 63; issue 9 item 7)
    assert (first.state, first.paid_on) == (
        ViolationState.PAID_APPEAL_OPEN, dt.date(2026, 5, 3)
    )
    assert second.state == ViolationState.NOTIFIED


def test_the_same_file_again_pays_nothing_twice(client, clerk, notices):
    first, _ = notices
    client.force_login(clerk)
    text = f"txid;valor;data\n{first.number.replace('/', '')};{first.fine_reais};03/05/2026\n"

    _upload(client, text)
    html = _upload(client, text).content.decode()

    assert _outcomes(html) == ["already_paid"]
    assert first.events.filter(transition__in=["pay", "pay_keeping_appeal"]).count() == 1


@pytest.mark.parametrize("role", [Role.DRIVER, Role.FISCAL_AGENT, Role.COMMISSION_MEMBER])
def test_only_the_secretariat_reconciles(client, role):
    client.force_login(UserFactory(role=role))

    assert client.get("/autos/conciliacao/").status_code == 403
