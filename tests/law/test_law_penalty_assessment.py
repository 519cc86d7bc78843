"""Art. 59: the penalty of each infraction, from the driver's history (Arts. 56, 57)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from law.infractions import citable_infractions
from law.penalties import (
    PastInfraction,
    Policy,
    RecidivismScope,
    WarningPolicy,
    assess,
)

ON = dt.date(2026, 6, 15)
D = Decimal


def past(item: str, days_ago: int) -> PastInfraction:
    return PastInfraction(item=item, on=ON - dt.timedelta(days=days_ago))


# (scenario, item, history, policy, expected fine, warning, suspension, impediment,
#  revocation, articles that must be cited)
SCENARIOS = [
    ("first group 1: warning and fine (Art. 59 I II; policy)", "I", [],
     Policy(warning=WarningPolicy.WITH_FINE), D(80), True, 0, 0, False,
     {"Art. 59 I", "Art. 59 II"}),
    ("first group 1, warning instead of fine (default)", "I", [],
     Policy(), D(0), True, 0, 0, False, {"Art. 59 I"}),
    ("group 2 after a group 1: no second warning", "X", [past("I", 30)], Policy(),
     D(100), False, 0, 0, False, {"Art. 59 II"}),
    ("recidivism in I-XII: doubled fine and 15 days (Art. 59 III a §1)", "III",
     [past("III", 40)], Policy(), D(160), False, 15, 0, False,
     {"Art. 59 III a", "Art. 59 §1"}),
    ("a past infraction older than the window does not count", "III", [past("III", 400)],
     Policy(warning=WarningPolicy.WITH_FINE), D(80), True, 0, 0, False, {"Art. 59 I"}),
    ("same range counts when the policy says so", "V", [past("III", 40)],
     Policy(recidivism_scope=RecidivismScope.SAME_RANGE), D(160), False, 15, 0, False,
     {"Art. 59 III a"}),
    ("another item does not count with the same-item policy", "V", [past("III", 40)],
     Policy(), D(80), False, 0, 0, False, {"Art. 59 II"}),
    ("group 3 XIII: 30 days and impediment (Art. 59 III b IV a)", "XIII", [], Policy(),
     D(150), False, 30, 90, False, {"Art. 59 III b", "Art. 59 IV a"}),
    ("group 3 XIV: 30 days, no impediment", "XIV", [], Policy(), D(150), False, 30, 0, False,
     {"Art. 59 III b"}),
    ("group 4 XXIII: 60 days (Art. 59 III c)", "XXIII", [], Policy(), D(200), False, 60, 0,
     False, {"Art. 59 III c"}),
    ("recidivism in XIII-XXIX: revocation (Art. 59 V a)", "XXV", [past("XXV", 100)],
     Policy(), D(400), False, 60, 0, True, {"Art. 59 V a", "Art. 59 §1"}),
    ("revocation by range with the same-range policy", "XXV", [past("XIV", 100)],
     Policy(recidivism_scope=RecidivismScope.SAME_RANGE), D(200), False, 60, 0, True,
     {"Art. 59 V a"}),
]


@pytest.mark.parametrize(
    ("name", "item", "history", "policy", "fine", "warning", "suspension", "impediment",
     "revocation", "articles"),
    SCENARIOS, ids=[s[0] for s in SCENARIOS],
)
def test_assessment_table_art59(name, item, history, policy, fine, warning, suspension,
                                impediment, revocation, articles):
    result = assess(item=item, on=ON, history=history, policy=policy)
    assert (result.fine_vrte, result.warning, result.suspension_days,
            result.impediment_max_days, result.revocation) == (
        fine, warning, suspension, impediment, revocation)
    assert articles <= set(result.articles)
    assert f"Art. 58 {item}" in result.articles


def test_points_follow_the_group_art56():
    assert [assess(item=i, on=ON).points for i in ("I", "X", "XIII", "XXIII")] == [2, 3, 5, 10]


ITEMS = [entry.item for entry in citable_infractions()]
history_strategy = st.lists(
    st.builds(PastInfraction, item=st.sampled_from(ITEMS),
              on=st.dates(min_value=ON - dt.timedelta(days=800), max_value=ON)),
    max_size=6,
)
policies = st.builds(Policy, recidivism_months=st.sampled_from([6, 12, 24]),
                     recidivism_scope=st.sampled_from(list(RecidivismScope)),
                     warning=st.sampled_from(list(WarningPolicy)))


@settings(max_examples=300, deadline=None)
@given(item=st.sampled_from(ITEMS), history=history_strategy, more=history_strategy,
       policy=policies)
def test_more_history_never_lightens_a_penalty_art59(item, history, more, policy):
    lighter = assess(item=item, on=ON, history=history, policy=policy)
    heavier = assess(item=item, on=ON, history=history + more, policy=policy)
    assert heavier.fine_vrte >= lighter.fine_vrte
    assert heavier.suspension_days >= lighter.suspension_days
    assert heavier.revocation >= lighter.revocation
    assert heavier.points == lighter.points


@settings(max_examples=200, deadline=None)
@given(item=st.sampled_from(ITEMS), history=history_strategy, policy=policies)
def test_a_recidivist_pays_double_art59_p1(item, history, policy):
    result = assess(item=item, on=ON, history=history, policy=policy)
    base = assess(item=item, on=ON, policy=Policy(warning=WarningPolicy.WITH_FINE))
    if result.recidivist:
        assert result.fine_vrte == 2 * base.fine_vrte
