"""A development certificate chain, so the demo and the tests sign and validate for real.

NOT VALID for anything: every name says "(TESTE — SEM VALIDADE)". One folder holds

- ``root.pem`` — the development root (the trust anchor the validator is given);
- ``seal.p12`` — the municipality's seal certificate, an A1-style PKCS#12 with its key,
  protected by ``DEV_PASSPHRASE`` (what SIGNING_SEAL_PKCS12 points to in the demo);
- ``users-ca.p12`` — the internal authority that certifies each user's own signing key
  (SIGNING_USERS_CA_PKCS12), created at the user's first signature (documents.signing.keys);
- ``icp-test-root.pem`` and ``icp-test-ca.p12`` — an ICP-Brasil-STYLE root and authority,
  for the tests of signed uploads (a citizen's certificate carries his CPF the way
  ICP-Brasil certificates do: DOC-ICP-04 otherName 2.16.76.1.3.1).

Only the `cryptography` package's x509 builder is used: no cryptography of our own.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.serialization import pkcs12
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

DEV_PASSPHRASE = "desenvolvimento"
"""The passphrase of every PKCS#12 file of the development chain (it protects nothing)."""

NOT_VALID = "(TESTE — SEM VALIDADE)"
ICP_BRASIL_PF_DATA = x509.ObjectIdentifier("2.16.76.1.3.1")
"""DOC-ICP-04 §7.1.2.3: a natural person's data (birth date, CPF, NIS, RG) in subjectAltName."""

_YEARS = 5


@dataclass(frozen=True)
class DevChain:
    folder: Path

    @property
    def root(self) -> Path:
        return self.folder / "root.pem"

    @property
    def seal(self) -> Path:
        return self.folder / "seal.p12"

    @property
    def users_ca(self) -> Path:
        return self.folder / "users-ca.p12"

    @property
    def icp_test_root(self) -> Path:
        return self.folder / "icp-test-root.pem"

    @property
    def icp_test_ca(self) -> Path:
        return self.folder / "icp-test-ca.p12"

    def complete(self) -> bool:
        return all(
            p.exists()
            for p in (self.root, self.seal, self.users_ca, self.icp_test_root, self.icp_test_ca)
        )


def _name(
    common_name: str, *, organization: str = "Prefeitura Municipal de Mantenópolis"
) -> x509.Name:
    return x509.Name(
        [
            x509.NameAttribute(NameOID.COUNTRY_NAME, "BR"),
            x509.NameAttribute(NameOID.ORGANIZATION_NAME, organization),
            x509.NameAttribute(NameOID.COMMON_NAME, common_name),
        ]
    )


def not_valid_name(name: str) -> str:
    """A common name that says it is not valid, within the 64 characters X.520 allows."""
    return f"{name[: 63 - len(NOT_VALID)]} {NOT_VALID}"


def _key() -> ec.EllipticCurvePrivateKey:
    # P-256: quick to make (the tests make a chain per session) and accepted by PAdES.
    return ec.generate_private_key(ec.SECP256R1())


def certificate_build(
    *,
    subject: x509.Name,
    public_key: ec.EllipticCurvePublicKey,
    issuer: x509.Name,
    issuer_key: ec.EllipticCurvePrivateKey,
    ca: bool,
    now: dt.datetime,
    days: int = 365 * _YEARS,
    alt_names: list[x509.GeneralName] | None = None,
) -> x509.Certificate:
    """A certificate for `public_key`, signed by `issuer_key` (the x509 builder does the work)."""
    builder = (
        x509.CertificateBuilder()
        .subject_name(subject)
        .issuer_name(issuer)
        .public_key(public_key)
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - dt.timedelta(minutes=5))
        .not_valid_after(now + dt.timedelta(days=days))
        .add_extension(x509.BasicConstraints(ca=ca, path_length=None), critical=True)
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(public_key), critical=False)
    )
    if ca:
        builder = builder.add_extension(
            x509.KeyUsage(
                digital_signature=False,
                content_commitment=False,
                key_encipherment=False,
                data_encipherment=False,
                key_agreement=False,
                key_cert_sign=True,
                crl_sign=True,
                encipher_only=False,
                decipher_only=False,
            ),
            critical=True,
        )
    else:
        builder = builder.add_extension(
            x509.KeyUsage(
                digital_signature=True,
                content_commitment=True,
                key_encipherment=False,
                data_encipherment=False,
                key_agreement=False,
                key_cert_sign=False,
                crl_sign=False,
                encipher_only=False,
                decipher_only=False,
            ),
            critical=True,
        ).add_extension(
            x509.ExtendedKeyUsage([ExtendedKeyUsageOID.EMAIL_PROTECTION]), critical=False
        )
    if alt_names:
        builder = builder.add_extension(x509.SubjectAlternativeName(alt_names), critical=False)
    if issuer_key is not None and issuer != subject:
        builder = builder.add_extension(
            x509.AuthorityKeyIdentifier.from_issuer_public_key(issuer_key.public_key()),
            critical=False,
        )
    return builder.sign(issuer_key, hashes.SHA256())


def pkcs12_bytes(
    *,
    name: str,
    key: ec.EllipticCurvePrivateKey,
    certificate: x509.Certificate,
    chain: list[x509.Certificate],
    passphrase: str,
) -> bytes:
    """A PKCS#12 archive encrypted with `passphrase` (the library's best available PBES2)."""
    return pkcs12.serialize_key_and_certificates(
        name.encode(),
        key,
        certificate,
        chain,
        serialization.BestAvailableEncryption(passphrase.encode()),
    )


