"""Art. 10 II a on the case page: the clerk reviews the new vehicle's CRLV from its row in
the documents table, and the inspection can then be booked from the same page (Art. 20)."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from cases.models import Document
from inspections.models import Inspection
from tests.factories import AuthorizationFactory
from tests.substitution.factories import crlv, new_vehicle
from workflows.substitution.models import SubstitutionCase, SubstitutionState

pytestmark = pytest.mark.django_db


def _filed_through_the_portal(client):
    holder = AuthorizationFactory().holder
    client.force_login(holder.user)
    data = new_vehicle()
    response = client.post(
        "/portal/substituicao/nova/",
        {
            "plate": data.plate, "renavam": data.renavam, "make": data.make,
            "model": data.model, "manufacture_year": 2025, "doors": 4, "capacity": 5,
            "air_conditioning": "on", "airbag": "on", "colour": "branca", "crlv": crlv(),
        },
    )
    assert response.status_code == 302
    return holder, SubstitutionCase.objects.get()


def test_the_clerk_accepts_the_crlv_on_the_case_page_and_books_the_inspection_art20(
    client, clerk
):
    holder, case = _filed_through_the_portal(client)
    # the holder sees the file but no review form
    assert 'data-testid="review-crlv"' not in client.get(f"/processos/{case.pk}/").content.decode()
    client.force_login(clerk)
    page = client.get(f"/processos/{case.pk}/").content.decode()
    assert 'data-testid="review-crlv"' in page
    assert 'data-action="review_document"' in page
    response = client.post(
        f"/processos/{case.pk}/acao/review_document/", {"item": "crlv", "decision": "accept"}
    )
    assert response.status_code == 302
    assert Document.objects.get(case=case).review == Document.Review.ACCEPTED
    when = (timezone.localtime() + dt.timedelta(days=1)).strftime("%Y-%m-%dT%H:%M")
    client.post(
        f"/processos/{case.pk}/acao/schedule_inspection/", {"when": when, "place": "Pátio"}
    )
    assert SubstitutionCase.objects.get(pk=case.pk).state == SubstitutionState.INSPECTION_SCHEDULED
    assert Inspection.objects.filter(case=case, status=Inspection.Status.SCHEDULED).exists()


def test_refusing_the_crlv_on_the_page_without_a_reason_changes_nothing_art10_II_a(
    client, clerk
):
    _holder, case = _filed_through_the_portal(client)
    client.force_login(clerk)
    response = client.post(
        f"/processos/{case.pk}/acao/review_document/",
        {"item": "crlv", "decision": "reject", "note": ""},
        follow=True,
    )
    assert "Informe o motivo da recusa do documento." in response.content.decode()
    assert Document.objects.get(case=case).review == Document.Review.PENDING
