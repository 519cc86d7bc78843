"""The CPF a provider vouched for stays the person's (issue 22, point 1): a request he
files names that CPF and no other (Art. 10 I c: the applicant's CPF)."""

from __future__ import annotations

import pytest

from accounts.roles import Role
from cases.errors import NotPermitted
from cases.services.transitions import local_today
from identity.models import ExternalIdentity
from tests.application.journey import filed
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

VOUCHED = "52998224725"
ANOTHER = "39053344705"


def _govbr_user():
    user = UserFactory(role=Role.DRIVER)
    ExternalIdentity.objects.create(
        user=user, provider="govbr", subject=VOUCHED, cpf=VOUCHED, level=2
    )
    return user


def test_an_application_with_another_cpf_than_the_vouched_one_is_refused_art10():
    with pytest.raises(NotPermitted) as refused:
        filed(_govbr_user(), today=local_today(), cpf=ANOTHER)
    assert refused.value.article == "Art. 10 I c"


def test_an_application_with_the_vouched_cpf_is_filed_art10():
    case = filed(_govbr_user(), today=local_today(), cpf=VOUCHED)
    assert case.applicant.cpf == VOUCHED
