"""Art. 24 "prorrogáveis por igual período": the extension's limit follows the municipal
setting (issue 9, item 13) — through the API."""

from __future__ import annotations

import pytest

from tests.factories import SuspensionCaseFactory
from workflows.suspension.models import SuspensionCase, SuspensionState

pytestmark = pytest.mark.django_db


def _in_effect(driver, days=30):
    return SuspensionCaseFactory(
        state=SuspensionState.IN_EFFECT, authorization=driver.authorizations.get(),
        requested_days=days,
    )


def test_art_24_with_max_period_an_extension_of_up_to_120_days_is_accepted(
    api, driver, settings
):
    settings.SUSPENSION_EXTENSION_LIMIT = "max_period"
    case = _in_effect(driver)
    response = api(driver.user).post(
        f"/api/cases/{case.pk}/actions/request_extension/", {"days": 90}
    )
    assert response.status_code == 200, response.content
    assert SuspensionCase.objects.get(pk=case.pk).extension_requested_days == 90


def test_art_24_with_max_period_more_than_120_days_is_refused(api, driver, settings):
    settings.SUSPENSION_EXTENSION_LIMIT = "max_period"
    case = _in_effect(driver)
    response = api(driver.user).post(
        f"/api/cases/{case.pk}/actions/request_extension/", {"days": 121}
    )
    assert response.status_code == 400
    assert response.json()["article"] == "Art. 24"
    assert SuspensionCase.objects.get(pk=case.pk).extension_requested_days is None
