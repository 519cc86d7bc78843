"""Issue 23: a new case kind is its folder plus INSTALLED_APPS (and its CaseKind value).

A throw-away kind (tests/workflows/throwaway/) is installed for each test; the portal's
offers (Arts. 22 §4, 24), the cancellation's refusal (Art. 23), the holds on a suspended
authorization (Arts. 24, 59 III-IV), the end of an authorization (Arts. 23, 59 V) and the
diagrams pick it up from its `Workflow` entry alone.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import override_settings
from django.urls import clear_url_caches
from django.utils import timezone
from rest_framework.test import APIClient

from cases import workflow as registry
from cases.errors import StateConflict
from cases.models import Case
from cases.workflow import DriverStanding, Workflow, workflow_for
from registers.models import Authorization
from tests.factories import AuthorizationFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def throwaway(monkeypatch: pytest.MonkeyPatch) -> Iterator[Workflow]:
    # The registry is a copy for the test: the kind is gone afterwards.
    monkeypatch.setattr(registry, "_REGISTRY", dict(registry._REGISTRY))
    installed = [*settings.INSTALLED_APPS, "tests.workflows.throwaway"]
    with override_settings(INSTALLED_APPS=installed):
        from tests.workflows.throwaway import workflow as module

        module.ENDED.clear()
        yield workflow_for("throwaway")


def _case(authorization: Authorization, state: str) -> Case:
    from tests.workflows.throwaway.models import ThrowawayCase

    sequence = 990000 + Case.objects.count()
    return ThrowawayCase.objects.create(
        number=f"2026/{sequence:06d}",
        year=2026,
        sequence=sequence,
        kind="throwaway",
        state=state,
        authorization=authorization,
        applicant=authorization.holder,
        opened_at=timezone.now(),
    )


def test_the_portal_offers_the_new_kind_by_its_own_rule_art24(throwaway):
    from web.portal import request_options

    standing = DriverStanding(holds_authorization=True, active=True)
    assert [o.url_name for o in request_options(standing)] == [
        "throwaway-new",
        "suspension-new",
        "substitution-new",
        "auxiliary-new",
        "transfer-new",
        "advertising-new",
        "cancellation-new",
    ]
    assert "throwaway-new" not in [
        o.url_name for o in request_options(DriverStanding(holds_authorization=True))
    ]
    pending = DriverStanding(active=True, open_cases=frozenset({("throwaway", "filed")}))
    assert "throwaway-new" not in [o.url_name for o in request_options(pending)]


def test_an_open_case_of_the_new_kind_stops_a_cancellation_art23(throwaway):
    from workflows.cancellation.services import cancellation_file

    authorization = AuthorizationFactory()
    _case(authorization, "filed")
    with pytest.raises(StateConflict):
        cancellation_file(
            actor=authorization.holder.user, holder=authorization.holder, acknowledged_bar=True
        )
    assert not Case.objects.filter(kind="cancellation").exists()


def test_the_new_kind_holds_a_suspended_authorization_art24(throwaway):
    from workflows.holds import Hold, authorization_holds, authorization_release_if_free

    authorization = AuthorizationFactory(status=Authorization.Status.SUSPENDED)
    case = _case(authorization, "holding")
    assert authorization_holds(authorization) == (Hold(f"Descartável {case.number}", None),)
    released = authorization_release_if_free(
        authorization=authorization,
        case=case,
        actor=None,
        article="Art. 24",
        today=timezone.localdate(),
    )
    assert released is False
    authorization.refresh_from_db()
    assert authorization.status == Authorization.Status.SUSPENDED


def test_the_new_kind_is_told_when_an_authorization_ends_art23(throwaway):
    from tests.workflows.throwaway.workflow import ENDED
    from workflows.authorizations import case_authorization_end

    authorization = AuthorizationFactory()
    case = _case(authorization, "filed")
    clerk = UserFactory()
    today = timezone.localdate()
    case_authorization_end(
        authorization=authorization,
        status=Authorization.Status.CANCELLED,
        on=today,
        case=case,
        actor=clerk,
        article="Art. 23",
        lapse_note="moot",
    )
    assert [(e.authorization.pk, e.case.pk, e.on, e.lapse_note) for e in ENDED] == [
        (authorization.pk, case.pk, today, "moot")
    ]


def test_the_new_kind_is_drawn_in_the_diagrams(throwaway):
    from cases.diagrams import workflows_markdown

    markdown = workflows_markdown()
    assert "\n## throwaway\n" in markdown
    assert "    filed --> holding: hold (clerk, Art. 24)" in markdown


def test_the_new_kind_files_through_the_page_and_endpoint_its_entry_makes_art24(
    throwaway, client, driver, settings
):
    """Its page and endpoint are made from its `Workflow.filing`: no view, no endpoint, no
    URL written in its folder, and both file through its one `file`."""
    from tests.workflows.throwaway.workflow import FILED

    settings.ROOT_URLCONF = "tests.workflows.throwaway.urls"
    clear_url_caches()
    FILED.clear()
    client.force_login(driver.user)
    assert client.get("/portal/descartavel/novo/").status_code == 200

    proof = SimpleUploadedFile("bo.pdf", b"%PDF-1.4 proof")
    page = client.post("/portal/descartavel/novo/", {"reason": "pela página", "file_proof": proof})
    by_page = Case.objects.get(kind="throwaway")
    assert page.status_code == 302 and page.url == f"/processos/{by_page.pk}/"
    assert by_page.applicant == driver
    # The page's "file_proof" reaches the kind as its checklist item, as the endpoint's does.
    assert FILED[0]["reason"] == "pela página"
    assert [upload.name for upload in FILED[0]["proof"]] == ["bo.pdf"]

    api = APIClient()
    api.force_authenticate(driver.user)
    answer = api.post("/api/throwaways/", {"reason": "pela API"}, format="json")
    assert answer.status_code == 201, answer.content
    by_api = Case.objects.exclude(pk=by_page.pk).get(kind="throwaway")
    assert answer.json()["number"] == by_api.number and by_api.applicant == driver
    assert FILED[1] == {"reason": "pela API", "proof": []}

    refused = client.post("/portal/descartavel/novo/", {"reason": ""})
    assert refused.status_code == 400
    assert Case.objects.filter(kind="throwaway").count() == 2
    clear_url_caches()
