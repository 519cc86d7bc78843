"""A document page asks the scope of one document (`document_in_scope`, issue 25) and must
answer as the whole scope does (`documents_in_scope`, the access policy's row for
documents): for every user and every kind of paper, the same yes or no.

A commission member opens the papers of the cases before it (Art. 52) and no other; a
driver those of his own cases and the Termo made out to him; staff who handle cases, all.
"""

from __future__ import annotations

import itertools

import pytest
from django.contrib.auth.models import AnonymousUser
from django.utils import timezone

from accounts.roles import Role
from documents.models import OfficialDocument
from documents.selectors import case_documents, document_in_scope, documents_in_scope
from registers.validators import format_cpf
from tests.clandestine.factories import ClandestineCaseFactory
from tests.factories import (
    AuthorizationFactory,
    DriverFactory,
    MunicipalRegistrationFactory,
    SuspensionCaseFactory,
    UserFactory,
)

pytestmark = pytest.mark.django_db

Kind = OfficialDocument.Kind
Status = OfficialDocument.Status


def _paper(n: int, *, status: str = Status.READY, **links: object) -> OfficialDocument:
    return OfficialDocument.objects.create(
        kind=links.pop("kind", Kind.APPEAL_DECISION if "case" in links else Kind.IM_CARD),
        number=f"X-{n}",
        year=2026,
        sequence=n,
        verification_code=f"CODE{n:04d}",
        issued_at=timezone.now(),
        status=status,
        **links,
    )


@pytest.fixture
def world():
    holder = AuthorizationFactory()
    registration = MunicipalRegistrationFactory(authorization=holder)
    other = AuthorizationFactory()
    auxiliary = DriverFactory(kind="auxiliary")
    own_case = SuspensionCaseFactory(authorization=holder, applicant=holder.holder)
    others_case = SuspensionCaseFactory(authorization=other, applicant=other.holder)
    judged = ClandestineCaseFactory()
    papers = [
        _paper(1, case=own_case),
        _paper(2, case=own_case, status=Status.PENDING),
        _paper(3, case=others_case),
        _paper(4, case=judged),
        _paper(5, case=judged, status=Status.FAILED),
        _paper(
            6,
            kind=Kind.AUTHORIZATION_TERM,
            authorization=holder,
            context={"holder": {"cpf": format_cpf(holder.holder.cpf)}},
        ),
        # A Termo made out to a former holder: not the present holder's to open.
        _paper(
            7,
            kind=Kind.AUTHORIZATION_TERM,
            authorization=holder,
            context={"holder": {"cpf": format_cpf(other.holder.cpf)}},
        ),
        _paper(8, kind=Kind.IM_CARD, registration=registration),
        _paper(9, kind=Kind.DRIVER_CARD, driver=holder.holder),
        _paper(10, kind=Kind.DRIVER_CARD, driver=auxiliary),
    ]
    users = {
        "clerk": UserFactory(role=Role.CLERK),
        "commission": UserFactory(role=Role.COMMISSION_MEMBER),
        "holder": holder.holder.user,
        "other driver": other.holder.user,
        "auxiliary": auxiliary.user,
        "nobody": AnonymousUser(),
    }
    return users, papers


def test_each_document_is_answered_as_the_whole_scope_answers(world):
    users, papers = world
    differences = []
    for (who, user), paper in itertools.product(users.items(), papers):
        in_scope = documents_in_scope(user).filter(pk=paper.pk).exists()
        ready = in_scope and paper.status == Status.READY
        one = document_in_scope(user, paper.verification_code, rendered=False)
        rendered = document_in_scope(user, paper.verification_code, rendered=True)
        if (one is not None, rendered is not None) != (in_scope, ready):
            differences.append((who, paper.number, in_scope, one, rendered))
    assert differences == []


def test_the_commission_opens_the_papers_of_a_case_before_it_and_no_other(world):
    users, papers = world
    member = users["commission"]
    opened = {
        p.number for p in papers if document_in_scope(member, p.verification_code, rendered=False)
    }
    assert opened == {"X-4", "X-5"}


def test_a_case_page_lists_the_papers_of_that_case_in_scope(world):
    users, papers = world
    judged = papers[3].case
    assert [d.number for d in case_documents(users["commission"], judged)] == ["X-4", "X-5"]
    # A driver sees only the rendered papers of his own case.
    own = papers[0].case
    assert [d.number for d in case_documents(users["holder"], own)] == ["X-1"]
    assert case_documents(users["other driver"], own) == []


def test_a_driver_opens_his_own_termo_and_card_not_a_former_holders(world):
    users, papers = world
    opened = {
        p.number
        for p in papers
        if document_in_scope(users["holder"], p.verification_code, rendered=True)
    }
    assert opened == {"X-1", "X-6", "X-8", "X-9"}


def test_an_unknown_or_hostile_code_is_nobodys(world):
    users, _ = world
    for code in ["", "ZZZZ", "x" * 500, "' OR 1=1 --"]:
        assert document_in_scope(users["clerk"], code, rendered=False) is None


@pytest.mark.parametrize(
    ("code", "status"),
    # A NUL is refused before any view reads the path (web.middleware.HostileInputMiddleware): 400.
    [("%00", 400), ("ZZZZ", 404), ("x" * 500, 404), ("%27%20OR%201=1", 404)],
)
def test_the_document_pages_refuse_a_hostile_code(client, world, code, status):
    users, _ = world
    client.force_login(users["commission"])
    for page in ("pdf", "previa"):
        assert client.get(f"/documentos/{code}/{page}/").status_code == status
