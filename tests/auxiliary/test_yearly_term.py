"""Art. 27 §1: the auxiliary's authorization is renewed every year; without renewal the
binding ends by itself."""

from __future__ import annotations

import datetime as dt

import pytest

from cases.models import AuditEvent, Deadline
from cases.services.deadlines import deadlines_sweep
from cases.services.transitions import case_act
from notifications.models import Notification
from registers.models import AuxiliaryBinding
from tests.auxiliary.factories import AuxiliaryDriverFactory, art10_files, pdf
from workflows.auxiliary.services import auxiliary_approve, auxiliary_file

pytestmark = pytest.mark.django_db
GRANTED = dt.date(2026, 3, 2)
LAST_DAY = dt.date(2027, 3, 1)


@pytest.fixture
def granted(driver, clerk):
    case = auxiliary_file(actor=driver.user, holder=driver, purpose="register",
                          auxiliary=AuxiliaryDriverFactory(), proofs=art10_files(),
                          today=GRANTED)
    case_act(case=case, action="accept", actor=clerk)
    return auxiliary_approve(case=case, actor=clerk, today=GRANTED)


def test_the_holder_is_reminded_and_the_binding_ends_without_renewal_art27_p1(
    granted, driver
):
    binding = AuxiliaryBinding.objects.get()
    # A month before the end the holder is reminded, with the date
    assert deadlines_sweep(today=dt.date(2027, 1, 31)).applied == 1
    reminder = Notification.objects.get(template="auxiliary_renewal_reminder")
    assert (reminder.recipient, "01/03/2027" in reminder.body) == (driver, True)
    # On the last day nothing happens yet
    assert deadlines_sweep(today=LAST_DAY).processed == 0
    # The day after, the binding ends as not renewed
    assert deadlines_sweep(today=dt.date(2027, 3, 2)).applied == 1
    binding.refresh_from_db()
    assert (binding.ended_on, binding.end_reason) == (dt.date(2027, 3, 2), "not_renewed")
    binding.auxiliary.refresh_from_db()
    assert binding.auxiliary.titular is None
    assert list(
        AuditEvent.objects.filter(case=granted).values_list("transition", "actor")
    )[-1] == ("auxiliary_unbound", None)
    assert {n.template for n in Notification.objects.filter(case=granted)} >= {
        "auxiliary_unbound", "auxiliary_expired",
    }


def test_a_renewal_gives_one_more_year_and_makes_the_old_rows_moot_art27_p1(
    granted, driver, clerk
):
    binding = AuxiliaryBinding.objects.get()
    renewal_day = dt.date(2027, 2, 20)
    case = auxiliary_file(actor=driver.user, holder=driver, purpose="renew",
                          proofs={"cnh": [pdf("cnh.pdf")]}, today=renewal_day)
    assert case.binding == binding
    case_act(case=case, action="accept", actor=clerk)
    case = auxiliary_approve(case=case, actor=clerk, today=renewal_day)
    binding.refresh_from_db()
    assert (binding.valid_from, binding.valid_until) == (GRANTED, dt.date(2028, 2, 19))
    assert list(Deadline.objects.filter(case=granted).values_list("state", flat=True)) == [
        "cancelled", "cancelled",
    ]
    assert list(
        Deadline.objects.filter(case=case).values_list("kind", "due_on", "state")
    ) == [
        ("auxiliary.renewal_reminder", dt.date(2028, 1, 19), "pending"),
        ("auxiliary.expiry", dt.date(2028, 2, 19), "pending"),
    ]
    assert list(AuditEvent.objects.filter(case=case).values_list("transition", flat=True)) == [
        "open", "document_attached", "accept", "approve", "auxiliary_renewed",
    ]
    # The old end passes without effect
    deadlines_sweep(today=dt.date(2027, 3, 2))
    binding.refresh_from_db()
    assert binding.ended_on is None


def test_a_renewal_needs_the_auxiliarys_cnh_art27_p4(granted, driver):
    from cases.errors import RuleViolation

    with pytest.raises(RuleViolation) as refused:
        auxiliary_file(actor=driver.user, holder=driver, purpose="renew",
                       today=dt.date(2027, 2, 20))
    assert refused.value.code == "documents_missing"


def test_a_stale_expiry_row_is_moot_art27_p1(granted):
    # The binding ended earlier for another reason: the row finds nothing to do
    binding = AuxiliaryBinding.objects.get()
    AuxiliaryBinding.objects.filter(pk=binding.pk).update(
        ended_on=dt.date(2026, 6, 1), end_reason="resignation"
    )
    report = deadlines_sweep(today=dt.date(2027, 3, 2))
    assert (report.applied, report.moot) == (0, 2)
