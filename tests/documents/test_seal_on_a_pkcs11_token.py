"""The municipality's seal from a PKCS#11 token (an A3 e-CNPJ or an HSM in production;
SoftHSM2 here, with the development chain's seal key and certificate imported): the sealed
PDF validates with pyHanko's validator (signer, integrity, chain to the development root)
and fails on a changed byte; a token that will not open leaves the act standing and the
document "assinatura pendente" (issue 21, point 6; Lei 14.063/2020 art. 4º)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.serialization import pkcs12

from documents.models import OfficialDocument
from documents.services import document_issue, document_render
from documents.signing.devchain import DEV_PASSPHRASE
from tests.documents.signed_acts import checked, content, one_byte_changed

pytestmark = pytest.mark.django_db

TOKEN = "selo-teste"
KEY = "selo"
PIN = "5678"
MODULES = ("/usr/lib/softhsm/libsofthsm2.so", "/usr/lib/x86_64-linux-gnu/softhsm/libsofthsm2.so")


def _module() -> str | None:
    return next((m for m in MODULES if Path(m).exists()), None)


@pytest.fixture(scope="module")
def softhsm_token(tmp_path_factory, dev_chain) -> str:
    """A SoftHSM2 token in a temporary folder holding the dev seal's key and certificate.

    Made before any PKCS#11 library is loaded in this process: SoftHSM reads its
    configuration (SOFTHSM2_CONF) and its tokens when the library is initialised."""
    module = _module()
    if shutil.which("softhsm2-util") is None or module is None:
        pytest.skip("softhsm2 is not installed (bin/setup installs it)")
    import os

    folder = tmp_path_factory.mktemp("softhsm")
    (folder / "tokens").mkdir()
    config = folder / "softhsm2.conf"
    config.write_text(
        f"directories.tokendir = {folder / 'tokens'}\nobjectstore.backend = file\n"
        "log.level = ERROR\n"
    )
    os.environ["SOFTHSM2_CONF"] = str(config)
    key, cert, _chain = pkcs12.load_key_and_certificates(
        dev_chain.seal.read_bytes(), DEV_PASSPHRASE.encode()
    )
    assert key is not None and cert is not None
    pem = folder / "seal-key.pem"
    pem.write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )
    util = ["softhsm2-util"]
    subprocess.run(
        [*util, "--init-token", "--free", "--label", TOKEN, "--so-pin", "1234", "--pin", PIN],
        check=True,
        capture_output=True,
    )
    subprocess.run(
        [*util, "--import", str(pem), "--token", TOKEN, "--label", KEY, "--id", "01"]
        + ["--pin", PIN],
        check=True,
        capture_output=True,
    )
    pem.unlink()
    # The certificate beside its key, under the same label (python-pkcs11, what pyHanko uses).
    import pkcs11
    from pkcs11 import Attribute, CertificateType, ObjectClass

    token = pkcs11.lib(module).get_token(token_label=TOKEN)
    with token.open(rw=True, user_pin=PIN) as session:
        session.create_object(
            {
                Attribute.CLASS: ObjectClass.CERTIFICATE,
                Attribute.CERTIFICATE_TYPE: CertificateType.X_509,
                Attribute.TOKEN: True,
                Attribute.LABEL: KEY,
                Attribute.ID: b"\x01",
                Attribute.SUBJECT: cert.subject.public_bytes(),
                Attribute.VALUE: cert.public_bytes(serialization.Encoding.DER),
            }
        )
    return module


@pytest.fixture
def token_seal(settings, softhsm_token):
    settings.SIGNING_SEAL_PKCS11_MODULE = softhsm_token
    settings.SIGNING_SEAL_PKCS11_TOKEN = TOKEN
    settings.SIGNING_SEAL_PKCS11_KEY = KEY
    settings.SIGNING_SEAL_PKCS11_PIN = PIN
    # The A1 file is out of reach: the seal can only come from the token.
    settings.SIGNING_SEAL_PKCS12 = "/nonexistent/seal.p12"
    return settings


def _letter() -> OfficialDocument:
    letter = document_issue(
        kind=OfficialDocument.Kind.REGISTERED_LETTER,
        context={"recipient": {"name": "José"}, "subject": "Teste", "body": "Corpo."},
    )
    return document_render(document_id=letter.pk)


def test_the_seal_from_a_pkcs11_token_validates_lei_14063_art_4(token_seal):
    document = _letter()

    pdf = content(document)
    [seal] = checked(pdf).signatures
    assert document.signature == OfficialDocument.Signature.SIGNED, document.signature_error
    assert seal.signer == "MUNICIPIO DE MANTENOPOLIS (TESTE — SEM VALIDADE)"
    assert seal.ok and seal.intact and seal.valid and seal.trusted
    altered = checked(one_byte_changed(pdf))
    assert altered.altered and not altered.all_ok


def test_a_token_that_will_not_open_leaves_the_document_pending_lei_14063_art_4(token_seal):
    token_seal.SIGNING_SEAL_PKCS11_PIN = "0000"

    document = _letter()

    assert document.status == OfficialDocument.Status.READY
    assert document.signature == OfficialDocument.Signature.PENDING
    assert "PKCS#11" in document.signature_error
