"""Suspension of the authorization at the taxista's request (Art. 24).

Art. 24: the taxista may request the suspension of the authorization "por
tempo determinado, não superior a 120 (cento e vinte) dias, prorrogáveis por
igual período à critério do Chefe do Poder Executivo", on four grounds; the
first three must be proved by a document (§1).

Readings (docs/interpretations.md): "prorrogáveis por igual período" allows a
single extension no longer than the original period; the period includes its
first day, so a suspension of ``n`` days starting on ``start`` ends on
``start + n - 1``. Granting the extension stays at the Mayor's discretion;
these functions only check the legal limits.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from enum import StrEnum
from types import MappingProxyType
from typing import Final

from law._dates import require_date
from law.errors import ExtensionNotAllowed, InvalidSuspensionPeriod, MissingProof

ARTICLE: Final = "Art. 24"

MIN_DAYS: Final = 1
"""A suspension lasts at least one day."""

MAX_DAYS: Final = 120
"""Art. 24: "não superior a 120 (cento e vinte) dias"."""

MAX_EXTENSIONS: Final = 1
"""Art. 24: "prorrogáveis por igual período" - one extension."""


class Ground(StrEnum):
    """Grounds for requesting a suspension (Art. 24, I-IV)."""

    I = "I"  # noqa: E741 - the law's numbering
    II = "II"
    III = "III"
    IV = "IV"

    @property
    def label(self) -> str:
        """The law's wording of the ground (Art. 24, I-IV)."""
        return _GROUND_LABELS[self]

    @property
    def requires_proof(self) -> bool:
        """Art. 24, §1: grounds I, II and III must be proved by a document."""
        return self in _GROUNDS_REQUIRING_PROOF

    @property
    def article(self) -> str:
        """Citation, e.g. ``"Art. 24, III"``."""
        return f"{ARTICLE}, {self.value}"


_GROUND_LABELS: Final[Mapping[Ground, str]] = MappingProxyType(
    {
        Ground.I: "Furto ou roubo do veículo",
        Ground.II: "Acidente grave ou destruição total do veículo",
        Ground.III: "Sentença judicial da perda da posse ou propriedade do veículo",
        Ground.IV: "Substituição do veículo",
    }
)

_GROUNDS_REQUIRING_PROOF: Final = frozenset({Ground.I, Ground.II, Ground.III})


def _check_days(days: int, what: str) -> None:
    if not MIN_DAYS <= days <= MAX_DAYS:
        raise InvalidSuspensionPeriod(
            f"O prazo {what} deve ser de {MIN_DAYS} a {MAX_DAYS} dias; foram pedidos {days}.",
            article=ARTICLE,
        )


def check_request(
    ground: Ground, start: dt.date, days: int, *, has_proof: bool | None = None
) -> None:
    """Check a suspension request against Art. 24; return ``None`` when lawful.

    Raises :class:`~law.errors.InvalidSuspensionPeriod` when ``days`` is below
    1 or above 120 (Art. 24), and :class:`~law.errors.MissingProof` when
    ``has_proof`` is ``False`` for grounds I-III (Art. 24, §1); ``None`` leaves
    the proof unchecked.
    """
    require_date(start, "start")
    _check_days(days, "da suspensão")
    if has_proof is False and ground.requires_proof:
        raise MissingProof(
            f"A suspensão pelo motivo '{ground.label}' ({ground.article}) deve ser "
            "comprovada por documento hábil.",
            article=f"{ARTICLE}, §1",
        )


def check_extension(original_days: int, extension_days: int, extensions_so_far: int) -> None:
    """Check an extension of a suspension against Art. 24; return ``None`` when lawful.

    "Prorrogáveis por igual período": one extension only
    (:class:`~law.errors.ExtensionNotAllowed` if ``extensions_so_far`` is 1 or
    more), of 1 day up to ``original_days``
    (:class:`~law.errors.InvalidSuspensionPeriod` otherwise).
    """
    _check_days(original_days, "original da suspensão")
    if extensions_so_far < 0:
        raise ValueError(f"extensions_so_far must not be negative, got {extensions_so_far}")
    if extensions_so_far >= MAX_EXTENSIONS:
        raise ExtensionNotAllowed(
            "A suspensão só pode ser prorrogada uma vez, por igual período.",
            article=ARTICLE,
        )
    if not MIN_DAYS <= extension_days <= original_days:
        raise InvalidSuspensionPeriod(
            f"A prorrogação deve ser de {MIN_DAYS} a {original_days} dias (igual período ao "
            f"da suspensão original); foram pedidos {extension_days}.",
            article=ARTICLE,
        )


def end_date(start: dt.date, days: int) -> dt.date:
    """Last day of a suspension of ``days`` days starting on ``start`` (Art. 24).

    The first day counts: ``start + days - 1`` (a 1-day suspension ends on
    its start day). ``days`` below 1 raises ``ValueError``.
    """
    require_date(start, "start")
    if days < MIN_DAYS:
        raise ValueError(f"days must be at least {MIN_DAYS}, got {days}")
    return start + dt.timedelta(days=days - 1)
