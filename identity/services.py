"""Writes of the identity layer: binding a provider's person to a user, the sessions.

The CPF the provider vouches for is the only key: a first login binds the person to the
driver whose CPF it is (never by name or e-mail), or, for a person the register does not
know, starts a sign-up with the CPF filled in and locked.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth import login as django_login
from django.contrib.sessions.backends.base import SessionBase
from django.core.exceptions import ValidationError
from django.db import transaction
from django.http import HttpRequest
from django.utils import timezone
from django.utils.module_loading import import_string
from django.utils.translation import gettext as _

from accounts.models import User
from accounts.roles import Role
from accounts.services import user_grant_role
from core.errors import RuleViolation
from identity.levels import SESSION_LEVEL, SESSION_PROVIDER, Level
from identity.models import ExternalIdentity, UserSession
from registers.models import Driver
from registers.services.drivers import driver_link_user
from registers.validators import normalize_cpf

BACKEND = "accounts.authentication.UserWithRolesBackend"
# What a login from a provider keeps in the session: the sign-up waiting for the person's
# confirmation, and the ID token for the provider's end-session call at logout.
SESSION_PENDING = "identity_pending_signup"
SESSION_ID_TOKEN = "identity_id_token"
# When the session was last seen (the idle clock) and under which key (a login changes it).
SESSION_SEEN = "identity_seen_at"
SESSION_SEEN_KEY = "identity_seen_key"


@dataclass(frozen=True)
class ProviderPerson:
    """What the provider vouches for, after the ID token's checks."""

    provider: str
    subject: str
    cpf: str
    name: str
    email: str
    level: Level


def person_cpf(raw: object) -> str:
    """The provider's CPF as our register keeps it (11 digits), or a refusal."""
    try:
        return normalize_cpf(str(raw or ""))
    except ValidationError:
        raise RuleViolation(_("O provedor de identidade não informou um CPF válido.")) from None


def external_user_for(person: ProviderPerson) -> User | None:
    """The user this person is, binding him on his first login when the register knows
    his CPF; None when nobody here has it (the caller starts a sign-up)."""
    now = timezone.now()
    with transaction.atomic():
        link = (
            ExternalIdentity.objects.select_for_update()
            .select_related("user")
            .filter(provider=person.provider, subject=person.subject)
            .first()
        )
        if link is not None:
            link.level, link.last_login_at = int(person.level), now
            link.save(update_fields=["level", "last_login_at"])
            return link.user
        user = _user_by_cpf(person.cpf)
        if user is None:
            return None
        ExternalIdentity.objects.create(
            user=user,
            provider=person.provider,
            subject=person.subject,
            cpf=person.cpf,
            level=int(person.level),
            last_login_at=now,
        )
        return user


def _user_by_cpf(cpf: str) -> User | None:
    """The driver's account whose CPF this is (made for him if he has none yet), or the
    account another provider already bound to this CPF."""
    driver = Driver.objects.select_related("user").filter(cpf=cpf).first()
    if driver is not None:
        if driver.user is not None:
            return driver.user
        user = _new_user(cpf=cpf, name=driver.name, email=driver.email)
        user_grant_role(user=user, role=Role.DRIVER)
        driver = driver_link_user(driver=driver, user=user)
        return driver.user
    other = ExternalIdentity.objects.select_related("user").filter(cpf=cpf).first()
    return other.user if other is not None else None


def _new_user(*, cpf: str, name: str, email: str) -> User:
    first, _sep, last = " ".join(name.split()).partition(" ")
    user = User(
        username=f"cpf-{cpf}",
        email=User.objects.normalize_email(email or "").lower(),
        first_name=first[:150],
        last_name=last[:150],
    )
    # Signs in through the provider only; a password can be set later by reset.
    user.set_unusable_password()
    user.save()
    return user


def external_signup_complete(*, person: ProviderPerson, name: str, email: str) -> User:
    """A person the register does not know confirms his sign-up: the account is made with
    the provider's CPF (he cannot change it) and bound to the provider."""
    name = " ".join(name.split())
    if not name or len(name) > 150:
        raise RuleViolation(_("Informe o nome completo (até 150 caracteres)."))
    with transaction.atomic():
        existing = external_user_for(person)
        if existing is not None:
            return existing
        if User.objects.filter(username=f"cpf-{person.cpf}").exists():
            raise RuleViolation(_("Já existe uma conta para este CPF."))
        user = _new_user(cpf=person.cpf, name=name, email=email)
        user_grant_role(user=user, role=Role.DRIVER)
        ExternalIdentity.objects.create(
            user=user,
            provider=person.provider,
            subject=person.subject,
            cpf=person.cpf,
            level=int(person.level),
            last_login_at=timezone.now(),
        )
    return user


def session_start_external(
    request: HttpRequest, *, user: User, person: ProviderPerson, id_token: str
) -> None:
    """Sign the user in with the level the provider gave this session."""
    django_login(request, user, backend=BACKEND)
    request.session[SESSION_LEVEL] = int(person.level)
    request.session[SESSION_PROVIDER] = person.provider
    request.session[SESSION_ID_TOKEN] = id_token
    request.session.pop(SESSION_PENDING, None)
    # The row the login made: say where the session came from (the sessions page).
    UserSession.objects.filter(session_key=request.session.session_key).update(
        provider=person.provider
    )


def session_logged_in(
    sender: object, request: HttpRequest | None, user: User, **_kw: object
) -> None:
    """At login (Django's `user_logged_in`, the hook django.contrib.auth offers for it;
    the API's token login sends it too, without a session login): the session's row and
    its idle clock start now, so that the pages after it write nothing for a minute."""
    if request is None or not hasattr(request, "session"):
        return
    if request.session.get("_auth_user_id") != str(user.pk):
        return
    import time

    session_seen(request, user=user)
    request.session[SESSION_SEEN] = time.time()
    request.session[SESSION_SEEN_KEY] = request.session.session_key


def session_seen(request: HttpRequest, *, user: User) -> None:
    """Keep the row of this session (made on its first request, its last access moved
    at most once a minute so that every request does not write)."""
    key = request.session.session_key
    if key is None:
        request.session.save()
        key = request.session.session_key
    now = timezone.now()
    row = UserSession.objects.filter(session_key=key).only("pk", "last_seen_at").first()
    if row is None:
        UserSession.objects.get_or_create(
            session_key=key,
            defaults={
                "user": user,
                "last_seen_at": now,
                "address": request.META.get("REMOTE_ADDR", "")[:45],
                "user_agent": request.META.get("HTTP_USER_AGENT", "")[:300],
                "provider": request.session.get(SESSION_PROVIDER, ""),
            },
        )
    elif (now - row.last_seen_at).total_seconds() > 60:
        UserSession.objects.filter(pk=row.pk).update(last_seen_at=now)


def session_end(*, user: User, session_id: int) -> None:
    """End one of the user's sessions (his own only): the session's data is deleted, so
    its cookie signs nobody in any more."""
    row = UserSession.objects.filter(user=user, pk=session_id).first()
    if row is None:
        raise RuleViolation(_("Sessão não encontrada."))
    _session_store(row.session_key).delete(row.session_key)
    row.delete()


def _session_store(key: str) -> SessionBase:
    from django.conf import settings

    engine = import_string(f"{settings.SESSION_ENGINE}.SessionStore")
    store: SessionBase = engine(key)
    return store
