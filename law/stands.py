"""Taxi stands (pontos de estacionamento), Arts. 32-36, as pure functions.

Readings chosen (also stated in the tests named after each article):

- **Art. 32**: location, type and number of places of each stand are fixed by an act of
  the Executive; a stand is registered with that act's number and date, and at least one
  place. A provisional stand (§2 III) serves a special event, so it has an end date.
- **Art. 32 §2 I**: only a fixed stand has taxis assigned to it; its places are its
  vacancies, and a taxi asking for a full stand waits in the order it asked.
- **Art. 32 §2 I-II and Art. 35**: at a fixed stand only the taxis assigned to it may
  wait; at a rotating stand any taxi registered in the municipality; a taxi of another
  municipality may not stop at a fixed stand (Art. 35) and, not being registered here,
  not at a rotating one either (§2 II).
- **Art. 36**: departures *with a passenger* ("saídas de veículos para o Transporte
  Individual de Passageiros") follow the order of arrival; the sole paragraph keeps the
  passenger's right to call a driver on his own phone, so such a departure skips the line.
  A taxi leaving without a passenger (going home, to a meal, to another stand) may leave
  from any place in the line: it only gives up its place (issue 19, item 10).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from law._dates import require_date
from law.errors import LawError
from law.i18n import N_

FIXED: Final = "fixed"
"""Art. 32 §2 I: ponto fixo, with taxis assigned to it."""
ROTATING: Final = "rotating"
"""Art. 32 §2 II: ponto rotativo, open to any taxi registered in the municipality."""
PROVISIONAL: Final = "provisional"
"""Art. 32 §2 III: ponto provisório, for a special event."""

KINDS: Final = (FIXED, ROTATING, PROVISIONAL)

ART_32: Final = "Art. 32"
ART_32_PAR_2: Final = "Art. 32 §2"
ART_32_PAR_2_I: Final = "Art. 32 §2 I"
ART_32_PAR_2_II: Final = "Art. 32 §2 II"
ART_32_PAR_2_III: Final = "Art. 32 §2 III"
ART_35: Final = "Art. 35"
ART_36: Final = "Art. 36"

MIN_PLACES: Final = 1
"""Art. 32: a stand has the number of places its act fixes; a stand without one is none."""


def check_stand(
    *, kind: str, places: int, act_number: str, ends_on: dt.date | None, starts_on: dt.date
) -> None:
    """Art. 32: a stand as the Executive's act fixes it (type, places, the act itself)."""
    require_date(starts_on, "starts_on")
    if kind not in KINDS:
        raise LawError(
            N_("Tipo de ponto inválido: os pontos são fixos, rotativos ou provisórios."),
            article=ART_32_PAR_2,
        )
    if not act_number.strip():
        raise LawError(
            N_("Informe o número do ato do Poder Executivo que fixa o ponto."), article=ART_32
        )
    if places < MIN_PLACES:
        raise LawError(
            N_(
                "O ponto deve ter ao menos %(min)d vaga fixada pelo ato; foram informadas "
                "%(places)d."
            ),
            article=ART_32,
            min=MIN_PLACES,
            places=places,
        )
    if kind == PROVISIONAL and ends_on is None:
        raise LawError(
            N_("Um ponto provisório atende a um evento especial: informe o último dia."),
            article=ART_32_PAR_2_III,
        )
    if ends_on is not None and require_date(ends_on, "ends_on") < starts_on:
        raise LawError(
            N_("O último dia do ponto (%(end)s) é anterior ao primeiro (%(start)s)."),
            article=ART_32,
            end=f"{ends_on:%d/%m/%Y}",
            start=f"{starts_on:%d/%m/%Y}",
        )


def check_assignable(*, kind: str) -> None:
    """Art. 32 §2 I: only a fixed stand has taxis specifically assigned to it."""
    if kind != FIXED:
        raise LawError(
            N_("Somente pontos fixos têm táxis designados; este ponto não é fixo."),
            article=ART_32_PAR_2_I,
        )


def has_vacancy(*, places: int, assigned: int) -> bool:
    """Art. 32 §2 I: a fixed stand takes as many assigned taxis as the places its act fixes."""
    if assigned < 0:
        raise ValueError(f"assigned must not be negative, got {assigned}")
    return assigned < places


def check_places_cover_assigned(*, places: int, assigned: int) -> None:
    """Art. 32: the act may reduce the places, but not below the taxis already assigned.

    The taxis beyond the new number must be moved first (the stand "pode ser remanejado").
    """
    if places < assigned:
        raise LawError(
            N_(
                "O ponto tem %(assigned)d táxis designados; remaneje-os antes de reduzir as "
                "vagas para %(places)d."
            ),
            article=ART_32,
            assigned=assigned,
            places=places,
        )


ART_24: Final = "Art. 24"


def check_may_stop(
    *, kind: str, registered_here: bool, assigned_here: bool, suspended: bool = False
) -> None:
    """Arts. 32 §2 I-II and 35: whether a taxi may take a place in the stand's line.

    A taxi of this municipality whose authorization is suspended (Art. 24, Art. 59 III) is
    not in service: it is told so, not that it comes from another municipality (Art. 35
    is about those)."""
    if suspended:
        raise LawError(
            N_("A autorização deste táxi está suspensa: ele não pode ocupar vaga em ponto."),
            article=ART_24,
        )
    if not registered_here:
        if kind == FIXED:
            raise LawError(
                N_("Táxi de outro município não pode parar nem estacionar em ponto fixo."),
                article=ART_35,
            )
        if kind == ROTATING:
            raise LawError(
                N_("O ponto rotativo só pode ser usado por táxi cadastrado no Município."),
                article=ART_32_PAR_2_II,
            )
    if kind == FIXED and not assigned_here:
        raise LawError(
            N_("Este táxi não está designado para este ponto fixo."),
            article=ART_32_PAR_2_I,
        )


@dataclass(frozen=True)
class Arrival:
    """A taxi waiting at a stand: its plate and when it arrived (Art. 36)."""

    plate: str
    arrived_at: dt.datetime


def departure_order(arrivals: Sequence[Arrival]) -> list[Arrival]:
    """Art. 36: the line at a stand, first arrived first; ties keep the given order."""
    return sorted(arrivals, key=lambda a: a.arrived_at)


def check_departure(
    *,
    arrivals: Sequence[Arrival],
    plate: str,
    passenger_call: bool = False,
    without_passenger: bool = False,
) -> None:
    """Art. 36: only the first in the line leaves with a passenger, unless the passenger
    called the driver.

    The sole paragraph: "Deverá ser respeitada a vontade do usuário passageiro quanto à
    chamada ao telefone pessoal do Taxista" — such a departure skips the line. A taxi
    leaving without a passenger is not a departure "para o Transporte Individual de
    Passageiros": any taxi of the line may leave so.
    """
    line = departure_order(arrivals)
    if not any(a.plate == plate for a in line):
        raise LawError(
            N_("O táxi %(plate)s não está na fila deste ponto."), article=ART_36, plate=plate
        )
    if passenger_call or without_passenger:
        return
    first = line[0]
    if first.plate != plate:
        raise LawError(
            N_("A saída obedece à ordem de chegada: o primeiro da fila é %(first)s."),
            article=ART_36,
            first=first.plate,
        )
