"""The person who acted signs the document of his act (advanced electronic signature,
Lei 14.063/2020 art. 4º II and art. 5º): his key is his alone, usable only when he confirms
the act with his password or, if he set one up, his second factor (TOTP, identity/).

- A key is made at the user's first signed act: the `cryptography` package generates it,
  the internal authority (SIGNING_USERS_CA_PKCS12) certifies it, and it is kept only as a
  PKCS#12 archive encrypted with the password he typed to confirm that act (the library's
  PBES2: PBKDF2 and AES-256). The application never holds it in the clear between acts.
- Confirming with the second factor: the same key is also kept in a second PKCS#12 copy,
  encrypted with a passphrase only the application holds (SIGNING_KEYS_CUSTODY_SECRET),
  made only for users who have a confirmed TOTP device; it is opened only after a valid
  code of his device (django-otp: each code counts once). The reading and the other one
  are in docs/interpretations.md ("Confirming a signed act").
- `document_sign_by` is called inside the act's transaction: the password (or code) is
  checked, the key opened, the PDF drawn with the visible line naming him and signed
  (pyHanko); the timeline records "assinado por …". A wrong password or code refuses the
  whole act: nothing is written.
- The seal is added afterwards by the worker, as a later incremental signature, so his
  signature stays valid under it.
- Lifecycle: a key that cannot be opened with his current password (he changed it) or that
  expired is revoked and a new one made; `signing_keys_revoke_inactive` revokes the keys
  of deactivated users. Documents already signed stay valid.
"""

from __future__ import annotations

import datetime as dt
import threading
import time
from dataclasses import dataclass, field

from cryptography import x509
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.serialization import pkcs12
from cryptography.x509.oid import NameOID
from django.conf import settings
from django.core.files.base import ContentFile
from django.db import transaction
from django.utils import timezone
from django.utils.crypto import salted_hmac
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _l

from accounts.models import User
from accounts.throttle import (
    ActConfirmLocked,
    act_confirm_allow,
    act_confirm_failed,
    act_confirm_passed,
)
from cases.models import Case
from cases.services.transitions import case_record
from cases.workflow import ActionField
from core.errors import NotPermitted, RuleViolation, TooManyAttempts
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


def custody_passphrase(user: User) -> str:
    """The passphrase of the copy opened by the second factor: the application's secret
    (SIGNING_KEYS_CUSTODY_SECRET, else SECRET_KEY) bound to the user, through Django's HMAC."""
    secret = settings.SIGNING_KEYS_CUSTODY_SECRET or settings.SECRET_KEY
    return salted_hmac("documents.signing.custody", f"user-{user.pk}", secret=secret).hexdigest()


def signing_key_create(
    *, user: User, password: str, now: dt.datetime, custody: bool = False
) -> SigningKey:
    """A new key for `user`, certified by the users' authority, kept encrypted with `password`
    (when given) and, with `custody`, in the copy his second factor opens."""
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

    def archive(passphrase: str) -> bytes:
        return pkcs12_bytes(
            name=user.get_username(),
            key=key,
            certificate=certificate,
            chain=[ca_cert, *ca_chain],
            passphrase=passphrase,
        )

    return SigningKey.objects.create(
        user=user,
        pkcs12=archive(password) if password else b"",
        pkcs12_custody=archive(custody_passphrase(user)) if custody else b"",
        subject=certificate.subject.rfc4514_string()[:200],
        serial=format(certificate.serial_number, "x")[:64],
        not_after=certificate.not_valid_after_utc,
    )


def signing_key_revoke(*, key: SigningKey, reason: str, now: dt.datetime) -> None:
    key.revoked_at = now
    key.revoked_reason = reason[:200]
    key.save(update_fields=["revoked_at", "revoked_reason"])


@dataclass(frozen=True)
class Confirmation:
    """How the signer confirmed the act: his password, or a code of his second factor."""

    user: User
    # Never in a repr (a traceback, a log line).
    password: str = field(default="", repr=False)
    """The password he typed ("" when he confirmed with the second factor)."""

    @property
    def second_factor(self) -> bool:
        return not self.password


class _Confirmed(threading.local):
    def __init__(self) -> None:
        self.codes: dict[tuple[int, str], float] = {}


