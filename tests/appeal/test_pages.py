"""The portal's "Recorrer" (Art. 63), the filing page, the dossier and the vote form."""

from __future__ import annotations

import datetime as dt

import pytest
from django.test import Client

from tests.appeal.factories import filed_appeal, notified_notice, pdf
from tests.factories import PASSWORD
from workflows.appeal.models import AppealCase, AppealState, Vote
from workflows.violation.models import ViolationNotice, ViolationState

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_20_april_2026")]


def _client(user):
    client = Client()
    client.force_login(user)
    return client


def test_the_portal_lists_the_notices_open_to_appeal_with_their_last_day_art63():
    notice = notified_notice()
    late = notified_notice(authorization=notice.authorization, received_on=dt.date(2026, 3, 2))
    client = _client(notice.applicant.user)
    portal = client.get("/portal/").content.decode()
    assert 'href="/portal/recursos/"' in portal  # the kind's filing entry
    page = client.get("/portal/recursos/").content.decode()
    assert "20/05/2026" in page and f'href="/portal/recursos/auto/{notice.pk}/"' in page
    assert "Prazo encerrado em 15/04/2026" in page
    assert f'href="/portal/recursos/auto/{late.pk}/"' not in page


def test_a_driver_files_through_the_portal_page_art63_art64():
    notice = notified_notice()
    client = _client(notice.applicant.user)
    url = f"/portal/recursos/auto/{notice.pk}/"
    form = client.get(url).content.decode()
    assert "Recurso contra o Auto de Infração" in form and "20/05/2026" in form
    assert "Testemunha 3" in form and "procurador" not in form.lower()
    response = client.post(
        url,
        {
            "qualification": "Fulano, taxista.",
            "facts_and_law": "A tabela estava afixada.",
            "diligences": "Ouvir o agente.\nRequisitar as fotos.",
            "witness_1_name": "Beltrano",
            "witness_1_qualification": "passageiro",
            "documents": [pdf("foto.pdf")],
        },
    )
    appeal = AppealCase.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/recursos/{appeal.pk}/"
    assert appeal.diligences.count() == 2 and appeal.witnesses.count() == 1
    assert ViolationNotice.objects.get(pk=notice.pk).state == ViolationState.APPEALED
    dossier = client.get(response["Location"]).content.decode()
    assert "Requisitar as fotos." in dossier and "Beltrano" in dossier


def test_a_refused_filing_shows_the_reason_on_the_page_art64():
    notice = notified_notice()
    response = _client(notice.applicant.user).post(
        f"/portal/recursos/auto/{notice.pk}/", {"qualification": "Fulano"}
    )
    assert response.status_code == 400
    assert "razões de fato e de direito" in response.content.decode()
    assert not AppealCase.objects.exists()


def test_a_member_votes_with_the_generic_action_form_art52(members):
    appeal = filed_appeal()
    client = _client(members[0])
    client.post(f"/processos/{appeal.pk}/acao/open_voting/")
    assert AppealCase.objects.get(pk=appeal.pk).state == AppealState.VOTING
    page = client.get(f"/recursos/{appeal.pk}/").content.decode()
    assert 'data-action="vote"' in page and 'name="reason"' in page
    assert '<option value="partially_granted">' in page
    case_page = client.get(f"/processos/{appeal.pk}/").content.decode()
    assert 'data-action="vote"' in case_page
    response = client.post(
        f"/processos/{appeal.pk}/acao/vote/",
        {"vote": "denied", "reason": "As fotos bastam.", "password": PASSWORD},
    )
    assert response.status_code == 302
    assert list(Vote.objects.values_list("seat", "vote", "reason")) == [
        ("I", "denied", "As fotos bastam.")
    ]


def test_a_clerk_files_an_attorneys_appeal_at_the_counter_page_art63_p2(clerk):
    notice = notified_notice()
    client = _client(clerk)
    url = f"/portal/recursos/auto/{notice.pk}/"
    assert "Instrumento de mandato específico" in client.get(url).content.decode()
    fields = {
        "filer_kind": "attorney",
        "attorney_name": "Dra. Ana Souza",
        "attorney_document": "OAB/ES 12.345",
        "qualification": "Fulano, por sua procuradora.",
        "facts_and_law": "Razões.",
    }
    # without the mandate: refused on the page, nothing written
    response = client.post(url, fields)
    assert response.status_code == 400 and "mandato" in response.content.decode()
    assert not AppealCase.objects.exists()
    response = client.post(url, {**fields, "mandate": pdf("procuracao.pdf")})
    assert response.status_code == 302
    appeal = AppealCase.objects.get()
    assert (appeal.filer_kind, appeal.attorney_name) == ("attorney", "Dra. Ana Souza")


def test_the_appeal_list_costs_the_same_queries_for_one_or_many_appeals(clerk):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext
    from rest_framework.test import APIClient

    api = APIClient()
    api.force_authenticate(clerk)

    def count():
        with CaptureQueriesContext(connection) as queries:
            assert api.get("/api/appeals/").status_code == 200
        return len(queries)

    filed_appeal(witnesses=[], diligences=["Ouvir o agente."])
    count()  # the first request also reads the clerk's roles, cached on the user after it
    one = count()
    for _ in range(3):
        filed_appeal(diligences=["Ouvir o agente."])
    assert count() == one
