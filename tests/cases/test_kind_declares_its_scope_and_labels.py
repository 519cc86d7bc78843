"""The engine names no kind: who besides the parties sees a kind's cases, and the labels of
the events a kind records, come from each kind's `Workflow` entry."""

from __future__ import annotations

import pytest

from cases.models import CaseKind
from cases.selectors import cases_visible_to
from cases.workflow import all_workflows, event_label
from tests.factories import DriverFactory, ViolationNoticeFactory


def test_the_commission_sees_the_kinds_that_say_it_decides_them_art52_art61_p2():
    assert {w.kind for w in all_workflows() if w.commission_sees} == {
        CaseKind.APPEAL, CaseKind.CLANDESTINE,
    }


@pytest.mark.django_db
def test_an_auxiliary_named_as_offender_sees_the_notice_through_its_kinds_lookup_art63_p2():
    # given a notice whose offender is an auxiliary, not the holder
    auxiliary = DriverFactory()
    notice = ViolationNoticeFactory(offender=auxiliary)
    stranger = DriverFactory()
    # when / then the offender sees it, another driver does not
    assert list(cases_visible_to(auxiliary.user).values_list("pk", flat=True)) == [notice.pk]
    assert not cases_visible_to(stranger.user).exists()


def test_an_event_one_kind_records_on_another_kinds_case_has_the_recording_kinds_label():
    # an auxiliary unbound when a revocation ends the authorization (Art. 27 §1)
    assert event_label(CaseKind.REVOCATION, "auxiliary_unbound") == "Vínculo de auxiliar encerrado"
    assert event_label(CaseKind.VIOLATION, "penalties_applied") == "Penalidades aplicadas"
    assert event_label(CaseKind.APPEAL, "open") == "Abertura do processo"
    assert event_label(CaseKind.APPEAL, "no_such_event") == "no_such_event"
