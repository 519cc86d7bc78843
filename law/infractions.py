"""The infractions of Art. 58 and the penalties attached to them.

- Art. 58: the 29 items, in four groups (headings "GRUPO 1" to "GRUPO 4").
- Art. 56: points per group; Art. 57: fine per group, in VRTE (Art. 54).
- Art. 59, I: written warning the first time for groups 1 and 2.
- Art. 59, III: suspension days per range of items.
- Art. 59, IV, a: items that allow impeding the vehicle, for up to 90 days.
- Art. 59, V, a: items whose recidivism leads to revocation (cassação).
- Art. 59, §1: fines doubled on recidivism.

Item XXI refers to Arts. 13 to 16, revoked by Lei nº 1.868/2025; it is kept
in the table (the numbering is the law's) but is not citable.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from types import MappingProxyType
from typing import Final

from law.errors import NotCitable, UnknownInfraction
from law.i18n import N_
from law.statute import LEI_1868_2025

ARTICLE: Final = "Art. 58"

GROUP_1: Final = 1
GROUP_2: Final = 2
GROUP_3: Final = 3
GROUP_4: Final = 4
GROUPS: Final = (GROUP_1, GROUP_2, GROUP_3, GROUP_4)

GROUP_1_POINTS: Final = 2
"""Art. 56, I."""
GROUP_2_POINTS: Final = 3
"""Art. 56, II."""
GROUP_3_POINTS: Final = 5
"""Art. 56, III."""
GROUP_4_POINTS: Final = 10
"""Art. 56, IV."""

POINTS_BY_GROUP: Final[Mapping[int, int]] = MappingProxyType(
    {
        GROUP_1: GROUP_1_POINTS,
        GROUP_2: GROUP_2_POINTS,
        GROUP_3: GROUP_3_POINTS,
        GROUP_4: GROUP_4_POINTS,
    }
)

GROUP_1_FINE_VRTE: Final = Decimal("80")
"""Art. 57, I."""
GROUP_2_FINE_VRTE: Final = Decimal("100")
"""Art. 57, II."""
GROUP_3_FINE_VRTE: Final = Decimal("150")
"""Art. 57, III."""
GROUP_4_FINE_VRTE: Final = Decimal("200")
"""Art. 57, IV."""

FINE_VRTE_BY_GROUP: Final[Mapping[int, Decimal]] = MappingProxyType(
    {
        GROUP_1: GROUP_1_FINE_VRTE,
        GROUP_2: GROUP_2_FINE_VRTE,
        GROUP_3: GROUP_3_FINE_VRTE,
        GROUP_4: GROUP_4_FINE_VRTE,
    }
)

RECIDIVISM_FINE_MULTIPLIER: Final = 2
"""Art. 59, §1: fines are doubled on recidivism ("em dobro")."""

WARNING_GROUPS: Final = frozenset({GROUP_1, GROUP_2})
"""Art. 59, I: written warning the first time an infraction of group 1 or 2 occurs."""

LAST_ITEM_SUSPENDED_ONLY_ON_RECIDIVISM: Final = 12
"""Art. 59, III, a: items I to XII are suspended only on recidivism."""
SUSPENSION_DAYS_ITEMS_I_TO_XII: Final = 15
"""Art. 59, III, a: 15 days, on recidivism of items I to XII."""

LAST_ITEM_SUSPENDED_30_DAYS: Final = 22
"""Art. 59, III, b: items XIII to XXII."""
SUSPENSION_DAYS_ITEMS_XIII_TO_XXII: Final = 30
"""Art. 59, III, b: 30 days for items XIII to XXII."""

SUSPENSION_DAYS_ITEMS_XXIII_TO_XXIX: Final = 60
"""Art. 59, III, c: 60 days for items XXIII to XXIX."""

IMPEDIMENT_MAX_DAYS: Final = 90
"""Art. 59, IV, a: maximum days the vehicle may be impeded from service."""

IMPEDIMENT_ITEMS: Final = frozenset({"XIII", "XV", "XVIII", "XIX", "XXI", "XXII"})
"""Art. 59, IV, a: items whose breach allows impeding the vehicle."""

FIRST_ITEM_REVOKED_ON_RECIDIVISM: Final = 13
"""Art. 59, V, a: recidivism in items XIII to XXIX leads to revocation."""

NOT_CITABLE_ITEM: Final = "XXI"
"""Art. 58, XXI points at Arts. 13-16, revoked by Lei nº 1.868/2025."""


@dataclass(frozen=True)
class Infraction:
    """One item of Art. 58.

    ``number`` is the item as an integer (1-29), ``item`` the roman numeral,
    ``text`` the law's wording (without the list's trailing ";" or ".";
    Portuguese, marked with :func:`law.i18n.N_` for translation),
    ``group`` the heading it sits under (1-4). ``revoked_by`` names the law
    that revoked what the item refers to, if any.
    """

    number: int
    item: str
    text: str
    group: int
    revoked_by: str | None = None

    @property
    def article(self) -> str:
        """Citation of the item, e.g. ``"Art. 58, XIII"``."""
        return f"{ARTICLE} {self.item}"

    @property
    def citable(self) -> bool:
        """Whether the item can be cited in an infraction notice (False for XXI)."""
        return self.revoked_by is None

    @property
    def points(self) -> int:
        """Art. 56: group 1 → 2, group 2 → 3, group 3 → 5, group 4 → 10 points."""
        return POINTS_BY_GROUP[self.group]

    @property
    def fine_vrte(self) -> Decimal:
        """Art. 57: group 1 → 80, group 2 → 100, group 3 → 150, group 4 → 200 VRTE."""
        return FINE_VRTE_BY_GROUP[self.group]

    @property
    def fine_vrte_on_recidivism(self) -> Decimal:
        """Art. 59, §1: the fine doubled for a recidivist."""
        return self.fine_vrte * RECIDIVISM_FINE_MULTIPLIER

    @property
    def warning_on_first_offence(self) -> bool:
        """Art. 59, I: written warning the first time, for groups 1 and 2."""
        return self.group in WARNING_GROUPS

    @property
    def suspension_days(self) -> int:
        """Art. 59, III: I-XII → 15 (on recidivism), XIII-XXII → 30, XXIII-XXIX → 60."""
        if self.number <= LAST_ITEM_SUSPENDED_ONLY_ON_RECIDIVISM:
            return SUSPENSION_DAYS_ITEMS_I_TO_XII
        if self.number <= LAST_ITEM_SUSPENDED_30_DAYS:
            return SUSPENSION_DAYS_ITEMS_XIII_TO_XXII
        return SUSPENSION_DAYS_ITEMS_XXIII_TO_XXIX

    @property
    def suspension_requires_recidivism(self) -> bool:
        """Art. 59, III, a: items I-XII are suspended only on recidivism."""
        return self.number <= LAST_ITEM_SUSPENDED_ONLY_ON_RECIDIVISM

    @property
    def impediment_eligible(self) -> bool:
        """Art. 59, IV, a: XIII, XV, XVIII, XIX, XXI, XXII allow impeding the vehicle."""
        return self.item in IMPEDIMENT_ITEMS

    @property
    def revocation_on_recidivism(self) -> bool:
        """Art. 59, V, a: recidivism in items XIII-XXIX leads to revocation."""
        return self.number >= FIRST_ITEM_REVOKED_ON_RECIDIVISM


_ART_58: Final[tuple[tuple[str, int, str], ...]] = (
    # GRUPO 1
    ("I", GROUP_1, N_("Lavar veículo no ponto")),
    ("II", GROUP_1, N_("Realizar refeição no veículo")),
    ("III", GROUP_1, N_("Fumar e permitir que o passageiro fume no interior do veículo")),
    ("IV", GROUP_1, N_("Desrespeitar a capacidade de lotação do veículo")),
    (
        "V",
        GROUP_1,
        N_("Trajar-se em desconformidade com a regulamentação do Poder Executivo Municipal"),
    ),
    (
        "VI",
        GROUP_1,
        N_(
            "Ausentar-se do veículo estacionado no ponto, exceto se o veículo estiver "
            "estacionado na última vaga de espera do Ponto, com o bigorrilho luminoso de TAXI "
            "retirado do teto"
        ),
    ),
    (
        "VII",
        GROUP_1,
        N_("Deixar de manter os pontos em perfeito estado de conservação e limpeza"),
    ),
    ("VIII", GROUP_1, N_("Não tratar com polidez e urbanidade os usuários")),
    ("IX", GROUP_1, N_("Deixar de fornecer o troco ao passageiro")),
    # GRUPO 2
    (
        "X",
        GROUP_2,
        N_("Não manter a tabela de preço afixada nos veículos, em local visível aos usuários"),
    ),
    (
        "XI",
        GROUP_2,
        N_(
            "Recusar atendimento ao usuário em preferência a outro, salvo no caso de gestante, "
            "idoso e deficiente físico"
        ),
    ),
    (
        "XII",
        GROUP_2,
        N_(
            "Deixar de acomodar, transportar e retirar a bagagem do passageiro do porta-malas "
            "do veículo, exceto em caso de risco para a segurança da viagem"
        ),
    ),
    # GRUPO 3
    (
        "XIII",
        GROUP_3,
        N_(
            "Prestar o serviço com o veículo não estando em perfeitas condições de "
            "funcionamento, segurança, conforto e higiene"
        ),
    ),
    (
        "XIV",
        GROUP_3,
        N_("Dirigir em situações que oferecem riscos à segurança de passageiros ou de terceiros"),
    ),
    (
        "XV",
        GROUP_3,
        N_("Manter o veículo fora dos padrões especificados pelo Poder Executivo Municipal"),
    ),
    (
        "XVI",
        GROUP_3,
        N_("Cobrar o valor da corrida em desconformidade com o estipulado na tabela em vigor"),
    ),
    (
        "XVII",
        GROUP_3,
        N_("Angariar passageiros usando meios e artifícios de concorrência desleal"),
    ),
    (
        "XVIII",
        GROUP_3,
        N_(
            "Deixar de portar, em lugar visível no veículo Autorização para prestação de "
            "serviço de taxi e a IM dentro do prazo de validade"
        ),
    ),
    (
        "XIX",
        GROUP_3,
        N_(
            "Não renovar a licença para trafegar do veículo e o cartão do condutor, no prazo "
            "estipulado nesta Lei"
        ),
    ),
    (
        "XX",
        GROUP_3,
        N_("Fazer itinerário mais extenso ou desnecessário, salvo com autorização do usuário"),
    ),
    (
        "XXI",
        GROUP_3,
        N_(
            "Não providenciarem a padronização dos veículos conforme exigências contidas no "
            "art. 13, 14, 15 e 16 desta Lei"
        ),
    ),
    (
        "XXII",
        GROUP_3,
        N_(
            "Não providenciarem a pintura externa do veículo (troca de cor), conforme artigo "
            '10, inciso II, alínea "e"'
        ),
    ),
    # GRUPO 4
    (
        "XXIII",
        GROUP_4,
        N_(
            "Agredir fisicamente ou verbalmente os usuários, agentes fiscais, demais taxistas "
            "ou público em geral"
        ),
    ),
    (
        "XXIV",
        GROUP_4,
        N_("Fazer ponto de táxi em local não definido pelo Poder Executivo Municipal"),
    ),
    ("XXV", GROUP_4, N_("Portar arma de qualquer espécie ou trazê-la consigo")),
    (
        "XXVI",
        GROUP_4,
        N_(
            "Dirigir o veículo em estado de embriaguez alcoólica, ou sob efeito de substâncias "
            "tóxicas de qualquer natureza, prestando serviços ou na iminência de prestá-los"
        ),
    ),
    (
        "XXVII",
        GROUP_4,
        N_("Permitir que o condutor com a Autorização suspensa ou cassada dirija o veículo"),
    ),
    (
        "XXVIII",
        GROUP_4,
        N_(
            "Paralisar as atividades por mais de 30 (trinta) dias consecutivos, salvo em casos "
            "autorizados pelo Poder Executivo Municipal"
        ),
    ),
    (
        "XXIX",
        GROUP_4,
        N_("Confiar a direção do veículo a pessoas não autorizadas pelo Poder Executivo Municipal"),
    ),
)

INFRACTIONS: Final[Mapping[str, Infraction]] = MappingProxyType(
    {
        item: Infraction(
            number=number,
            item=item,
            text=text,
            group=group,
            revoked_by=LEI_1868_2025 if item == NOT_CITABLE_ITEM else None,
        )
        for number, (item, group, text) in enumerate(_ART_58, start=1)
    }
)
"""The 29 items of Art. 58 keyed by roman numeral, in the law's order."""


