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
from collections.abc import Mapping, Sequence
from enum import StrEnum
from types import MappingProxyType
from typing import Final

from law import deadlines as law_deadlines
from law._dates import require_date
from law.calendar import Calendar
from law.deadlines import SUSPENSION_ON_REQUEST, due_date
from law.errors import ExtensionNotAllowed, InvalidSuspensionPeriod, LawError, MissingProof
from law.i18n import N_

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
        """The law's wording of the ground (Art. 24, I-IV), in Portuguese (marked with N_)."""
        return _GROUND_LABELS[self]

    @property
    def requires_proof(self) -> bool:
        """Art. 24, §1: grounds I, II and III must be proved by a document."""
        return self in _GROUNDS_REQUIRING_PROOF

    @property
    def article(self) -> str:
        """Citation, e.g. ``"Art. 24, III"``."""
        return f"{ARTICLE} {self.value}"


_GROUND_LABELS: Final[Mapping[Ground, str]] = MappingProxyType(
    {
        Ground.I: N_("Furto ou roubo do veículo"),
        Ground.II: N_("Acidente grave ou destruição total do veículo"),
        Ground.III: N_("Sentença judicial da perda da posse ou propriedade do veículo"),
        Ground.IV: N_("Substituição do veículo"),
    }
)

_GROUNDS_REQUIRING_PROOF: Final = frozenset({Ground.I, Ground.II, Ground.III})


