"""Exceptions raised by the statute package.

Every exception is a :class:`LawError` (itself a ``ValueError``) carrying, in
``.article``, the provision of Lei nº 1.764/2023 that the rejected input
breaks. Messages are in Portuguese, ready to be shown to users.
"""

from __future__ import annotations


class LawError(ValueError):
    """Input rejected by a rule of Lei nº 1.764/2023.

    ``article`` names the provision, e.g. ``"Art. 24"`` or ``"Art. 58, XXI"``.
    """

    article: str

    def __init__(self, message: str, *, article: str) -> None:
        super().__init__(message)
        self.article = article


class UnknownInfraction(LawError):
    """The item does not exist among the infractions of Art. 58."""


class NotCitable(LawError):
    """The item of Art. 58 exists but cannot be cited (its object was revoked)."""


class InvalidSuspensionPeriod(LawError):
    """A suspension period outside the limits of Art. 24."""


class ExtensionNotAllowed(LawError):
    """An extension of a suspension beyond what Art. 24 allows."""


class MissingProof(LawError):
    """A suspension ground that must be proved by a document (Art. 24, §1)."""
