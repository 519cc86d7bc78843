"""The level each act needs (issue 22, point 2), in one table, checked in one place
(`case_open`) for pages and API alike: a citizen below it is told which level he needs and
how to raise it, comes back to the act after raising it, and the level used is on the
act's timeline. gov.br's levels: Decreto 10.543/2020, Art. 4 (simple, advanced and
qualified signatures) maps onto bronze, prata and ouro accounts."""

from __future__ import annotations

import datetime as dt
from urllib.parse import quote

import pytest
from django.test import Client
from django.utils import timezone

from cases.models import AuditEvent
from identity.levels import Act, Level, act_levels
from tests.appeal.factories import notified_notice
from tests.identity.journey import provider_round_trip, signed_in_user_id
from workflows.appeal.models import AppealCase

pytestmark = pytest.mark.django_db

APPEAL = {
    "qualification": "Fulano, taxista.",
    "facts_and_law": "A tabela estava afixada.",
    "diligences": ["Ouvir o agente."],
    "witnesses": [],
}


def test_the_table_by_default_and_as_the_municipality_sets_it(settings):
    assert act_levels() == {
        Act.COMPLAINT: Level.NONE,
        Act.REQUEST: Level.PRATA,
        Act.APPEAL: Level.PRATA,
        Act.TRANSFER: Level.PRATA,
        Act.CANCELLATION: Level.PRATA,
        Act.TERMO_SIGNATURE: Level.PRATA,
    }
    settings.ASSURANCE_STRICT_LEVEL = "ouro"
    settings.ASSURANCE_LEVELS = {"complaint": "bronze"}
    table = act_levels()
    assert (table[Act.APPEAL], table[Act.TERMO_SIGNATURE], table[Act.REQUEST]) == (
        Level.OURO,
        Level.OURO,
        Level.PRATA,
    )
    assert table[Act.COMPLAINT] == Level.BRONZE


def _notice_and_driver_cpf():
    notice = notified_notice(received_on=timezone.localdate() - dt.timedelta(days=1))
    holder = notice.applicant
    holder.user = None
    holder.save(update_fields=["user"])
    return notice, holder.cpf


def test_an_appeal_at_bronze_is_refused_and_accepted_after_raising_to_prata_art63(govbr):
    """Art. 63: the appeal is the driver's own act; the municipality asks prata of it."""
    notice, cpf = _notice_and_driver_cpf()
    govbr.set_level(cpf, 1)
    client = Client()
    provider_round_trip(client, govbr, cpf=cpf)
    assert signed_in_user_id(client) is not None
    act = f"/portal/recursos/auto/{notice.pk}/"
    # The page: sent to the level page, which says what is needed and how to raise it.
    refused = client.post(act, {**APPEAL, "diligences": "Ouvir o agente."}, HTTP_REFERER=act)
    assert refused.status_code == 302
    assert refused["Location"] == f"/conta/nivel/?nivel=prata&next={quote(act, safe='')}"
    page = client.get(refused["Location"])
    text = page.content.decode()
    assert page.status_code == 403
    assert "nível prata" in text and "bronze" in text
    assert f'href="{govbr.base}/nivel/"' in text
    assert f"/entrar/com/govbr/?next={quote(act, safe='')}" in text
    # The API: 403 with its code; nothing written either way.
    api = client.post(
        "/api/appeals/", {"notice": notice.pk, **APPEAL}, content_type="application/json"
    )
    assert (api.status_code, api.json()["code"]) == (403, "assurance_level_too_low")
    assert "prata" in api.json()["detail"]
    assert not AppealCase.objects.exists()
    # He raises his account to prata at gov.br and logs in again: back at the act.
    govbr.set_level(cpf, 2)
    back = provider_round_trip(client, govbr, cpf=cpf, next_url=quote(act, safe=""))
    assert (back.status_code, back["Location"]) == (302, act)
    filed = client.post(
        "/api/appeals/", {"notice": notice.pk, **APPEAL}, content_type="application/json"
    )
    assert filed.status_code == 201, filed.content
    opened = AuditEvent.objects.get(case_id=filed.json()["id"], transition="open")
    assert (opened.data["assurance_level"], opened.data["identity_provider"]) == ("prata", "govbr")


def test_a_local_password_session_counts_as_no_level_once_gov_br_is_on(govbr):
    notice, _cpf = _notice_and_driver_cpf()
    from tests.factories import UserFactory

    user = UserFactory()
    notice.applicant.user = user
    notice.applicant.save(update_fields=["user"])
    client = Client()
    client.force_login(user)
    api = client.post(
        "/api/appeals/", {"notice": notice.pk, **APPEAL}, content_type="application/json"
    )
    assert (api.status_code, api.json()["code"]) == (403, "assurance_level_too_low")


def test_without_a_provider_the_levels_ask_nothing(settings):
    settings.IDENTITY_PROVIDERS = {}
    notice = notified_notice(received_on=timezone.localdate() - dt.timedelta(days=1))
    client = Client()
    client.force_login(notice.applicant.user)
    api = client.post(
        "/api/appeals/", {"notice": notice.pk, **APPEAL}, content_type="application/json"
    )
    assert api.status_code == 201, api.content
    opened = AuditEvent.objects.get(case_id=api.json()["id"], transition="open")
    assert "assurance_level" not in opened.data


def test_every_kind_a_citizen_opens_is_an_act_of_the_table():
    """Walks the registered workflow tables: each kind is an act the table names, so a
    new kind is checked by case_open without a list to keep."""
    from cases.workflow import all_workflows
    from identity.levels import act_of_kind

    table = act_levels()
    assert all(act_of_kind(w.kind) in table for w in all_workflows())
    assert act_of_kind("complaint") == Act.COMPLAINT
    assert act_of_kind("application") == Act.REQUEST
