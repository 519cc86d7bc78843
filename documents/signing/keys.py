"""The person who acted signs the document of his act (advanced electronic signature,
Lei 14.063/2020 art. 4º II and art. 5º): his key is his alone, usable only with his password.

- A key is made at the user's first signed act: the `cryptography` package generates it,
  the internal authority (SIGNING_USERS_CA_PKCS12) certifies it, and it is kept only as a
  PKCS#12 archive encrypted with the password he typed to confirm that act (the library's
  PBES2: PBKDF2 and AES-256). The application never holds it in the clear between acts.
- `document_sign_by` is called inside the act's transaction: the password is checked, the
  key opened, the PDF drawn with the visible line naming him and signed (pyHanko); the
  timeline records it. A wrong password refuses the whole act: nothing is written.
- The seal is added afterwards by the worker, as a later incremental signature, so his
  signature stays valid under it.
- Lifecycle: a key that cannot be opened with his current password (he changed it) or that
  expired is revoked and a new one made; `signing_keys_revoke_inactive` revokes the keys
  of deactivated users. Documents already signed stay valid.
"""

from __future__ import annotations

import datetime as dt

from cryptography import x509
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.serialization import pkcs12
from cryptography.x509.oid import NameOID
from django.conf import settings
from django.core.files.base import ContentFile
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _l

from accounts.models import User
from cases.models import Case
from cases.services.transitions import case_record
from cases.workflow import ActionField
from core.errors import NotPermitted
from documents.models import OfficialDocument, SigningKey
from documents.signing.devchain import NOT_VALID, certificate_build, not_valid_name, pkcs12_bytes
from documents.signing.pades import SigningUnavailable, pdf_sign, pkcs12_signer

SIGNER_FIELD = "AssinaturaServidor"
KEY_DAYS = 365 * 3
LEGAL_BASIS = "Art. 4 II, da Lei 14.063/2020"


def _users_ca() -> tuple[ec.EllipticCurvePrivateKey, x509.Certificate, list[x509.Certificate]]:
    try:
        with open(settings.SIGNING_USERS_CA_PKCS12, "rb") as handle:
            key, cert, chain = pkcs12.load_key_and_certificates(
                handle.read(), settings.SIGNING_USERS_CA_PASSPHRASE.encode()
            )
    except (OSError, ValueError) as exc:
        raise SigningUnavailable(f"users' authority not usable: {exc}") from exc
    assert cert is not None and key is not None
    return key, cert, list(chain)  # type: ignore[return-value]


def _subject(user: User, ca: x509.Certificate) -> x509.Name:
    name = user.signature_name()
    # A key certified by the development authority says so in its own name.
    common = not_valid_name(name) if NOT_VALID in ca.subject.rfc4514_string() else name[:64]
    return x509.Name(
        [
            x509.NameAttribute(NameOID.COUNTRY_NAME, "BR"),
            x509.NameAttribute(NameOID.ORGANIZATION_NAME, "Prefeitura Municipal de Mantenópolis"),
            x509.NameAttribute(NameOID.COMMON_NAME, common),
            x509.NameAttribute(NameOID.SERIAL_NUMBER, f"user-{user.pk}"),
        ]
    )


def signing_key_create(*, user: User, password: str, now: dt.datetime) -> SigningKey:
    """A new key for `user`, certified by the users' authority, kept encrypted with `password`."""
    ca_key, ca_cert, ca_chain = _users_ca()
    key = ec.generate_private_key(ec.SECP256R1())
    certificate = certificate_build(
        subject=_subject(user, ca_cert),
        public_key=key.public_key(),
        issuer=ca_cert.subject,
        issuer_key=ca_key,
        ca=False,
        now=now,
        days=KEY_DAYS,
    )
    return SigningKey.objects.create(
        user=user,
        pkcs12=pkcs12_bytes(
            name=user.get_username(),
            key=key,
            certificate=certificate,
            chain=[ca_cert, *ca_chain],
            passphrase=password,
        ),
        subject=certificate.subject.rfc4514_string()[:200],
        serial=format(certificate.serial_number, "x")[:64],
        not_after=certificate.not_valid_after_utc,
    )