def _check_days(days: int, template: str) -> None:
    """Raise ``InvalidSuspensionPeriod`` with ``template`` unless 1 <= ``days`` <= 120.

    ``template`` takes ``%(min_days)d``, ``%(max_days)d`` and ``%(days)d``.
    """
    if not MIN_DAYS <= days <= MAX_DAYS:
        raise InvalidSuspensionPeriod(
            template, article=ARTICLE, min_days=MIN_DAYS, max_days=MAX_DAYS, days=days
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
    _check_days(
        days,
        N_(
            "O prazo da suspensão deve ser de %(min_days)d a %(max_days)d dias; "
            "foram pedidos %(days)d."
        ),
    )
    if has_proof is False and ground.requires_proof:
        raise MissingProof(
            N_(
                "A suspensão pelo motivo '%(ground)s' (%(ground_article)s) deve ser "
                "comprovada por documento hábil."
            ),
            article=f"{ARTICLE} §1",
            ground=ground.label,
            ground_article=ground.article,
        )


class ExtensionLimit(StrEnum):
    """Art. 24, "prorrogáveis por igual período": how long the one extension may be."""

    ORIGINAL_LENGTH = "original_length"
    """Up to the length of the suspension granted ("igual" to that period)."""

    MAX_PERIOD = "max_period"
    """Up to another 120 days ("igual" to the period the article allows)."""


def check_extension(
    original_days: int,
    extension_days: int,
    extensions_so_far: int,
    *,
    limit: ExtensionLimit = ExtensionLimit.ORIGINAL_LENGTH,
) -> None:
    """Check an extension of a suspension against Art. 24; return ``None`` when lawful.

    "Prorrogáveis por igual período": one extension only
    (:class:`~law.errors.ExtensionNotAllowed` if ``extensions_so_far`` is 1 or
    more), of 1 day up to ``original_days`` — or up to 120 days with
    ``limit=ExtensionLimit.MAX_PERIOD`` — (:class:`~law.errors.InvalidSuspensionPeriod`
    otherwise). Which reading applies is a municipal setting.
    """
    _check_days(
        original_days,
        N_(
            "O prazo original da suspensão deve ser de %(min_days)d a %(max_days)d dias; "
            "foram pedidos %(days)d."
        ),
    )
    if extensions_so_far < 0:
        raise ValueError(f"extensions_so_far must not be negative, got {extensions_so_far}")
    if extensions_so_far >= MAX_EXTENSIONS:
        raise ExtensionNotAllowed(
            N_("A suspensão só pode ser prorrogada uma vez, por igual período."),
            article=ARTICLE,
        )
    longest = MAX_DAYS if limit is ExtensionLimit.MAX_PERIOD else original_days
    if not MIN_DAYS <= extension_days <= longest:
        if limit is ExtensionLimit.MAX_PERIOD:
            raise InvalidSuspensionPeriod(
                N_(
                    "A prorrogação deve ser de %(min_days)d a %(max_days)d dias; foram "
                    "pedidos %(days)d."
                ),
                article=ARTICLE,
                min_days=MIN_DAYS,
                max_days=MAX_DAYS,
                days=extension_days,
            )
        raise InvalidSuspensionPeriod(
            N_(
                "A prorrogação deve ser de %(min_days)d a %(max_days)d dias (igual período "
                "ao da suspensão original); foram pedidos %(days)d."
            ),
            article=ARTICLE,
            min_days=MIN_DAYS,
            max_days=original_days,
            days=extension_days,
        )


def check_same_facts(
    *,
    days: int,
    earlier: Sequence[tuple[int, int | None]],
    limit: ExtensionLimit = ExtensionLimit.ORIGINAL_LENGTH,
) -> None:
    """Art. 24: suspensions for the same ground and the same facts are one period — the
    suspension and its one extension — however many requests it is split into.

    ``earlier``: (days granted, extension days granted or None) of each suspension already
    served for the same ground and vehicle. None: a first request. One without extension:
    the new request is that extension, within its limit (:func:`check_extension`). One
    with its extension, or two: the period is used up, a new request would chain the cap
    without end (issue 19, item 8)."""
    if not earlier:
        return
    if len(earlier) > MAX_EXTENSIONS or earlier[0][1]:
        raise ExtensionNotAllowed(
            N_(
                "A autorização já foi suspensa pelo mesmo motivo e pelos mesmos fatos, com a "
                "prorrogação (%(days)d dias ao todo): o limite do Art. 24 não se renova com "
                "um novo pedido."
            ),
            article=ARTICLE,
            days=sum(granted + (extension or 0) for granted, extension in earlier),
        )
    check_extension(earlier[0][0], days, 0, limit=limit)


def end_date(start: dt.date, days: int) -> dt.date:
    """Last day of a suspension of ``days`` days starting on ``start`` (Art. 24).

    The first day counts: ``start + days - 1`` (a 1-day suspension ends on
    its start day). ``days`` below 1 raises ``ValueError``.
    """
    require_date(start, "start")
    if days < MIN_DAYS:
        raise ValueError(f"days must be at least {MIN_DAYS}, got {days}")
    return due_date(SUSPENSION_ON_REQUEST, start, length=days)


def seizure_communication_deadline(seized_on: dt.date, calendar: Calendar | None = None) -> dt.date:
    """Art. 24, §2: last day to communicate a judicial seizure of the vehicle (30 days)."""
    return law_deadlines.due_date(
        law_deadlines.JUDICIAL_SEIZURE_COMMUNICATION, require_date(seized_on, "seized_on"),
        calendar,
    )


def check_seizure_communicated_in_time(
    *, seized_on: dt.date, communicated_on: dt.date, calendar: Calendar | None = None
) -> None:
    """Art. 24, §2: the holder "poderá fazer a substituição do veículo desde que comunique
    no prazo de 30 (trinta) dias ao Poder Executivo a apreensão do veículo através do
    Mandato Judicial". A communication after the 30 days does not open that substitution.
    """
    last_day = seizure_communication_deadline(seized_on, calendar)
    if require_date(communicated_on, "communicated_on") > last_day:
        raise LawError(
            N_(
                "A apreensão judicial de %(seized)s deveria ter sido comunicada, com o mandado, "
                "até %(last_day)s: a substituição do veículo por esse motivo não é possível "
                "(Art. 24 §2)."
            ),
            article=f"{ARTICLE} §2",
            seized=f"{seized_on:%d/%m/%Y}",
            last_day=f"{last_day:%d/%m/%Y}",
        )