def infraction(item: str) -> Infraction:
    """The citable infraction of Art. 58 numbered ``item`` (e.g. ``"XIII"``).

    Surrounding spaces and lower case are accepted. Raises
    :class:`~law.errors.UnknownInfraction` for an item that does not exist and
    :class:`~law.errors.NotCitable` for item XXI (Arts. 13-16 revoked by Lei
    nº 1.868/2025).
    """
    key = item.strip().upper()
    found = INFRACTIONS.get(key)
    if found is None:
        raise UnknownInfraction(
            N_(
                "O item %(item)r não existe no Art. 58 da Lei nº 1.764/2023 "
                "(os itens vão de I a XXIX)."
            ),
            article=ARTICLE,
            item=item,
        )
    if not found.citable:
        raise NotCitable(
            N_(
                "O item %(item)s do Art. 58 não pode ser citado: remete aos Arts. 13 a 16 "
                "da Lei nº 1.764/2023, revogados pela %(revoked_by)s."
            ),
            article=found.article,
            item=found.item,
            revoked_by=found.revoked_by,
        )
    return found


def citable_infractions() -> tuple[Infraction, ...]:
    """The items of Art. 58 that may be cited (all but XXI), in order."""
    return tuple(entry for entry in INFRACTIONS.values() if entry.citable)


COLOUR_CHANGE_ITEM: Final = "XXII"
"""Art. 58, XXII: "Não providenciarem a pintura externa do veículo (troca de cor)"."""


def infraction_citable_against(
    item: str, *, on: dt.date, colour_grace_until: dt.date | None
) -> Infraction:
    """:func:`infraction`, for a vehicle whose repaint period ends on ``colour_grace_until``.

    Arts. 10, §2 and 70: a vehicle within its 36 months to change colour (the
    authorizations existing at the publication: until 28 July 2026) has not yet failed
    to repaint, so item XXII cannot be cited against it until the day after.
    ``colour_grace_until`` ``None`` means the vehicle has no such period.
    """
    entry = infraction(item)
    if (
        entry.item == COLOUR_CHANGE_ITEM
        and colour_grace_until is not None
        and on <= colour_grace_until
    ):
        raise NotCitable(
            N_(
                "O item %(item)s do Art. 58 não pode ser citado: o veículo está no prazo "
                "para a troca de cor, que termina em %(until)s (Art. 10 §2 e Art. 70)."
            ),
            article="Art. 10 §2; Art. 70",
            item=entry.item,
            until=f"{colour_grace_until:%d/%m/%Y}",
        )
    return entry
