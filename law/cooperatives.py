"""Drivers' cooperatives and associations and their executive taxis, Art. 3 §§1-5.

Readings chosen:

- **§1 I and §2**: an association is registered with its named members, each a holder of a
  taxi authorization; a driver counts for one association only, so a second membership
  is refused while the first lasts.
- **§1 II**: executive vehicles at most 10 % of the members, rounded down (19 members
  allow one vehicle only from 10 on: 10 % of 19 is 1.9 → 1).
- **§1 III**: an association keeps executive taxis only with at least 20 members who hold
  an authorization in force.
- **§1 IV**: the parking place must be approved by the Executive before any vehicle, and
  hold at least as many vehicles as the association keeps.
- **§1 caput**: the executive taxis have a colour of their own, not the standard one.
- **§3**: air conditioning, at least four doors, registration with the Executive and the
  identification seal, airbag.
- **§4**: an executive taxi is used only under a contract with a person or company.
- **§5**: while a member drives the association's car, his own taxi is retained there.
"""

from __future__ import annotations

import datetime as dt
from typing import Final

from law.errors import LawError
from law.i18n import N_

ART_3_PAR_1: Final = "Art. 3 §1"
ART_3_PAR_1_II: Final = "Art. 3 §1 II"
ART_3_PAR_1_III: Final = "Art. 3 §1 III"
ART_3_PAR_1_IV: Final = "Art. 3 §1 IV"
ART_3_PAR_2: Final = "Art. 3 §2"
ART_3_PAR_3: Final = "Art. 3 §3"
ART_3_PAR_4: Final = "Art. 3 §4"
ART_3_PAR_5: Final = "Art. 3 §5"

MAX_VEHICLES_PERCENT: Final = 10
"""§1 II: "Limite máximo de veículos correspondente a 10% (dez por cento) do número de
associados ou cooperados"."""

MIN_MEMBERS: Final = 20
"""§1 III: "no mínimo 20 (vinte) associados ou cooperados titulares de autorização"."""

MIN_DOORS: Final = 4
"""§3 II: "no mínimo 4 (quatro) portas"."""


def check_single_membership(*, other_association: str | None) -> None:
    """§2: a member counts for one association only."""
    if other_association:
        raise LawError(
            N_(
                "O taxista já é associado de %(name)s e só conta para uma associação ou "
                "cooperativa."
            ),
            article=ART_3_PAR_2,
            name=other_association,
        )


def check_member_holds_authorization(*, holds_authorization: bool) -> None:
    """§1 I and III: the members are drivers holding a taxi authorization."""
    if not holds_authorization:
        raise LawError(
            N_("Somente titulares de autorização para o serviço de táxi podem ser associados."),
            article=ART_3_PAR_1,
        )


def max_vehicles(members: int) -> int:
    """§1 II: 10 % of the members, rounded down."""
    if members < 0:
        raise ValueError(f"members must not be negative, got {members}")
    return members * MAX_VEHICLES_PERCENT // 100


def check_may_add_vehicle(
    *, members: int, vehicles: int, parking_approved: bool, parking_places: int
) -> None:
    """§1 II-IV: whether one more executive vehicle may be registered."""
    if members < MIN_MEMBERS:
        raise LawError(
            N_(
                "A associação tem %(members)d associados titulares de autorização; o mínimo "
                "para manter táxis executivos é %(min)d."
            ),
            article=ART_3_PAR_1_III,
            members=members,
            min=MIN_MEMBERS,
        )
    limit = max_vehicles(members)
    if vehicles + 1 > limit:
        raise LawError(
            N_("Com %(members)d associados, o limite é de %(limit)d veículos executivos (10%%)."),
            article=ART_3_PAR_1_II,
            members=members,
            limit=limit,
        )
    if not parking_approved:
        raise LawError(
            N_(
                "O local de estacionamento da associação ainda não foi aprovado pelo Poder "
                "Executivo."
            ),
            article=ART_3_PAR_1_IV,
        )
    if vehicles + 1 > parking_places:
        raise LawError(
            N_("O local de estacionamento comporta %(places)d veículos."),
            article=ART_3_PAR_1_IV,
            places=parking_places,
        )


def check_vehicle(
    *,
    air_conditioning: bool,
    doors: int,
    airbag: bool,
    seal: str,
    colour: str,
    association_colour: str,
    standard_colour: str,
) -> None:
    """§1 caput and §3: the executive vehicle's requirements."""
    if not air_conditioning:
        raise LawError(N_("O táxi executivo deve ter ar-condicionado."), article=ART_3_PAR_3)
    if doors < MIN_DOORS:
        raise LawError(
            N_("O táxi executivo deve ter no mínimo %(min)d portas."),
            article=ART_3_PAR_3,
            min=MIN_DOORS,
        )
    if not airbag:
        raise LawError(N_("O táxi executivo deve ter airbag."), article=ART_3_PAR_3)
    if not seal.strip():
        raise LawError(
            N_("Informe o selo de identificação do táxi executivo."), article=ART_3_PAR_3
        )
    if colour.strip().casefold() != association_colour.strip().casefold():
        raise LawError(
            N_("O táxi executivo deve ter a cor própria da associação (%(colour)s)."),
            article=ART_3_PAR_1,
            colour=association_colour,
        )
    if colour.strip().casefold() == standard_colour.strip().casefold():
        raise LawError(
            N_("A cor do táxi executivo deve diferir da cor padrão dos táxis."),
            article=ART_3_PAR_1,
        )


def check_use(
    *, contract: str, member_active: bool, started_at: dt.datetime, ended_at: dt.datetime | None
) -> None:
    """§§1, 4: a member uses the executive taxi only under a contract."""
    if not contract.strip():
        raise LawError(
            N_("O táxi executivo só é usado mediante contrato com pessoa física ou jurídica."),
            article=ART_3_PAR_4,
        )
    if not member_active:
        raise LawError(
            N_("Somente associados titulares de autorização podem usar o táxi executivo."),
            article=ART_3_PAR_1,
        )
    if ended_at is not None and ended_at < started_at:
        raise LawError(N_("O fim do uso é anterior ao seu início."), article=ART_3_PAR_4)


def check_own_taxi_free(*, own_taxi_retained: bool) -> None:
    """§5: the member's own taxi is retained during the use; one use at a time."""
    if own_taxi_retained:
        raise LawError(
            N_("O táxi do associado já está retido por outro uso de táxi executivo."),
            article=ART_3_PAR_5,
        )
