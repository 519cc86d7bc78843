"""What can go wrong in a case, each mapped to one HTTP status and one page message.

Every error carries a message for people (translatable) and, where a rule of the law is
behind it, the article.
"""

from __future__ import annotations

from django.utils.functional import Promise


class DomainError(Exception):
    http_status = 400
    default_code = "invalid"

    def __init__(
        self,
        message: str | Promise,
        *,
        article: str = "",
        code: str | None = None,
        fields: dict[str, list[str]] | None = None,
    ) -> None:
        super().__init__(str(message))
        self.message = message
        self.article = article
        self.code = code or self.default_code
        # Every bad input by name, when the message names only the first.
        self.fields = fields

    def __str__(self) -> str:
        text = str(self.message)
        return f"{text} ({self.article})" if self.article else text


CONCURRENT_WRITE = "concurrent_write"
"""The code of a conflict with a row another request wrote a moment ago (a unique CPF,
CNH, plate or RENAVAM), so a caller can say what that means for its own request."""


class RuleViolation(DomainError):
    """The request breaks a rule of the law or bad input: HTTP 400, nothing written."""

    http_status = 400
    default_code = "rule_violation"


class NotPermitted(DomainError):
    """The user's role or relation to the case does not allow this: HTTP 403."""

    http_status = 403
    default_code = "not_permitted"


class TooManyAttempts(DomainError):
    """Too many wrong tries of a secret (an act's confirmation): HTTP 429 until
    `retry_after` seconds have passed, whatever is tried meanwhile."""

    http_status = 429
    default_code = "too_many_attempts"

    def __init__(self, message: str | Promise, *, retry_after: int, article: str = "") -> None:
        super().__init__(message, article=article)
        self.retry_after = retry_after


class StateConflict(DomainError):
    """The case's current state does not allow this (or someone acted first): HTTP 409."""

    http_status = 409
    default_code = "state_conflict"


class RegisterMismatch(RuleViolation):
    """Data that clash with someone else's record: a CPF linked to another user, a CNH of
    another driver, a RENAVAM or plate of another vehicle or owner.

    LGPD: one message, status, code and article whichever record clashed, naming no one
    else's data, so no form can be used to learn what the register holds about others.
    """

    default_code = "register_mismatch"

    def __init__(self, *, article: str) -> None:
        from django.utils.translation import gettext

        super().__init__(
            gettext(
                "Os dados informados não conferem com o cadastro municipal. Compareça à "
                "Secretaria de Finanças com os documentos originais."
            ),
            article=article,  # Art. 10, from the caller: this layer imports nothing of the law
        )


def from_law(exc: Exception) -> RuleViolation:
    """A statute error as a rule violation, its message in the user's language.

    The statute package writes its messages as Portuguese templates marked for extraction
    (`law.N_`); the translation happens here, on the Django side.
    """
    from django.utils.translation import gettext

    template = getattr(exc, "template", None)
    # String values (a ground's label, a law's name) are statute texts marked with N_ too.
    params = {
        key: gettext(value) if isinstance(value, str) else value
        for key, value in (getattr(exc, "params", None) or {}).items()
    }
    message = gettext(template) % params if template else str(exc)
    return RuleViolation(message, article=getattr(exc, "article", ""))
