"""What the identity checks refuse with: a 403 that also says how to get past it."""

from __future__ import annotations

from django.utils.functional import Promise

from core.errors import NotPermitted
from identity.context import current_request


class IdentityRequired(NotPermitted):
    """The act needs more proof of who the user is than this session carries.

    The API answers it as any refusal (403, its `code`); on a page
    `identity.middleware` turns the answer into a redirect to `resume_url`, which
    brings the user back to `next` once he has given the proof.
    """

    def __init__(self, message: str | Promise, *, code: str, resume_url: str) -> None:
        super().__init__(message, code=code)
        self.resume_url = resume_url
        # Kept on the request, so that the page is redirected whatever the view does with
        # the error (most views show a DomainError beside the form).
        request = current_request()
        if request is not None:
            request.identity_required = self  # type: ignore[attr-defined]


SECOND_FACTOR_REQUIRED = "second_factor_required"
ASSURANCE_LEVEL_TOO_LOW = "assurance_level_too_low"
