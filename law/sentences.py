"""A driver serving a criminal sentence, Art. 38 XII, as pure functions.

"São proibições aos condutores: [...] XII - Exercer a atividade enquanto estiver cumprindo
pena, se for condenado por crime culposo ou doloso, salvo nos casos de autorização
judicial."

Reading: a sentence is recorded with the days it is served (from its start; its end, when
known) and, when the court allowed the work, that authorization. While a sentence without
it is served, the driver does not exercise the activity: no new authorization, renewal,
transfer or binding as an auxiliary is granted to him (``registers.requirements``).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from law._dates import require_date
from law.errors import LawError
from law.i18n import N_

ART_38_XII: Final = "Art. 38 XII"


@dataclass(frozen=True)
class Sentence:
    """A criminal sentence served from ``starts_on`` through ``ends_on`` (None: not known
    yet), and whether a court authorized the work meanwhile."""

    starts_on: dt.date
    ends_on: dt.date | None
    judicial_authorization: bool


def check_sentence(*, starts_on: dt.date, ends_on: dt.date | None) -> None:
    """Art. 38 XII: a sentence ends on or after its start."""
    require_date(starts_on, "starts_on")
    if ends_on is not None and require_date(ends_on, "ends_on") < starts_on:
        raise LawError(
            N_("O fim da pena (%(end)s) não pode ser anterior ao início (%(start)s)."),
            article=ART_38_XII,
            end=f"{ends_on:%d/%m/%Y}",
            start=f"{starts_on:%d/%m/%Y}",
        )


def serving_sentence(sentences: Iterable[Sentence], *, on: dt.date) -> Sentence | None:
    """Art. 38 XII: the sentence without judicial authorization served on ``on``, if any."""
    require_date(on, "on")
    for sentence in sentences:
        if sentence.judicial_authorization:
            continue
        if sentence.starts_on <= on and (sentence.ends_on is None or on <= sentence.ends_on):
            return sentence
    return None
