"""Arts. 17 V and 18: an IM not renewed expires by a system transition; the case is overdue
for the clerks and the public page says the taxi has no valid IM."""

from __future__ import annotations

import datetime as dt
import html
import re
import threading

import pytest
import time_machine
from django.db import connection

from cases.models import AuditEvent, Deadline
from cases.selectors import QueueFilter, case_queue
from cases.services.deadlines import deadlines_sweep
from documents.models import OfficialDocument
from notifications.models import Notification
from registers.models import Authorization, MunicipalRegistration
from tests.renewal.factories import at, filing, im_issued
from workflows.renewal.models import RenewalCase, RenewalState
from workflows.renewal.services import renewal_file

pytestmark = pytest.mark.django_db

EXPIRED_ON = dt.date(2027, 3, 1)  # the first day after the IM's last valid day


def _overdue(clerk, today):
    return list(case_queue(user=clerk, filters=QueueFilter(urgency="overdue"), today=today))


def _standing(client, url: str) -> str:
    page = html.unescape(client.get(url).content.decode())
    found = re.search(r'data-testid="standing">(.*?)</p>', page, re.S)
    assert found, page
    return re.sub(r"<[^>]+>|[✓✕?]", "", found.group(1)).strip()


def test_on_its_last_day_the_im_is_still_valid_art17(im):
    deadlines_sweep(today=dt.date(2027, 1, 29))
    deadlines_sweep(today=dt.date(2027, 2, 28))
    im.refresh_from_db()
    assert im.status == MunicipalRegistration.Status.VALID
    assert RenewalCase.objects.get().state == RenewalState.AWAITING_REQUEST


def test_expiry_makes_the_im_expired_and_puts_the_case_in_the_overdue_queue_art18(im, clerk):
    deadlines_sweep(today=dt.date(2027, 1, 29))  # the 30-day reminder opens the case
    case = RenewalCase.objects.get()
    assert _overdue(clerk, dt.date(2027, 2, 28)) == []
    # When the sweeper runs the day after the last valid day
    report = deadlines_sweep(today=EXPIRED_ON)
    # Then the IM is expired by its system transition and the case moved to "expired"
    assert report.applied == 1
    im.refresh_from_db()
    case.refresh_from_db()
    assert im.status == MunicipalRegistration.Status.EXPIRED
    assert (case.state, case.closed_at) == (RenewalState.EXPIRED, None)
    last = AuditEvent.objects.filter(case=case).order_by("id").last()
    assert (last.transition, last.actor, last.from_state, last.to_state, last.article) == (
        "expire",
        None,
        "awaiting_request",
        "expired",
        "Art. 18",
    )
    assert last.note == f"A IM {im.number} venceu em 28/02/2027 sem renovação."
    # And the clerks see it among the overdue cases
    assert [row.pk for row in _overdue(clerk, EXPIRED_ON)] == [case.pk]
    # And the holder is told, with the articles
    notice = Notification.objects.get(template="renewal_expired")
    assert notice.subject == f"Sua IM {im.number} venceu"
    assert "venceu em 28/02/2027 sem renovação (Art. 18" in notice.body
    assert Deadline.objects.get(kind="renewal.expiry").state == Deadline.State.DONE
    # Sweeping again changes nothing
    assert deadlines_sweep(today=dt.date(2027, 3, 2)).processed == 0


def test_expiry_opens_the_case_when_no_reminder_did_art18(im, clerk):
    # The reminders were moot (the authorization was then suspended, say): no case yet
    Deadline.objects.filter(kind__startswith="renewal.reminder").update(state="moot")
    deadlines_sweep(today=EXPIRED_ON)
    case = RenewalCase.objects.get()
    assert case.state == RenewalState.EXPIRED
    assert list(AuditEvent.objects.filter(case=case).values_list("transition", flat=True)) == [
        "open",
        "expire",
    ]
    assert [row.pk for row in _overdue(clerk, EXPIRED_ON)] == [case.pk]


def test_the_public_page_says_the_im_expired_art17(client, im):
    plate = im.vehicle.plate
    code = OfficialDocument.objects.get(registration=im).verification_code
    with time_machine.travel(at(dt.date(2027, 2, 28)), tick=False):
        assert _standing(client, f"/verificar/placa/{plate}/") == "Autorizado"
    deadlines_sweep(today=EXPIRED_ON)
    with time_machine.travel(at(EXPIRED_ON), tick=False):
        # By plate, and by the QR code printed on the IM card
        assert _standing(client, f"/verificar/placa/{plate}/") == "IM vencida"
        assert _standing(client, f"/verificar/{code}/") == "IM vencida"
        assert _standing(client, f"/verificar/?q={im.number}") == "IM vencida"


def test_expiry_while_the_request_is_in_progress_keeps_the_case_state_art18(im, holder):
    with time_machine.travel(at(dt.date(2027, 2, 25)), tick=False):
        case = renewal_file(actor=holder.user, driver=holder, **filing(im))
    deadlines_sweep(today=EXPIRED_ON)
    im.refresh_from_db()
    case.refresh_from_db()
    assert im.status == MunicipalRegistration.Status.EXPIRED
    # The Secretaria goes on with the request; the expiry is on the record and notified
    assert case.state == RenewalState.FILED
    event = AuditEvent.objects.filter(case=case).order_by("id").last()
    assert (event.transition, event.from_state, event.to_state, event.article) == (
        "registration_expired",
        "filed",
        "filed",
        "Art. 18",
    )
    notice = Notification.objects.get(template="renewal_expired")
    assert f"Seu pedido de renovação (processo {case.number}) segue em análise" in notice.body


def test_a_revoked_authorizations_im_expires_without_a_renewal_case_art18():
    registration = im_issued()
    Authorization.objects.filter(pk=registration.authorization_id).update(
        status=Authorization.Status.REVOKED, ended_on=dt.date(2026, 12, 1)
    )
    deadlines_sweep(today=EXPIRED_ON)
    registration.refresh_from_db()
    assert registration.status == MunicipalRegistration.Status.EXPIRED
    assert RenewalCase.objects.count() == 0


@pytest.mark.django_db(transaction=True)
def test_a_filing_racing_the_expiry_gives_one_filed_case_and_an_expired_im_art18():
    # Given an IM whose last day has just passed, and the holder filing at that moment
    registration = im_issued()
    holder = registration.authorization.holder
    deadlines_sweep(today=dt.date(2027, 1, 29))  # the case is open, awaiting the request
    errors: list[BaseException] = []
    barrier = threading.Barrier(2)

    def run(target):
        try:
            barrier.wait()
            target()
        except BaseException as exc:  # noqa: BLE001 — reported below
            errors.append(exc)
        finally:
            connection.close()

    def file():
        renewal_file(actor=holder.user, driver=holder, today=EXPIRED_ON, **filing(registration))

    threads = [
        threading.Thread(target=run, args=(file,)),
        threading.Thread(target=run, args=(lambda: deadlines_sweep(today=EXPIRED_ON),)),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    # Then, whichever came first: one case, filed, and the IM expired
    assert errors == []
    registration.refresh_from_db()
    assert registration.status == MunicipalRegistration.Status.EXPIRED
    case = RenewalCase.objects.get()
    assert case.state == RenewalState.FILED
