"""`manage.py signing_dev_chain`: the development chain the demo and the tests sign with,
every certificate named "(TESTE — SEM VALIDADE)" (issue 21, point 2)."""

from __future__ import annotations

import pytest
from cryptography import x509
from cryptography.hazmat.primitives.serialization import pkcs12
from django.core.management import CommandError, call_command

from accounts.roles import Role
from documents.models import SigningKey
from documents.signing.devchain import DEV_PASSPHRASE, NOT_VALID, DevChain
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def _cn(certificate: x509.Certificate) -> str:
    return certificate.subject.get_attributes_for_oid(x509.NameOID.COMMON_NAME)[0].value  # type: ignore[return-value]


def test_command_writes_a_chain_marked_not_valid_and_the_users_keys(tmp_path):
    mayor = UserFactory(role=Role.MAYOR, username="prefeita")

    call_command("signing_dev_chain", folder=str(tmp_path), user=["prefeita:senha-de-teste-123"])

    chain = DevChain(tmp_path)
    assert chain.complete()
    root = x509.load_pem_x509_certificate(chain.root.read_bytes())
    _key, seal, _others = pkcs12.load_key_and_certificates(
        chain.seal.read_bytes(), DEV_PASSPHRASE.encode()
    )
    assert NOT_VALID in _cn(root) and NOT_VALID in _cn(seal)  # type: ignore[arg-type]
    key = SigningKey.objects.get(user=mayor)
    assert NOT_VALID in key.subject


def test_command_refuses_a_wrong_password_for_a_users_key(tmp_path):
    UserFactory(role=Role.MAYOR, username="prefeita")

    with pytest.raises(CommandError):
        call_command("signing_dev_chain", folder=str(tmp_path), user=["prefeita:errada"])
    assert not SigningKey.objects.exists()
