"""People, not user names, on every history and document (issue 24 §6): "Ana Souza
(Secretaria)", never "servidor" or an applicant's e-mail. One function names a person
(accounts.display.person_label); no template spells a login."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.utils import timezone

from accounts.display import person_label, person_labels
from accounts.roles import Role
from cases.models import AuditEvent
from tests.factories import DriverFactory, SuspensionCaseFactory, UserFactory

pytestmark = pytest.mark.django_db


def test_a_person_is_his_name_and_his_body_never_his_login():
    ana = UserFactory(role=Role.CLERK, username="servidor", first_name="Ana", last_name="Souza")
    nameless = UserFactory(
        role=Role.DRIVER, username="joao@example.org", first_name="", last_name=""
    )
    assert person_label(ana) == "Ana Souza (Secretaria)"
    assert person_label(nameless) == "Taxista"
    assert person_label(None) == "sistema"
    assert person_labels([ana.pk, None]) == {ana.pk: "Ana Souza (Secretaria)"}


def test_the_case_history_names_people_and_their_roles(client):
    ana = UserFactory(role=Role.CLERK, username="servidor", first_name="Ana", last_name="Souza")
    driver = DriverFactory(
        user=UserFactory(
            role=Role.DRIVER, username="jose@example.org", first_name="José", last_name="Lima"
        )
    )
    case = SuspensionCaseFactory(
        authorization__holder=driver, applicant=driver, assignee=ana, opened_at=timezone.now()
    )
    for actor, transition in ((driver.user, "open"), (ana, "claim")):
        AuditEvent.objects.create(
            case=case,
            actor=actor,
            at=timezone.now(),
            from_state="filed",
            to_state="filed",
            transition=transition,
        )
    client.force_login(ana)

    page = client.get(f"/processos/{case.pk}/").content.decode()

    timeline = page[page.index('data-testid="timeline"') :]
    assert "Ana Souza (Secretaria)" in timeline and "José Lima (Taxista)" in timeline
    assert "servidor" not in timeline and "jose@example.org" not in timeline
    assert "<td>servidor" not in page


_LOGIN_SPELLED = re.compile(r"\.username\b|get_full_name\|default")
# The pages about the login itself.
_ABOUT_THE_LOGIN = {"login.html", "unlock.html"}


def test_no_template_spells_a_login_where_a_person_is_named():
    """Every template of the project is read, so a page added later is covered."""
    roots = [Path(settings.BASE_DIR)]
    offenders = []
    for root in roots:
        for path in root.rglob("templates/**/*.html"):
            if ".venv" in path.parts or path.name in _ABOUT_THE_LOGIN:
                continue
            if _LOGIN_SPELLED.search(path.read_text(encoding="utf-8")):
                offenders.append(str(path.relative_to(root)))
    assert offenders == []


def test_the_queue_names_the_assignee_not_his_login(client):
    ana = UserFactory(role=Role.CLERK, username="servidor", first_name="Ana", last_name="Souza")
    SuspensionCaseFactory(assignee=ana)
    client.force_login(ana)
    page = client.get("/processos/").content.decode()
    assert "Ana Souza" in page and ">servidor<" not in page