def _pem(certificate: x509.Certificate) -> bytes:
    return certificate.public_bytes(serialization.Encoding.PEM)


def _write(path: Path, content: bytes) -> None:
    path.write_bytes(content)
    path.chmod(0o600)


def icp_person_alt_name(*, cpf: str, birth_date: dt.date) -> x509.GeneralName:
    """The otherName of DOC-ICP-04 for a natural person: birth date (DDMMAAAA), CPF (11),
    NIS (11 zeros), RG (15 zeros), issuer and state of the RG (6 blanks), as an OCTET STRING
    holding the digits (the form ICP-Brasil certificates use)."""
    digits = birth_date.strftime("%d%m%Y") + cpf + "0" * 11 + "0" * 15 + " " * 6
    value = bytes([0x04, len(digits)]) + digits.encode("ascii")
    return x509.OtherName(ICP_BRASIL_PF_DATA, value)


def dev_chain_create(
    folder: Path, *, now: dt.datetime | None = None, force: bool = False
) -> DevChain:
    """Write the development chain into `folder` (kept as it is when complete, unless `force`)."""
    chain = DevChain(folder)
    if chain.complete() and not force:
        return chain
    folder.mkdir(parents=True, exist_ok=True)
    now = now or dt.datetime.now(dt.UTC)

    root_key = _key()
    root_name = _name(f"Raiz de desenvolvimento Mantenópolis {NOT_VALID}")
    root = certificate_build(
        subject=root_name,
        public_key=root_key.public_key(),
        issuer=root_name,
        issuer_key=root_key,
        ca=True,
        now=now,
        days=365 * 10,
    )
    _write(chain.root, _pem(root))

    seal_key = _key()
    seal = certificate_build(
        subject=_name(f"MUNICIPIO DE MANTENOPOLIS {NOT_VALID}"),
        public_key=seal_key.public_key(),
        issuer=root_name,
        issuer_key=root_key,
        ca=False,
        now=now,
    )
    _write(
        chain.seal,
        pkcs12_bytes(
            name="selo", key=seal_key, certificate=seal, chain=[root], passphrase=DEV_PASSPHRASE
        ),
    )

    users_key = _key()
    users = certificate_build(
        subject=_name(f"AC dos servidores de Mantenópolis {NOT_VALID}"),
        public_key=users_key.public_key(),
        issuer=root_name,
        issuer_key=root_key,
        ca=True,
        now=now,
    )
    _write(
        chain.users_ca,
        pkcs12_bytes(
            name="ac-servidores",
            key=users_key,
            certificate=users,
            chain=[root],
            passphrase=DEV_PASSPHRASE,
        ),
    )

    icp_root_key = _key()
    icp_root_name = _name(
        f"Autoridade Certificadora Raiz de teste {NOT_VALID}", organization="ICP-Brasil"
    )
    icp_root = certificate_build(
        subject=icp_root_name,
        public_key=icp_root_key.public_key(),
        issuer=icp_root_name,
        issuer_key=icp_root_key,
        ca=True,
        now=now,
        days=365 * 10,
    )
    _write(chain.icp_test_root, _pem(icp_root))
    icp_ca_key = _key()
    icp_ca = certificate_build(
        subject=_name(f"AC de teste para cidadãos {NOT_VALID}", organization="ICP-Brasil"),
        public_key=icp_ca_key.public_key(),
        issuer=icp_root_name,
        issuer_key=icp_root_key,
        ca=True,
        now=now,
    )
    _write(
        chain.icp_test_ca,
        pkcs12_bytes(
            name="ac-teste",
            key=icp_ca_key,
            certificate=icp_ca,
            chain=[icp_root],
            passphrase=DEV_PASSPHRASE,
        ),
    )
    return chain


def citizen_pkcs12(
    chain: DevChain,
    *,
    name: str,
    cpf: str,
    birth_date: dt.date,
    passphrase: str,
    now: dt.datetime | None = None,
) -> bytes:
    """A citizen's ICP-Brasil-style certificate from the TEST authority (for tests and demo)."""
    now = now or dt.datetime.now(dt.UTC)
    ca_key, ca_cert, ca_chain = pkcs12.load_key_and_certificates(
        chain.icp_test_ca.read_bytes(), DEV_PASSPHRASE.encode()
    )
    assert isinstance(ca_key, ec.EllipticCurvePrivateKey) and ca_cert is not None
    key = _key()
    certificate = certificate_build(
        subject=x509.Name(
            [
                x509.NameAttribute(NameOID.COUNTRY_NAME, "BR"),
                x509.NameAttribute(NameOID.ORGANIZATION_NAME, "ICP-Brasil"),
                x509.NameAttribute(NameOID.COMMON_NAME, not_valid_name(f"{name}:{cpf}")),
            ]
        ),
        public_key=key.public_key(),
        issuer=ca_cert.subject,
        issuer_key=ca_key,
        ca=False,
        now=now,
        days=365,
        alt_names=[icp_person_alt_name(cpf=cpf, birth_date=birth_date)],
    )
    return pkcs12_bytes(
        name=name,
        key=key,
        certificate=certificate,
        chain=[ca_cert, *ca_chain],
        passphrase=passphrase,
    )
