"""Self-registration of a future applicant: an account confirmed by e-mail (Art. 10 §1).

A person who is not yet a driver opens an account to file an authorization application
and follow it. The account stays inactive until the link sent to the address is used, so
nobody can file in another person's name with an address they do not read. The answer to
a sign-up never says whether the address already has an account.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.password_validation import validate_password
from django.core import signing
from django.core.exceptions import ValidationError
from django.core.mail import send_mail
from django.db import transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _

from accounts.models import User
from accounts.roles import Role
from accounts.services import user_grant_role

SALT = "accounts.signup"


class SignupError(Exception):
    """What the page shows next to the form (accounts sits below the case engine, so it
    has its own error rather than the engine's RuleViolation)."""

    def __init__(self, message: str, *, code: str) -> None:
        super().__init__(message)
        self.code = code


def _link(user: User) -> str:
    token = signing.dumps({"user": user.pk, "email": user.email}, salt=SALT)
    return settings.PUBLIC_BASE_URL.rstrip("/") + reverse("signup-confirm", args=[token])


def _mail(template: str, user: User, **context: object) -> None:
    body = render_to_string(f"accounts/{template}.txt", {"user": user, **context})
    subject = render_to_string(f"accounts/{template}.subject.txt", {"user": user}).strip()
    transaction.on_commit(
        lambda: send_mail(subject, body, settings.DEFAULT_FROM_EMAIL, [user.email])
    )


def signup_start(*, name: str, email: str, password: str) -> None:
    """Create the inactive account and send its confirmation link (or, for an address that
    already has an account, a note saying so — the page answers the same either way)."""
    email = User.objects.normalize_email(email).strip().lower()
    name = " ".join(name.split())
    if not name or len(name) > 150:
        raise SignupError(_("Informe o nome completo (até 150 caracteres)."), code="name")
    first, _sep, last = name.partition(" ")
    candidate = User(username=email, email=email, first_name=first[:150], last_name=last[:150])
    try:
        validate_password(password, user=candidate)
    except ValidationError as exc:
        raise SignupError(" ".join(exc.messages), code="password") from exc
    with transaction.atomic():
        existing = User.objects.select_for_update().filter(email__iexact=email).first()
        if existing is not None:
            if existing.is_active:
                _mail("signup_exists", existing)
            else:  # never confirmed: a new link, the new password
                existing.set_password(password)
                existing.first_name, existing.last_name = candidate.first_name, candidate.last_name
                existing.save(update_fields=["password", "first_name", "last_name"])
                _mail("signup_confirm", existing, link=_link(existing))
            return
        candidate.is_active = False
        candidate.set_password(password)
        candidate.save()
        _mail("signup_confirm", candidate, link=_link(candidate))


def signup_user_for(token: str) -> User:
    """The account a link confirms; SignupError if the link is wrong or too old."""
    try:
        data = signing.loads(token, salt=SALT, max_age=settings.SIGNUP_LINK_MAX_AGE)
    except signing.SignatureExpired as exc:
        raise SignupError(
            _("Este link expirou. Cadastre-se de novo para receber outro."), code="link_expired"
        ) from exc
    except signing.BadSignature as exc:
        raise SignupError(_("Link de confirmação inválido."), code="link_invalid") from exc
    user = User.objects.filter(pk=data.get("user"), email=data.get("email")).first()
    if user is None:
        raise SignupError(_("Link de confirmação inválido."), code="link_invalid")
    return user


def signup_confirm(*, token: str) -> User:
    """Activate the account as a driver's portal account (it files and follows requests)."""
    user = signup_user_for(token)
    with transaction.atomic():
        locked = User.objects.select_for_update().get(pk=user.pk)
        if not locked.is_active:
            locked.is_active = True
            locked.save(update_fields=["is_active"])
            user_grant_role(user=locked, role=Role.DRIVER)
    return locked
