"""The 29 infractions of Art. 58 with their groups, points (Art. 56), fines
(Art. 57) and penalties (Art. 59), checked row by row against the law."""

from __future__ import annotations

from decimal import Decimal

import pytest

from law.infractions import IMPEDIMENT_MAX_DAYS, INFRACTIONS
from law.statute import LEI_1868_2025
from tests.law.law_text import LAW_TEXT

# fmt: off
ROMAN = [
    "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X",
    "XI", "XII", "XIII", "XIV", "XV", "XVI", "XVII", "XVIII", "XIX", "XX",
    "XXI", "XXII", "XXIII", "XXIV", "XXV", "XXVI", "XXVII", "XXVIII", "XXIX",
]
# fmt: on

# item, group, points (Art. 56), fine in VRTE (Art. 57), suspension days (Art. 59, III),
# impediment (Art. 59, IV, a), revocation on recidivism (Art. 59, V, a), opening words
TABLE = [
    ("I", 1, 2, "80", 15, False, False, "Lavar veículo no ponto"),
    ("II", 1, 2, "80", 15, False, False, "Realizar refeição no veículo"),
    ("III", 1, 2, "80", 15, False, False, "Fumar e permitir que o passageiro fume"),
    ("IV", 1, 2, "80", 15, False, False, "Desrespeitar a capacidade de lotação"),
    ("V", 1, 2, "80", 15, False, False, "Trajar-se em desconformidade"),
    ("VI", 1, 2, "80", 15, False, False, "Ausentar-se do veículo estacionado no ponto"),
    ("VII", 1, 2, "80", 15, False, False, "Deixar de manter os pontos"),
    ("VIII", 1, 2, "80", 15, False, False, "Não tratar com polidez"),
    ("IX", 1, 2, "80", 15, False, False, "Deixar de fornecer o troco"),
    ("X", 2, 3, "100", 15, False, False, "Não manter a tabela de preço"),
    ("XI", 2, 3, "100", 15, False, False, "Recusar atendimento ao usuário"),
    ("XII", 2, 3, "100", 15, False, False, "Deixar de acomodar, transportar"),
    ("XIII", 3, 5, "150", 30, True, True, "Prestar o serviço com o veículo não estando"),
    ("XIV", 3, 5, "150", 30, False, True, "Dirigir em situações que oferecem riscos"),
    ("XV", 3, 5, "150", 30, True, True, "Manter o veículo fora dos padrões"),
    ("XVI", 3, 5, "150", 30, False, True, "Cobrar o valor da corrida"),
    ("XVII", 3, 5, "150", 30, False, True, "Angariar passageiros"),
    ("XVIII", 3, 5, "150", 30, True, True, "Deixar de portar, em lugar visível"),
    ("XIX", 3, 5, "150", 30, True, True, "Não renovar a licença para trafegar"),
    ("XX", 3, 5, "150", 30, False, True, "Fazer itinerário mais extenso"),
    ("XXI", 3, 5, "150", 30, True, True, "Não providenciarem a padronização"),
    ("XXII", 3, 5, "150", 30, True, True, "Não providenciarem a pintura externa"),
    ("XXIII", 4, 10, "200", 60, False, True, "Agredir fisicamente ou verbalmente"),
    ("XXIV", 4, 10, "200", 60, False, True, "Fazer ponto de táxi em local não definido"),
    ("XXV", 4, 10, "200", 60, False, True, "Portar arma de qualquer espécie"),
    ("XXVI", 4, 10, "200", 60, False, True, "Dirigir o veículo em estado de embriaguez"),
    ("XXVII", 4, 10, "200", 60, False, True, "Permitir que o condutor com a Autorização"),
    ("XXVIII", 4, 10, "200", 60, False, True, "Paralisar as atividades por mais de 30"),
    ("XXIX", 4, 10, "200", 60, False, True, "Confiar a direção do veículo"),
]


def test_art58_has_29_items_in_order() -> None:
    # given / when
    keys = list(INFRACTIONS)
    # then
    assert keys == ROMAN
    assert [entry.number for entry in INFRACTIONS.values()] == list(range(1, 30))
    assert all(entry.item == key for key, entry in INFRACTIONS.items())


@pytest.mark.parametrize(
    ("item", "group", "points", "fine", "suspension", "impediment", "revocation", "opening"),
    TABLE,
    ids=[row[0] for row in TABLE],
)
def test_infraction_group_points_fine_and_penalties_art56_art57_art58_art59(
    item: str,
    group: int,
    points: int,
    fine: str,
    suspension: int,
    impediment: bool,
    revocation: bool,
    opening: str,
) -> None:
    # given
    entry = INFRACTIONS[item]
    # when / then
    assert entry.group == group
    assert entry.points == points
    assert entry.fine_vrte == Decimal(fine)
    assert isinstance(entry.fine_vrte, Decimal)
    assert entry.fine_vrte_on_recidivism == 2 * Decimal(fine)
    assert entry.suspension_days == suspension
    assert entry.suspension_requires_recidivism is (entry.number <= 12)
    assert entry.warning_on_first_offence is (group in (1, 2))
    assert entry.impediment_eligible is impediment
    assert entry.revocation_on_recidivism is revocation
    assert entry.text.startswith(opening)
    assert entry.article == f"Art. 58 {item}"


def test_only_item_xxi_is_revoked_by_lei_1868_2025_art58_xxi() -> None:
    # given / when
    revoked = {key: entry.revoked_by for key, entry in INFRACTIONS.items() if entry.revoked_by}
    # then
    assert revoked == {"XXI": "Lei nº 1.868, de 29 de dezembro de 2025"}
    assert INFRACTIONS["XXI"].revoked_by is LEI_1868_2025
    assert not INFRACTIONS["XXI"].citable
    assert all(entry.citable for key, entry in INFRACTIONS.items() if key != "XXI")


def test_impediment_lasts_at_most_90_days_art59_iv_a() -> None:
    assert IMPEDIMENT_MAX_DAYS == 90


def test_infraction_texts_are_verbatim_from_the_law_art58() -> None:
    # given the text of Art. 58 in the law
    law = LAW_TEXT.read_text(encoding="utf-8")
    art58 = law[law.index("Art. 58 ") : law.index("Art. 59 ")]
    # when / then every item appears as "<numeral> - <text>" followed by ";", "." or the end
    for key, entry in INFRACTIONS.items():
        line = f"{key} - {entry.text}"
        assert line in art58, key
        after = art58[art58.index(line) + len(line) :][:1]
        assert after in {";", ".", "\n", "\r", " "}, (key, after)


def test_groups_follow_the_headings_of_art58() -> None:
    # given the headings GRUPO 1..4 in Art. 58
    law = LAW_TEXT.read_text(encoding="utf-8")
    art58 = law[law.index("Art. 58 ") : law.index("Art. 59 ")]
    # when / then each item sits after the heading of its group and before the next one
    for entry in INFRACTIONS.values():
        position = art58.index(f"\n{entry.item} - ")
        assert art58.index(f"GRUPO {entry.group}:") < position
        if entry.group < 4:
            assert position < art58.index(f"GRUPO {entry.group + 1}:")
