"""Self-registration of a future applicant: an account confirmed by e-mail (Art. 10 §1).

A person who is not yet a driver opens an account to file an authorization application
and follow it. The account stays inactive until the link sent to the address is used, so
nobody can file in another person's name with an address they do not read.

Nobody takes an account through this door (issue 20):
- a sign-up never changes an existing account, active or not: the address is told it
  already has one (and how to reset its password), nothing else happens;
- the page answers the same, after the same work (the password is hashed, one mail
  leaves), whether or not the address has an account;
- a confirmation link lives SIGNUP_LINK_MAX_AGE seconds and works once: it is bound to the
  account's state (password, active flag, last login), which its use changes;
- sign-up and "send the link again" are counted per address and per client
  (accounts.throttle).
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.password_validation import validate_password
from django.core import signing
from django.core.exceptions import ValidationError
from django.core.mail import send_mail
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.crypto import constant_time_compare, salted_hmac
from django.utils.translation import gettext as _

from accounts.models import User
from accounts.roles import Role
from accounts.services import user_grant_role
from accounts.throttle import account_mail_allow

SALT = "accounts.signup"


class SignupError(Exception):
    """What the page shows next to the form (accounts sits below the case engine, so it
    has its own error rather than the engine's RuleViolation)."""

    def __init__(self, message: str, *, code: str) -> None:
        super().__init__(message)
        self.code = code


def _url(name: str, *args: object) -> str:
    return settings.PUBLIC_BASE_URL.rstrip("/") + reverse(name, args=args)


def _state(user: User) -> str:
    """What a confirmation link is bound to: activating the account (or any new password,
    a login, a change by the administrator) changes it, so a link works once."""
    value = f"{user.pk}:{user.password}:{user.is_active}:{user.last_login}"
    return salted_hmac(SALT, value, algorithm="sha256").hexdigest()[:32]


def _link(user: User) -> str:
    token = signing.dumps({"user": user.pk, "state": _state(user)}, salt=SALT)
    return _url("signup-confirm", token)


def _mail(template: str, email: str, **context: object) -> None:
    """One mail to `email`, sent when the request's transaction commits."""
    context = {"reset": _url("password_reset"), "signup": _url("signup"), **context}
    context["resend"] = _url("signup-resend")
    body = render_to_string(f"accounts/{template}.txt", context)
    subject = render_to_string(f"accounts/{template}.subject.txt", context).strip()
    transaction.on_commit(lambda: send_mail(subject, body, settings.DEFAULT_FROM_EMAIL, [email]))


def _account_for(email: str) -> User | None:
    return (
        User.objects.filter(Q(email__iexact=email) | Q(username__iexact=email))
        .order_by("pk")
        .first()
    )


def _pending(user: User) -> bool:
    """A sign-up never confirmed: inactive, never signed in, no role. A disabled employee
    or driver is not pending, and nothing here ever activates him."""
    return not user.is_active and user.last_login is None and not user.groups.exists()


def _normalize(email: str) -> str:
    return User.objects.normalize_email(email).strip().lower()


def signup_start(*, name: str, email: str, password: str, client: str) -> None:
    """Create the inactive account and send its confirmation link; for an address that
    already has an account, a mail saying so instead (the page answers the same)."""
    email = _normalize(email)
    name = " ".join(name.split())
    if not name or len(name) > 150:
        raise SignupError(_("Informe o nome completo (até 150 caracteres)."), code="name")
    first, _sep, last = name.partition(" ")
    candidate = User(username=email, email=email, first_name=first[:150], last_name=last[:150])
    try:
        validate_password(password, user=candidate)
    except ValidationError as exc:
        raise SignupError(" ".join(exc.messages), code="password") from exc
    account_mail_allow(email=email, ip=client)
    # Hashed before looking the address up: the slow part of a sign-up is done whether or
    # not the address has an account, so the time of the answer does not tell.
    candidate.set_password(password)
    candidate.is_active = False
    existing = _account_for(email)
    if existing is None:
        try:
            with transaction.atomic():
                candidate.save()
        except IntegrityError:  # the same address signed up at the same moment
            existing = _account_for(email)
        else:
            _mail("signup_confirm", email, user=candidate, link=_link(candidate))
            return
    _mail("signup_exists", email, user=existing)


def signup_resend(*, email: str, client: str) -> None:
    """A new confirmation link for a sign-up not yet confirmed. The address gets one mail
    whatever it is (a new link, "you already have an account", or "no sign-up here"), so
    the answer tells nothing; nothing is changed."""
    email = _normalize(email)
    account_mail_allow(email=email, ip=client)
    user = _account_for(email)
    if user is None:
        _mail("signup_none", email)
    elif _pending(user):
        _mail("signup_confirm", email, user=user, link=_link(user))
    else:
        _mail("signup_exists", email, user=user)


def password_reset_no_account(*, email: str) -> None:
    """The "forgot my password" mail to an address with no active account: it says so, and
    how to sign up or confirm a sign-up. The address gets one mail either way, so neither
    the answer nor its time tells whether it has an account."""
    _mail("password_reset_none", _normalize(email))


def signup_user_for(token: str) -> User:
    """The pending account a link confirms; SignupError if the link is wrong, too old or
    already used."""
    try:
        data = signing.loads(token, salt=SALT, max_age=settings.SIGNUP_LINK_MAX_AGE)
    except signing.SignatureExpired as exc:
        raise SignupError(
            _("Este link expirou. Peça outro link de confirmação."), code="link_expired"
        ) from exc
    except signing.BadSignature as exc:
        raise SignupError(_("Link de confirmação inválido."), code="link_invalid") from exc
    user = User.objects.filter(pk=data.get("user")).first() if isinstance(data, dict) else None
    if user is None or not isinstance(data.get("state"), str):
        raise SignupError(_("Link de confirmação inválido."), code="link_invalid")
    if not constant_time_compare(data["state"], _state(user)) or not _pending(user):
        raise SignupError(
            _("Este link já foi usado. Entre com seu e-mail e sua senha."), code="link_used"
        )
    return user


def signup_confirm(*, token: str) -> User:
    """Activate the account as a driver's portal account (it files and follows requests)."""
    with transaction.atomic():
        user = signup_user_for(token)
        locked = User.objects.select_for_update().get(pk=user.pk)
        if locked.password != user.password or not _pending(locked):
            raise SignupError(
                _("Este link já foi usado. Entre com seu e-mail e sua senha."), code="link_used"
            )
        locked.is_active = True
        locked.save(update_fields=["is_active"])
        user_grant_role(user=locked, role=Role.DRIVER)
    return locked
