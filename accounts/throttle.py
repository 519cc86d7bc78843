"""Counting requests per client address or per e-mail address, in Django's cache.

The public pages (documents.ratelimit), the sign-up, the "resend the link" and the
"forgot my password" forms count here. A fixed window is enough for that and costs one
cache increment per request.
"""

from __future__ import annotations

import logging
import time
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest
from django.utils.crypto import salted_hmac

logger = logging.getLogger(__name__)


def client_ip(request: HttpRequest) -> str:
    """The client's address.

    REMOTE_ADDR unless RATELIMIT_PROXY_COUNT (default 0) says how many reverse proxies of
    ours stand in front: then the address the outermost of them saw, counted from the
    right of X-Forwarded-For, since everything to its left is whatever the client sent.
    """
    proxies = int(getattr(settings, "RATELIMIT_PROXY_COUNT", 0))
    if proxies > 0:
        chain = [part.strip() for part in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")]
        chain = [part for part in chain if part]
        if len(chain) >= proxies:
            return chain[-proxies]
    return str(request.META.get("REMOTE_ADDR", "") or "unknown")


def rate_limit_hit(
    *, scope: str, client: str, limit: int, period: int = 60, now: float | None = None
) -> tuple[bool, int]:
    """Count one request of `client` in `scope`; (allowed, seconds until the window ends).

    If the cache is down the request is allowed: a public page that checks taxis must
    not go dark because its counter did.
    """
    now = time.time() if now is None else now
    window = int(now // period)
    retry_after = max(1, int((window + 1) * period - now))
    key = f"ratelimit:{scope}:{client}:{window}"
    try:
        count = _count(key, timeout=period + 5)
    except Exception:
        logger.warning("rate limit counter unavailable for %s", scope, exc_info=True)
        return True, retry_after
    return count <= limit, retry_after


def _count(key: str, *, timeout: int) -> int:
    """One more request on the counter `key`; its count. incr() is atomic in Redis and
    locmem."""
    try:
        # Every request of a window but its first finds the counter: incr() alone. (An
        # add() before each incr() cost every public verification a third round trip to
        # Redis, issue 25.)
        return cache.incr(key)
    except ValueError:
        pass
    # The first of its window opens the counter; add() is a no-op when a concurrent
    # request just did.
    cache.add(key, 0, timeout=timeout)
    try:
        return cache.incr(key)
    except ValueError:
        # The key expired between add() and incr(): this request opens a new count.
        cache.set(key, 1, timeout=timeout)
        return 1


class MailThrottled(Exception):
    """Too many account mails asked for one address or from one client this hour."""

    def __init__(self, retry_after: int) -> None:
        super().__init__(retry_after)
        self.retry_after = retry_after


def account_mail_allow(*, email: str, ip: str) -> None:
    """Count one request that sends an account mail (sign-up, new link, password reset);
    MailThrottled past ACCOUNT_MAILS_PER_ADDRESS_HOUR for the address or
    ACCOUNT_MAIL_REQUESTS_PER_IP_HOUR for the client.

    The three forms share the counts, so nobody fills a mailbox by switching forms; the
    address is counted whether or not it has an account (the answer says nothing of it),
    and kept in the cache only as a keyed hash.
    """
    address = salted_hmac("accounts.throttle", email.strip().lower()).hexdigest()[:32]
    checks = [
        ("account-mail-address", address, int(settings.ACCOUNT_MAILS_PER_ADDRESS_HOUR)),
        ("account-mail-ip", ip, int(settings.ACCOUNT_MAIL_REQUESTS_PER_IP_HOUR)),
    ]
    for scope, client, limit in checks:
        allowed, retry_after = rate_limit_hit(scope=scope, client=client, limit=limit, period=3600)
        if not allowed:
            raise MailThrottled(retry_after)


class ActConfirmLocked(Exception):
    """Too many wrong confirmations of signed acts by this user: refused for a while."""

    def __init__(self, retry_after: int) -> None:
        super().__init__(retry_after)
        self.retry_after = retry_after


def _act_confirm_key(user: Any) -> str:
    # The user's id and his stored password hash (whose salt is new at each set_password):
    # a counter never outlives the account it was kept for, nor is shared with another
    # account that gets the same id (a rebuilt database, a test run).
    tag = salted_hmac("accounts.throttle.act", f"{user.pk}:{user.password}").hexdigest()[:24]
    return f"act-confirm:{user.pk}:{tag}"


def _act_confirm_state(user: Any) -> tuple[int, float]:
    key = _act_confirm_key(user)
    values = cache.get_many([f"{key}:n", f"{key}:last"])
    return int(values.get(f"{key}:n", 0)), float(values.get(f"{key}:last", 0.0))


def act_confirm_allow(user: Any, *, now: float | None = None) -> None:
    """Refuse (ActConfirmLocked) while `user` is locked: ACT_CONFIRM_FAILURE_LIMIT wrong
    confirmations in a row lock his signed acts for ACT_CONFIRM_LOCKOUT_MINUTES after the
    last one, even with the right password, like the login's lockout (accounts.lockout).

    Counted on the user himself: only his own session confirms his acts, so a colleague
    cannot lock him out. If the cache is down the act is allowed, as the public pages are.
    """
    now = time.time() if now is None else now
    try:
        failures, last = _act_confirm_state(user)
    except Exception:
        logger.warning("act confirmation counter unavailable", exc_info=True)
        return
    lockout = int(settings.ACT_CONFIRM_LOCKOUT_MINUTES) * 60
    if failures >= int(settings.ACT_CONFIRM_FAILURE_LIMIT) and now - last < lockout:
        raise ActConfirmLocked(max(1, int(last + lockout - now)))


def act_confirm_failed(user: Any, *, now: float | None = None) -> None:
    """Count one wrong confirmation of `user` (the count starts again once a lock is over).

    Kept in the cache, not in the act's transaction: the refused act rolls back, the
    count stays. The count is an atomic increment, so guesses sent at once are each
    counted."""
    now = time.time() if now is None else now
    lockout = int(settings.ACT_CONFIRM_LOCKOUT_MINUTES) * 60
    key = _act_confirm_key(user)
    try:
        _failures, last = _act_confirm_state(user)
        if last and now - last >= lockout:
            cache.delete(f"{key}:n")
        cache.add(f"{key}:n", 0, timeout=lockout + 60)
        try:
            cache.incr(f"{key}:n")
        except ValueError:  # expired between add() and incr()
            cache.set(f"{key}:n", 1, timeout=lockout + 60)
        cache.touch(f"{key}:n", timeout=lockout + 60)
        cache.set(f"{key}:last", now, timeout=lockout + 60)
    except Exception:
        logger.warning("act confirmation counter unavailable", exc_info=True)


def act_confirm_passed(user: Any) -> None:
    """A right confirmation clears the count of wrong ones."""
    key = _act_confirm_key(user)
    try:
        cache.delete_many([f"{key}:n", f"{key}:last"])
    except Exception:
        logger.warning("act confirmation counter unavailable", exc_info=True)
