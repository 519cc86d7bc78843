"""Art. 24 §2: the holder communicates a judicial seizure of the vehicle, with the court
order, within 30 days; that communication is what lets him substitute the vehicle on
that ground (issue 9, item 14)."""

from __future__ import annotations

import datetime as dt

import pytest

from cases.errors import RuleViolation
from cases.models import AuditEvent, Deadline, Document
from tests.substitution.factories import crlv, new_vehicle
from workflows.substitution.models import SubstitutionCase, SubstitutionState, SubstitutionTrigger
from workflows.substitution.seizure import substitution_seizure_communicate
from workflows.substitution.services import substitution_file

pytestmark = pytest.mark.django_db

SEIZED = dt.date(2026, 3, 5)  # 30 days end on Saturday 04/04: the last day is 06/04/2026


def order(name="mandado.pdf"):
    return crlv(name)


def test_art_24_p2_a_seizure_communicated_within_30_days_opens_the_substitution(driver):
    # When the holder communicates on the last day, with the court order
    case = substitution_seizure_communicate(
        actor=driver.user, driver=driver, seized_on=SEIZED, order=order(),
        today=dt.date(2026, 4, 6),
    )
    # Then a substitution case waits for the new vehicle, on that ground
    assert (case.state, case.trigger, case.seized_on, case.old_vehicle_id) == (
        SubstitutionState.AWAITING_VEHICLE, SubstitutionTrigger.JUDICIAL_SEIZURE, SEIZED,
        driver.authorizations.get().vehicle_id,
    )
    assert Document.objects.get(case=case).item == "court_order"
    # and the case shows the 30-day deadline from the seizure, met
    row = Deadline.objects.get(case=case)
    assert (row.due_on, row.article, row.state, row.rule, row.starts_on) == (
        dt.date(2026, 4, 6), "Art. 24 §2", Deadline.State.DONE,
        "judicial_seizure_communication", SEIZED,
    )
    event = AuditEvent.objects.get(case=case, transition="judicial_seizure_communicated")
    assert event.article == "Art. 24 §2"
    assert event.data == {"seized_on": "2026-03-05", "communicated_on": "2026-04-06",
                          "last_day": "2026-04-06"}
    # and the holder's filing of the new vehicle completes the same case
    filed = substitution_file(actor=driver.user, driver=driver, vehicle=new_vehicle(),
                              crlv=crlv(), today=dt.date(2026, 4, 10))
    assert (filed.pk, filed.state) == (case.pk, SubstitutionState.FILED)


def test_art_24_p2_a_communication_after_30_days_is_refused_with_the_article(driver):
    with pytest.raises(RuleViolation) as refused:
        substitution_seizure_communicate(
            actor=driver.user, driver=driver, seized_on=SEIZED, order=order(),
            today=dt.date(2026, 4, 7),
        )
    assert refused.value.article == "Art. 24 §2"
    assert "06/04/2026" in refused.value.message
    assert not SubstitutionCase.objects.exists() and not Document.objects.exists()


def test_art_24_p2_the_court_order_is_required(driver):
    with pytest.raises(RuleViolation) as refused:
        substitution_seizure_communicate(
            actor=driver.user, driver=driver, seized_on=SEIZED, order=None,
            today=dt.date(2026, 3, 10),
        )
    assert refused.value.article == "Art. 24 §2"
    assert not SubstitutionCase.objects.exists()


def test_art_24_p2_the_counter_takes_the_communication_through_the_api(api, driver, clerk):
    response = api(clerk).post(
        "/api/substitutions/judicial-seizure/",
        {"driver": driver.pk, "seized_on": "2026-03-05", "order": order()},
        format="multipart",
    )
    # (today is the real day, long after 06/04/2026: refused, nothing written)
    assert response.status_code == 400, response.content
    assert "Art. 24 §2" in response.content.decode()
    assert not SubstitutionCase.objects.exists()


def test_art_24_p2_the_portal_takes_the_communication(client, driver):
    import time_machine
    from django.utils import timezone

    client.force_login(driver.user)
    with time_machine.travel(dt.datetime(2026, 3, 20, 10, tzinfo=timezone.get_default_timezone()),
                             tick=False):
        page = client.get("/portal/substituicao/apreensao-judicial/")
        assert page.status_code == 200
        assert "Art. 24" in page.content.decode()
        response = client.post(
            "/portal/substituicao/apreensao-judicial/",
            {"seized_on": "2026-03-05", "order": order(), "note": ""},
        )
    assert response.status_code == 302, response.content.decode()[:2000]
    case = SubstitutionCase.objects.get()
    assert response["Location"] == f"/processos/{case.pk}/" or str(case.pk) in response["Location"]
    assert case.trigger == SubstitutionTrigger.JUDICIAL_SEIZURE