def signing_key_revoke(*, key: SigningKey, reason: str, now: dt.datetime) -> None:
    key.revoked_at = now
    key.revoked_reason = reason[:200]
    key.save(update_fields=["revoked_at", "revoked_reason"])


def user_signer(*, user: User, password: str, now: dt.datetime):  # type: ignore[no-untyped-def]
    """The user's signer, opened with his password; his key is made at first use and renewed
    when expired or no longer opened by his password. Call inside the act's transaction."""
    key = SigningKey.objects.select_for_update().filter(user=user, revoked_at__isnull=True).first()
    if key is not None and key.not_after <= now + dt.timedelta(days=1):
        signing_key_revoke(key=key, reason="expirada: renovada", now=now)
        key = None
    if key is not None:
        try:
            return pkcs12_signer(bytes(key.pkcs12), password)
        except SigningUnavailable:
            # The password was checked first: it changed since the key was made.
            signing_key_revoke(key=key, reason="senha alterada: renovada", now=now)
    key = signing_key_create(user=user, password=password, now=now)
    return pkcs12_signer(bytes(key.pkcs12), password)


def signing_key_ensure(*, user: User, password: str) -> SigningKey:
    """The user's active key, made now if he has none (the demo's users, ahead of their
    first act). Raises NotPermitted when `password` is not his."""
    password_confirm(user=user, password=password)
    now = timezone.now()
    with transaction.atomic():
        user_signer(user=user, password=password, now=now)
        return SigningKey.objects.get(user=user, revoked_at__isnull=True)


def password_confirm(*, user: User, password: str) -> None:
    """The act is confirmed by the user's own password, or it is not taken (403)."""
    if not password or not user.check_password(password):
        raise NotPermitted(
            _("Senha incorreta: confirme o ato com a sua senha para assiná-lo eletronicamente.")
        )


def document_sign_by(
    *,
    document: OfficialDocument,
    actor: User,
    password: str,
    case: Case | None = None,
    now: dt.datetime | None = None,
) -> OfficialDocument:
    """The actor signs the document of his act, in the act's transaction (one step).

    The PDF is drawn now, with the line naming him, and signed with his key; the seal is
    added after commit over it. Raises NotPermitted on a wrong password (the caller's
    transaction rolls back: no act without its signature).
    """
    from documents.services import document_pdf

    now = now or timezone.now()
    password_confirm(user=actor, password=password)
    signer = user_signer(user=actor, password=password, now=now)
    document.signed_by = actor
    document.signed_at = now
    pdf = pdf_sign(
        document_pdf(document),
        signer=signer,
        field_name=SIGNER_FIELD,
        reason=(
            f"{document.get_kind_display()} nº {document.number}; "
            f"código de verificação {document.verification_code}; {LEGAL_BASIS}"
        ),
        name=actor.signature_name(),
    )
    document.signer_pdf.save(
        f"{document.number.replace('/', '-')}-{SIGNER_FIELD}.pdf", ContentFile(pdf), save=False
    )
    document.save(update_fields=["signed_by", "signed_at", "signer_pdf"])
    if case is not None:
        case_record(
            case=case,
            actor=actor,
            event="document_signed",
            article="Lei 14.063/2020 Art. 4",
            data={"document": document.number, "kind": document.kind},
        )
    return document


def signing_keys_revoke_inactive(*, now: dt.datetime | None = None) -> int:
    """Revoke the keys of users who were deactivated (their signed documents stay valid)."""
    now = now or timezone.now()
    with transaction.atomic():
        keys = list(
            SigningKey.objects.select_for_update().filter(
                revoked_at__isnull=True, user__is_active=False
            )
        )
        for key in keys:
            signing_key_revoke(key=key, reason="usuário desativado", now=now)
    return len(keys)


SIGNING_PASSWORD = ActionField(
    "password",
    _l("Sua senha (assina o documento do ato eletronicamente, Lei 14.063/2020)"),
    "password",
    required=False,
)
"""The input a deciding action adds: the actor's password, with which he signs its document."""
