"""An act may be confirmed with the signer's second factor instead of his password (issue
21; Lei 14.063/2020 art. 4º II): a current TOTP code of his device opens his key's custody
copy; a wrong or reused code refuses the act and writes nothing."""

from __future__ import annotations

import pytest

from accounts.roles import Role
from cases.errors import NotPermitted
from cases.services.transitions import case_act
from documents.models import OfficialDocument, SigningKey
from tests.documents.paper import render_pending
from tests.documents.signed_acts import PASSWORD, checked, content
from tests.factories import UserFactory
from tests.identity.conftest import code_for, totp_device
from workflows.application.models import ApplicationCase

pytestmark = pytest.mark.django_db

Kind = OfficialDocument.Kind


@pytest.fixture
def mayor_with_device():
    mayor = UserFactory(role=Role.MAYOR, first_name="Joana", last_name="Prefeita")
    return mayor, totp_device(mayor)


def test_the_mayor_signs_the_termo_with_his_second_factor_art_22(
    awaiting_homologation, mayor_with_device
):
    mayor, device = mayor_with_device
    case_act(
        case=awaiting_homologation, action="homologate", actor=mayor, password=code_for(device)
    )
    render_pending()

    term = OfficialDocument.objects.get(case=awaiting_homologation, kind=Kind.AUTHORIZATION_TERM)
    his, seal = checked(content(term)).signatures
    assert term.signed_by == mayor
    assert his.signer == "Joana Prefeita (TESTE — SEM VALIDADE)" and his.ok and seal.ok
    key = SigningKey.objects.get(user=mayor)
    # Made by a code: no password copy, only the copy his second factor opens.
    assert bytes(key.pkcs12) == b"" and bytes(key.pkcs12_custody)


def test_a_wrong_code_refuses_the_homologation_and_writes_nothing_art_22(
    awaiting_homologation, mayor_with_device
):
    mayor, device = mayor_with_device
    wrong = f"{(int(code_for(device)) + 1) % 1_000_000:06d}"
    with pytest.raises(NotPermitted):
        case_act(case=awaiting_homologation, action="homologate", actor=mayor, password=wrong)

    assert ApplicationCase.objects.get(pk=awaiting_homologation.pk).authorization_id is None
    assert not OfficialDocument.objects.filter(case=awaiting_homologation).exists()
    assert not SigningKey.objects.exists()


def test_a_code_made_key_then_opens_with_his_password_too(mayor_with_device):
    from documents.services import document_issue
    from documents.signing.keys import document_sign_by

    mayor, device = mayor_with_device

    def sign(credential: str) -> OfficialDocument:
        letter = document_issue(
            kind=Kind.REGISTERED_LETTER, context={"recipient": {"name": "A"}, "body": "x"}
        )
        return document_sign_by(document=letter, actor=mayor, password=credential)

    sign(code_for(device))
    sign(PASSWORD)
    [key] = SigningKey.objects.filter(user=mayor)
    assert key.revoked_at is None and bytes(key.pkcs12) and bytes(key.pkcs12_custody)


def test_a_user_without_a_device_cannot_confirm_with_a_code():
    from documents.signing.keys import act_confirm

    clerk = UserFactory(role=Role.CLERK)
    with pytest.raises(NotPermitted):
        act_confirm(user=clerk, credential="123456")
