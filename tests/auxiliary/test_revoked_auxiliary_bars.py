"""Art. 59 §5 and Art. 27 §§2, 4: an auxiliary whose authorization is *cassada* is barred
from any authorization for 5 years; the 12 months of Art. 27 §2 belong to the
discretionary *revogação* of an auxiliary who leaves the holder (issue 9, item 1)."""

from __future__ import annotations

import datetime as dt

import pytest

from cases.errors import RuleViolation
from cases.models import AuditEvent
from cases.services.transitions import case_act
from notifications.models import Notification
from registers.models import AuxiliaryBinding
from registers.requirements import driver_requirements_unmet
from tests.auxiliary.factories import AuxiliaryBindingFactory
from workflows.auxiliary.services import auxiliary_approve, auxiliary_file

pytestmark = pytest.mark.django_db

DAY = dt.date(2026, 5, 4)


def _bars(driver, on, *, as_auxiliary):
    return [
        (u.article, u.message)
        for u in driver_requirements_unmet(driver, on=on, as_auxiliary=as_auxiliary)
        if u.article in ("Art. 59 §5", "Art. 27 §2")
    ]


def test_art_59_p5_a_revoked_auxiliary_is_refused_any_authorization_until_10_06_2030():
    # Given an auxiliary whose authorization was revoked (cassada) on 10/06/2025
    binding = AuxiliaryBindingFactory(
        ended=True, ended_on=dt.date(2025, 6, 10), end_reason=AuxiliaryBinding.EndReason.REVOKED
    )
    auxiliary = binding.auxiliary
    expected = [("Art. 59 §5",
                 "Impedido de nova autorização até 10/06/2030 (evento em 10/06/2025).")]
    # Then he is refused as holder and as auxiliary until 10/06/2030 inclusive
    assert _bars(auxiliary, dt.date(2030, 6, 10), as_auxiliary=False) == expected
    assert _bars(auxiliary, dt.date(2030, 6, 10), as_auxiliary=True) == expected
    assert _bars(auxiliary, dt.date(2030, 6, 11), as_auxiliary=False) == []
    assert _bars(auxiliary, dt.date(2030, 6, 11), as_auxiliary=True) == []


def test_art_27_p2_a_withdrawn_auxiliary_waits_12_months_as_auxiliary_only():
    binding = AuxiliaryBindingFactory(
        ended=True, ended_on=dt.date(2026, 1, 15),
        end_reason=AuxiliaryBinding.EndReason.WITHDRAWN,
    )
    auxiliary = binding.auxiliary
    assert _bars(auxiliary, dt.date(2027, 1, 15), as_auxiliary=True) == [
        ("Art. 27 §2", "Impedido de nova autorização até 15/01/2027 (evento em 15/01/2026).")
    ]
    assert _bars(auxiliary, dt.date(2027, 1, 16), as_auxiliary=True) == []
    assert _bars(auxiliary, dt.date(2026, 6, 1), as_auxiliary=False) == []


def test_art_27_p2_the_executive_revokes_a_swapped_auxiliary_with_its_reason(driver, clerk):
    binding = AuxiliaryBindingFactory(authorization=driver.authorizations.get())
    case = auxiliary_file(actor=driver.user, holder=driver, purpose="end",
                          departure_reason="swap", today=DAY)
    case_act(case=case, action="accept", actor=clerk)
    # Without a reason the revogação is refused, and nothing changes
    with pytest.raises(RuleViolation) as refused:
        auxiliary_approve(case=case, actor=clerk, revoke_departing=True, today=DAY)
    assert refused.value.article == "Art. 27 §2"
    binding.refresh_from_db()
    assert binding.ended_on is None
    # With its reason the binding ends as a revogação: 12 months as auxiliary
    auxiliary_approve(case=case, actor=clerk, revoke_departing=True, today=DAY,
                      note="Reclamações reiteradas de passageiros.")
    binding.refresh_from_db()
    assert (binding.ended_on, binding.end_reason) == (DAY, AuxiliaryBinding.EndReason.WITHDRAWN)
    unbound = AuditEvent.objects.get(case=case, transition="auxiliary_unbound")
    assert (unbound.article, unbound.data["reason"]) == ("Art. 27 §2", "withdrawn")
    notice = Notification.objects.get(case=case, template="auxiliary_unbound")
    assert "04/05/2027" in notice.body and "Art. 27 §2" in notice.body
    assert _bars(binding.auxiliary, dt.date(2026, 6, 1), as_auxiliary=False) == []
