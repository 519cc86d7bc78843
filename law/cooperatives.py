"""Drivers' cooperatives and associations and their executive taxis, Art. 3 §§1-5.

Readings chosen:

- **§1 I and caput**: an association is registered with its named members, each a holder
  of a taxi authorization. A driver may join several ("poderá agrupar-se em associações e
  cooperativas"); he is a member of each once.
- **§1 II and §2**: executive vehicles at most 10 % of the members, rounded down (10 % of
  19 is 1.9 → 1). For this count only, a member already counted by another association
  (his earlier membership) is not counted again (§2); he still belongs to both.
- **§1 III**: an association keeps executive taxis only with at least 20 members who hold
  an authorization in force — every member, §2 speaks of the limit of II only. II and
  III are checked when a vehicle is registered and again whenever an executive taxi is
  used (:func:`check_fleet_in_bounds`): members who leave end the right to use it.
- **§1 caput**: the colour of its own is declared when the association keeps executive
  taxis; an association without them declares none.
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


ART_3: Final = "Art. 3"


def check_not_yet_member(*, already_member: bool) -> None:
    """Art. 3 caput and §1 I: a driver may join several associations, each once.

    §2 does not forbid a second membership: it keeps the member out of the second
    association's count of vehicles (:func:`max_vehicles` over the members counted)."""
    if already_member:
        raise LawError(N_("O taxista já é associado desta associação."), article=ART_3)


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


def check_fleet_in_bounds(*, members: int, counted: int, vehicles: int) -> None:
    """§1 II-III, at every use of an executive taxi: the association still has its 20
    members holding an authorization (III) and no more vehicles than 10 % of the members it
    counts (II, §2). A fleet that fell out of bounds (members left) is not used."""
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
    limit = max_vehicles(counted)
    if vehicles > limit:
        raise LawError(
            N_(
                "A associação mantém %(vehicles)d táxis executivos, acima do limite de "
                "%(limit)d (10%% dos %(counted)d associados que ela conta)."
            ),
            article=ART_3_PAR_1_II,
            vehicles=vehicles,
            limit=limit,
            counted=counted,
        )


def check_may_add_vehicle(
    *,
    members: int,
    vehicles: int,
    parking_approved: bool,
    parking_places: int,
    counted: int | None = None,
) -> None:
    """§1 II-IV: whether one more executive vehicle may be registered.

    ``members``: the members holding an authorization (III); ``counted``: those of them
    this association counts for the limit of II (§2: not those counted by another);
    the same when not given."""
    counted = members if counted is None else counted
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
    limit = max_vehicles(counted)
    if vehicles + 1 > limit:
        raise LawError(
            N_("Com %(members)d associados, o limite é de %(limit)d veículos executivos (10%%)."),
            article=ART_3_PAR_1_II,
            members=counted,
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
    if not association_colour.strip():
        raise LawError(
            N_(
                "Declare antes a cor própria dos táxis executivos da associação, diferente "
                "da cor padrão."
            ),
            article=ART_3_PAR_1,
        )
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


def check_not_ordinary_service(*, executive: bool) -> None:
    """§4: an executive taxi serves only under contract, "proibindo o seu uso nos serviços
    próprios dos táxis não executivos" — it takes no place at a stand nor in the roster."""
    if executive:
        raise LawError(
            N_(
                "Táxi executivo não presta o serviço dos táxis comuns: não ocupa vaga em "
                "ponto; é usado somente mediante contrato."
            ),
            article=ART_3_PAR_4,
        )


def check_own_taxi_free(*, own_taxi_retained: bool) -> None:
    """§5: the member's own taxi is retained during the use; one use at a time."""
    if own_taxi_retained:
        raise LawError(
            N_("O táxi do associado já está retido por outro uso de táxi executivo."),
            article=ART_3_PAR_5,
        )
