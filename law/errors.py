"""Exceptions raised by the statute package.

Every exception is a :class:`LawError` (itself a ``ValueError``) carrying, in
``.article``, the provision of Lei nº 1.764/2023 that the rejected input
breaks. The message is a Portuguese template marked with :func:`law.i18n.N_`
(``.template``) plus its values (``.params``); ``str(exc)`` is the Portuguese
message ready to be shown, and the Django side shows
``gettext(exc.template) % exc.params`` in the user's language.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType


class LawError(ValueError):
    """Input rejected by a rule of Lei nº 1.764/2023.

    ``template`` is a ``%``-template with named placeholders, e.g.
    ``N_("foram pedidos %(days)d dias")``, filled with the keyword arguments
    ``params``; ``article`` names the provision, e.g. ``"Art. 24"`` or
    ``"Art. 58, XXI"``.
    """

    template: str
    params: Mapping[str, object]
    article: str

    def __init__(self, template: str, *, article: str, **params: object) -> None:
        super().__init__(template % params)
        self.template = template
        self.params = MappingProxyType(params)
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
