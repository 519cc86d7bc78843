"""Password guessing slowed without handing anyone a way to lock a colleague out.

The town hall reaches the site from one address, so a lockout keyed on user name and
address let anyone there lock a colleague out by typing his user name (issue 20). The
design follows OWASP's "device cookies":

- a browser where a person signed in keeps a signed cookie naming him (a known device);
- failed logins are counted by django-axes per *lockout key*: the user name for unknown
  browsers, the user name and the device for a known one (AXES_USERNAME_CALLABLE);
- past LOGIN_FAILURE_LIMIT the key is locked for LOGIN_LOCKOUT_MINUTES. A colleague's
  wrong guesses lock the user name for unknown browsers only: the owner still signs in
  from his own; and the account's address gets, once per lock, a single-use link that
  lifts it and makes the browser that opens it a known device.

Guessing stays slowed everywhere: LOGIN_FAILURE_LIMIT tries per lock for all unknown
browsers together (from any address), and per device on a known one (a device cookie
is only issued after the right password, and cannot be forged: it is signed).
"""

from __future__ import annotations

import datetime as dt
import logging
import secrets
from typing import Any

from axes.models import AccessAttempt
from axes.utils import reset
from django.conf import settings
from django.core import signing
from django.core.cache import cache
from django.core.mail import send_mail
from django.db.models import Max
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _

from accounts.models import User

logger = logging.getLogger(__name__)

DEVICE_COOKIE = "known_device"
DEVICE_SALT = "accounts.lockout.device"
UNLOCK_SALT = "accounts.lockout.unlock"
# A browser remembers this many people (a shared computer at the counter).
DEVICE_NAMES = 5


def _norm(username: str | None) -> str:
    return (username or "").strip().lower()[:150]


def _devices(request: HttpRequest) -> dict[str, str]:
    """{user name: device id} of the browser's device cookie ({} if none or forged)."""
    raw = request.COOKIES.get(DEVICE_COOKIE)
    if not raw:
        return {}
    max_age = int(settings.LOGIN_DEVICE_DAYS) * 86400
    try:
        value = signing.loads(raw, salt=DEVICE_SALT, max_age=max_age)
    except signing.BadSignature:
        return {}
    return {str(k): str(v) for k, v in value.items()} if isinstance(value, dict) else {}


def lockout_key(request: HttpRequest, username: str | None) -> str:
    """What failed logins are counted on: the user name, and the device if this browser
    is a known device of that user name."""
    name = _norm(username)
    device = _devices(request).get(name)
    return f"{name} @{device}" if device else name


def device_remember(request: HttpRequest, username: str) -> None:
    """Mark the browser as a known device of `username`; the response sets the cookie
    (device_cookie_set, called by the middleware)."""
    devices = _devices(request)
    name = _norm(username)
    devices.pop(name, None)
    kept = list(devices.items())[-(DEVICE_NAMES - 1) :]
    request.device_names = {**dict(kept), name: secrets.token_urlsafe(12)}  # type: ignore[attr-defined]


def device_cookie_set(request: HttpRequest, response: HttpResponse) -> None:
    names = getattr(request, "device_names", None)
    if names is None:
        return
    response.set_cookie(
        DEVICE_COOKIE,
        signing.dumps(names, salt=DEVICE_SALT),
        max_age=int(settings.LOGIN_DEVICE_DAYS) * 86400,
        secure=settings.SESSION_COOKIE_SECURE,
        httponly=True,
        samesite="Lax",
    )


def _lock_stamp(name: str) -> str | None:
    """When the user name's current failures started to count (None: no failures).
    An unlock link is bound to it, so it works once and for that lock only."""
    latest = AccessAttempt.objects.filter(username=name).aggregate(at=Max("attempt_time"))["at"]
    return latest.isoformat() if latest else None


def lockout_notify(request: HttpRequest, credentials: Any) -> None:
    """Once per lock of a user name (not of a device), mail the account's owner a link
    that lifts it. Whether the user name exists is not shown to the one locked out."""
    key = lockout_key(request, (credentials or {}).get("username"))
    if " @" in key or not key:
        return
    user = User.objects.filter(username__iexact=key, is_active=True).exclude(email="").first()
    stamp = _lock_stamp(key)
    if user is None or stamp is None:
        return
    cooloff = settings.AXES_COOLOFF_TIME
    try:
        first = cache.add(f"accounts-unlock-mail:{key}:{stamp}", 1, timeout=cooloff.total_seconds())
    except Exception:
        logger.warning("unlock mail guard unavailable", exc_info=True)
        return
    if not first:
        return
    token = signing.dumps({"u": key, "s": stamp}, salt=UNLOCK_SALT)
    context = {
        "user": user,
        "link": settings.PUBLIC_BASE_URL.rstrip("/") + reverse("login-unlock", args=[token]),
        "minutes": int(cooloff.total_seconds() // 60),
    }
    subject = render_to_string("accounts/unlock.subject.txt", context).strip()
    body = render_to_string("accounts/unlock.txt", context)
    send_mail(subject, body, settings.DEFAULT_FROM_EMAIL, [user.email], fail_silently=True)


class UnlockError(Exception):
    pass


def unlock_user_for(token: str) -> str:
    """The user name a link unlocks; UnlockError if it is wrong, used or the lock is over."""
    max_age = settings.AXES_COOLOFF_TIME + dt.timedelta(minutes=5)
    try:
        data = signing.loads(token, salt=UNLOCK_SALT, max_age=max_age)
    except signing.BadSignature as exc:
        raise UnlockError(_("Este link de desbloqueio expirou ou é inválido.")) from exc
    name = data.get("u") if isinstance(data, dict) else None
    if not isinstance(name, str) or _lock_stamp(name) != data.get("s"):
        raise UnlockError(
            _("Este link já foi usado ou o bloqueio já terminou. Entre com sua senha.")
        )
    return name


def unlock(request: HttpRequest, *, token: str) -> None:
    """Lift the lock of the link's user name and make this browser a known device of it."""
    name = unlock_user_for(token)
    reset(username=name)
    device_remember(request, name)
