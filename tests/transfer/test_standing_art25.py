"""Art. 25 (issue 19, item 13): filing about an authorization needs standing — the holder,
a successor with his proofs, or a clerk — and one unproven filing by a third party never
blocks the holder's own filings."""

from __future__ import annotations

import datetime as dt

import pytest

from cases.errors import StateConflict
from tests.factories import DriverFactory
from tests.transfer.factories import transfer_files
from workflows.transfer.models import TransferCase
from workflows.transfer.services import transfer_file

pytestmark = pytest.mark.django_db


def _death(authorization) -> dict:
    return {
        "authorization_number": authorization.number,
        "cause": "I",
        "event_on": "2026-02-10",
        "relationship": "descendant",
        "succession_class": "I",
        **transfer_files("I"),
    }


def _invalidity(authorization, son) -> TransferCase:
    """The holder's own transfer (Art. 25 II), filed by him."""
    return transfer_file(
        actor=authorization.holder.user,
        authorization=authorization,
        cause="II",
        relationship="descendant",
        event_on=dt.date(2026, 2, 10),
        beneficiary=son,
        proofs=transfer_files("II"),
    )


def test_art_25_a_strangers_unproven_transfer_by_death_does_not_block_the_holders_own(
    api, authorization, clerk
):
    # Given a stranger who filed a transfer "by death" of a living holder's authorization
    stranger = DriverFactory()
    claimed = api(stranger.user).post("/api/transfers/", _death(authorization), format="multipart")
    assert claimed.status_code == 201, claimed.content
    # When the holder files his own transfer (invalidity, to his son)
    own = _invalidity(authorization, DriverFactory())
    # Then it is filed, not refused with 409
    assert TransferCase.objects.filter(authorization=authorization).count() == 2
    # and once a clerk accepts the holder's, the stranger's cannot be accepted alongside it
    assert api(clerk).post(f"/api/cases/{own.pk}/actions/accept/", {}).status_code == 200
    second = api(clerk).post(f"/api/cases/{claimed.json()['id']}/actions/accept/", {})
    assert second.status_code == 409
    assert second.json()["article"] == "Art. 25"


def test_art_23_25_an_unproven_transfer_does_not_block_the_holders_cancellation(api, authorization):
    stranger = DriverFactory()
    assert (
        api(stranger.user)
        .post("/api/transfers/", _death(authorization), format="multipart")
        .status_code
        == 201
    )
    cancelled = api(authorization.holder.user).post(
        "/api/cancellations/", {"acknowledged_bar": True}, format="json"
    )
    assert cancelled.status_code == 201, cancelled.content


def test_art_25_a_transfer_the_holder_filed_still_blocks_a_second_one(authorization):
    _invalidity(authorization, DriverFactory())
    with pytest.raises(StateConflict):
        _invalidity(authorization, DriverFactory())