_CONFIRMED = _Confirmed()
CODE_REUSE_SECONDS = 60
"""One act may sign several documents (a vote and the decision it settles; a letter and the
fine notification in its envelope) with the one code he typed: django-otp refuses a code
used once, so the code that confirmed the act is remembered by this thread for a minute."""


def _confirmed_just_now(user: User, code: str) -> bool:
    now = time.monotonic()
    for known, at in list(_CONFIRMED.codes.items()):
        if now - at > CODE_REUSE_SECONDS:
            del _CONFIRMED.codes[known]
    return (user.pk, code) in _CONFIRMED.codes


CONFIRMATION_REQUIRED = _l(
    "Confirme o ato com a sua senha ou com o código do seu segundo fator: com ela você "
    "assina eletronicamente o documento do ato (Lei 14.063/2020), e sem ela o ato não é "
    "registrado."
)


def act_confirm(*, user: User, credential: str) -> Confirmation:
    """The act is confirmed by the user's own password or by a current code of his second
    factor (a TOTP device of django-otp), or it is not taken: left blank, 400 (an act
    that issues a document signed by its actor is never taken unsigned); wrong, 403;
    after ACT_CONFIRM_FAILURE_LIMIT wrong ones in a row, 429 for a while even with the
    right one (accounts.throttle.act_confirm_allow).

    The password is tried first; a code is tried only when it is not his password and he
    has a confirmed device. django-otp refuses a code already used (no replay)."""
    if not credential:
        raise RuleViolation(
            CONFIRMATION_REQUIRED,
            code="confirmation_required",
            fields={"password": [str(CONFIRMATION_REQUIRED)]},
        )
    try:
        act_confirm_allow(user)
    except ActConfirmLocked as exc:
        raise TooManyAttempts(
            _(
                "Muitas confirmações erradas seguidas: por segurança, os seus atos "
                "assinados ficam bloqueados por %(minutes)d minuto(s). Tente de novo depois."
            )
            % {"minutes": -(-exc.retry_after // 60)},
            retry_after=exc.retry_after,
        ) from None
    confirmation = _credential_match(user, credential)
    if confirmation is None:
        act_confirm_failed(user)
        raise _wrong_credential()
    act_confirm_passed(user)
    return confirmation


def _credential_match(user: User, credential: str) -> Confirmation | None:
    if user.check_password(credential):
        return Confirmation(user=user, password=credential)
    code = credential.strip().replace(" ", "")
    if code.isdigit() and 6 <= len(code) <= 8:
        from django_otp import match_token

        if _confirmed_just_now(user, code) or match_token(user, code) is not None:
            _CONFIRMED.codes[(user.pk, code)] = time.monotonic()
            # Forgotten when the act commits (a rolled-back one forgets it after a minute).
            transaction.on_commit(lambda: _CONFIRMED.codes.pop((user.pk, code), None))
            return Confirmation(user=user)
    return None


def _wrong_credential() -> NotPermitted:
    return NotPermitted(
        _(
            "Senha ou código incorreto: confirme o ato com a sua senha ou com o código do seu "
            "segundo fator para assiná-lo eletronicamente."
        )
    )


def _has_second_factor(user: User) -> bool:
    from django_otp import devices_for_user

    return any(True for _device in devices_for_user(user, confirmed=True))


def user_signer(*, confirmation: Confirmation, now: dt.datetime):  # type: ignore[no-untyped-def]
    """The user's signer, opened as he confirmed the act: with his password, or (second
    factor) the custody copy. His key is made at first use and renewed when expired or no
    longer opened. Call inside the act's transaction, after `act_confirm`."""
    user = confirmation.user
    key = SigningKey.objects.select_for_update().filter(user=user, revoked_at__isnull=True).first()
    if key is not None and key.not_after <= now + dt.timedelta(days=1):
        signing_key_revoke(key=key, reason="expirada: renovada", now=now)
        key = None
    if key is not None:
        signer = _key_open(key, confirmation, now=now)
        if signer is not None:
            return signer
    key = signing_key_create(
        user=user,
        password=confirmation.password,
        now=now,
        custody=confirmation.second_factor or _has_second_factor(user),
    )
    if confirmation.second_factor:
        return pkcs12_signer(bytes(key.pkcs12_custody), custody_passphrase(user))
    return pkcs12_signer(bytes(key.pkcs12), confirmation.password)


def _key_open(key: SigningKey, confirmation: Confirmation, *, now: dt.datetime):  # type: ignore[no-untyped-def]
    """`key` opened as confirmed, or None after revoking it when it cannot be."""
    custody = bytes(key.pkcs12_custody)
    if confirmation.second_factor:
        if custody:
            return pkcs12_signer(custody, custody_passphrase(key.user))
        signing_key_revoke(key=key, reason="sem cópia para o segundo fator: renovada", now=now)
        return None
    if bytes(key.pkcs12):
        try:
            return pkcs12_signer(bytes(key.pkcs12), confirmation.password)
        except SigningUnavailable:
            pass
    if custody:
        # He proved his password (act_confirm) and the key has the second factor's copy
        # (made by a code, or his password changed): keep it, now also under this password.
        signer = pkcs12_signer(custody, custody_passphrase(key.user))
        key.pkcs12 = _reencrypt(custody, custody_passphrase(key.user), confirmation.password)
        key.save(update_fields=["pkcs12"])
        return signer
    # The password was checked first: it changed since the key was made.
    signing_key_revoke(key=key, reason="senha alterada: renovada", now=now)
    return None


def _reencrypt(archive: bytes, old: str, new: str) -> bytes:
    """The same key and certificates in a PKCS#12 archive under another passphrase."""
    key, cert, chain = pkcs12.load_key_and_certificates(archive, old.encode())
    assert isinstance(key, ec.EllipticCurvePrivateKey) and cert is not None
    return pkcs12_bytes(name="", key=key, certificate=cert, chain=list(chain), passphrase=new)


def signing_key_ensure(*, user: User, password: str) -> SigningKey:
    """The user's active key, made now if he has none (the demo's users, ahead of their
    first act). Raises NotPermitted when `password` is not his."""
    confirmation = act_confirm(user=user, credential=password)
    now = timezone.now()
    with transaction.atomic():
        user_signer(confirmation=confirmation, now=now)
        return SigningKey.objects.get(user=user, revoked_at__isnull=True)


def document_sign_by(
    *,
    document: OfficialDocument,
    actor: User,
    password: str,
    case: Case | None = None,
    now: dt.datetime | None = None,
) -> OfficialDocument:
    """The actor signs the document of his act, in the act's transaction (one step).

    `password` is what he confirmed the act with: his password or a code of his second
    factor (`act_confirm`). The PDF is drawn now, with the line naming him, and signed with
    his key; the seal is added after commit over it. Raises NotPermitted on a wrong
    password or code (the caller's transaction rolls back: no act without its signature).
    """
    confirmation = act_confirm(user=actor, credential=password)
    return document_sign_confirmed(document=document, confirmation=confirmation, case=case, now=now)


def document_sign_confirmed(
    *,
    document: OfficialDocument,
    confirmation: Confirmation,
    case: Case | None = None,
    now: dt.datetime | None = None,
) -> OfficialDocument:
    """`document_sign_by` once the act is confirmed: an act that signs several documents
    (one notice per item, a letter and its fine notification) confirms once, since a
    second factor's code counts only once."""
    from documents.services import document_pdf

    actor = confirmation.user
    now = now or timezone.now()
    signer = user_signer(confirmation=confirmation, now=now)
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
            # The timeline's words: who signed which document, and how he confirmed it.
            note=_("Assinado por %(name)s: %(kind)s nº %(number)s (%(how)s).")
            % {
                "name": actor.signature_name(),
                "kind": document.get_kind_display(),
                "number": document.number,
                "how": _("confirmado com o segundo fator")
                if confirmation.second_factor
                else _("confirmado com a senha"),
            },
            data={
                "document": document.number,
                "kind": document.kind,
                "signer": actor.signature_name(),
                "confirmed_by": "second_factor" if confirmation.second_factor else "password",
            },
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
    _l(
        "Sua senha ou o código do seu segundo fator (assina o documento do ato "
        "eletronicamente, Lei 14.063/2020)"
    ),
    "password",
    required_message=CONFIRMATION_REQUIRED,
)
"""The input a signed action adds: the actor's password or second factor's code, with which
he signs its document. Required: the act and his signature are one step (CONFIRMATION_REQUIRED
when left blank)."""
