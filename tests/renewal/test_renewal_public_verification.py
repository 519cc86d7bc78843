"""Art. 17: the public page after an early renewal (Art. 18), day by day."""

from __future__ import annotations

import datetime as dt
import html
import re

import pytest
import time_machine

from cases.services.deadlines import deadlines_sweep
from registers.models import MunicipalRegistration
from tests.renewal.factories import LAST_DAY, at
from workflows.renewal.services import registration_issue

pytestmark = pytest.mark.django_db


def _standing(client, url: str) -> str:
    page = html.unescape(client.get(url).content.decode())
    found = re.search(r'data-testid="standing">(.*?)</p>', page, re.S)
    assert found, page
    return re.sub(r"<[^>]+>|[✓✕?]", "", found.group(1)).strip()


@pytest.fixture
def renewed_early(im):
    """The IM renewed on 1 February 2027: the new one starts on 1 March 2027."""
    with time_machine.travel(at(dt.date(2027, 2, 1)), tick=False):
        return registration_issue(
            authorization=im.authorization,
            vehicle=im.vehicle,
            valid_from=LAST_DAY + dt.timedelta(days=1),
            actor=None,
        )


def test_from_its_first_day_the_renewed_im_is_the_one_shown_art17(client, im, renewed_early):
    deadlines_sweep(today=dt.date(2027, 3, 1))
    assert MunicipalRegistration.objects.get(pk=renewed_early.pk).status == "valid"
    with time_machine.travel(at(dt.date(2027, 3, 1)), tick=False):
        assert _standing(client, f"/verificar/placa/{im.vehicle.plate}/") == "Autorizado"


def test_between_an_early_renewal_and_the_old_ims_last_day_the_taxi_stays_authorised_art17(
    client, im, renewed_early
):
    # 15 February 2027: the old IM (superseded by the renewal) still covers the day and
    # the new one starts on 1 March. The taxi must read as authorised, not "IM vencida".
    with time_machine.travel(at(dt.date(2027, 2, 15)), tick=False):
        assert _standing(client, f"/verificar/placa/{im.vehicle.plate}/") == "Autorizado"
