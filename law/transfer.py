"""Art. 25: who may receive a transferred authorization, as pure functions.

Pure, like the rest of the statute package. The readings chosen (also in
docs/interpretations.md):

- **Death (Art. 25 I)**: "aos sucessores legítimos, nos termos dos arts. 1.829 e seguintes"
  of the Civil Code. The request records the class of successors the beneficiary belongs to
  (CC art. 1.829 I-IV) and his kinship; both must agree (a descendant is of class I, an
  ascendant of class II, the surviving spouse of classes I-III, a collateral of class IV).
  That no nearer class exists, and that the other heirs agree on who takes the
  authorization (it is personal, Art. 4 IV, so only one of them can hold it), is a matter
  of proof: the succession documents (formal de partilha, escritura de inventário, alvará
  judicial or the heirs' declaration) are required and the Secretaria checks them.
- **Permanent invalidity (Art. 25 II)**: "a seu cônjuge e descendentes" only. The spouse
  includes the partner in a stable union (companheiro), as the Civil Code's succession
  rules are read since STF RE 878.694 (2017). Flag for the municipal attorney.
- **Every requirement (Art. 25 caput and sole paragraph)**: the beneficiary meets every
  requirement of a new holder (checked on the registers by `registers.requirements`),
  the vehicle is inspected (Art. 20) and the municipality consents; the authorization
  goes on "pelo prazo da outorga": same Termo number, same grant date.
"""

from __future__ import annotations

import datetime as dt
from typing import Final

from law._dates import require_date
from law.errors import LawError
from law.i18n import N_, format_date

ART_25: Final = "Art. 25"
ART_25_I: Final = "Art. 25 I; CC Art. 1.829"
ART_25_II: Final = "Art. 25 II"

DEATH: Final = "I"
INVALIDITY: Final = "II"

SPOUSE: Final = "spouse"
DESCENDANT: Final = "descendant"
ASCENDANT: Final = "ascendant"
COLLATERAL: Final = "collateral"

INVALIDITY_BENEFICIARIES: Final = frozenset({SPOUSE, DESCENDANT})
"""Art. 25 II: "a seu cônjuge e descendentes"."""

SUCCESSION_CLASSES: Final = {
    "I": frozenset({DESCENDANT, SPOUSE}),
    "II": frozenset({ASCENDANT, SPOUSE}),
    "III": frozenset({SPOUSE}),
    "IV": frozenset({COLLATERAL}),
}
"""CC art. 1.829: I descendants with the spouse, II ascendants with the spouse, III the
spouse, IV collaterals — and the kinship each class admits."""


def check_beneficiary(
    *,
    cause: str,
    relationship: str,
    succession_class: str,
    event_on: dt.date,
    today: dt.date,
) -> None:
    """Art. 25 I-II: the beneficiary's kinship fits the cause (and the order of CC 1.829)."""
    require_date(event_on, "event_on")
    if event_on > require_date(today, "today"):
        raise LawError(
            N_("A data do falecimento ou da invalidez (%(day)s) não pode ser futura."),
            article=ART_25,
            day=format_date(event_on),
        )
    if cause == INVALIDITY:
        if relationship not in INVALIDITY_BENEFICIARIES:
            raise LawError(
                N_("Na invalidez permanente do taxista, a autorização só pode ser transferida "
                   "ao cônjuge ou a descendente."),
                article=ART_25_II,
            )
        return
    if cause != DEATH:
        raise LawError(N_("Hipótese de transferência inválida: incisos I ou II do Art. 25."),
                       article=ART_25)
    admitted = SUCCESSION_CLASSES.get(succession_class)
    if admitted is None:
        raise LawError(
            N_("No falecimento do taxista, informe a classe de sucessores legítimos a que o "
               "beneficiário pertence (incisos I a IV do Art. 1.829 do Código Civil)."),
            article=ART_25_I,
        )
    if relationship not in admitted:
        raise LawError(
            N_("O parentesco informado não corresponde à classe %(cls)s de sucessores do "
               "Art. 1.829 do Código Civil."),
            article=ART_25_I,
            cls=succession_class,
        )
