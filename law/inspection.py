"""The inspection (vistoria) checklist: Arts. 10 II, 11 and 20.

Art. 20 requires an inspection on transfer, on inclusion and exclusion of a vehicle and
at each IM renewal. A vehicle passes when every item is met; a failed item is fixed and
the vehicle is inspected again.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final

from law.i18n import N_


@dataclass(frozen=True)
class InspectionItem:
    code: str
    article: str
    label: str


ITEMS: Final[tuple[InspectionItem, ...]] = (
    InspectionItem("good_condition", "Art. 11 I",
                   N_("Bom estado de funcionamento e conservação")),
    InspectionItem("roof_light", "Art. 11 III a",
                   N_("Caixa luminosa “TÁXI” no teto, com dispositivo para apagar")),
    InspectionItem("free_busy_sign", "Art. 11 III b",
                   N_("Dispositivo indicador “livre” / “ocupado”")),
    InspectionItem("seat_belts", "Art. 11 III c", N_("Cintos de segurança em perfeitas condições")),
    InspectionItem("driver_identification", "Art. 11 III d", N_("Identificação do taxista")),
    InspectionItem("price_table", "Art. 11 III e; Art. 30", N_("Tabela de preços em vigor")),
    InspectionItem("no_smoking_sticker", "Art. 11 III f", N_("Adesivo “proibido fumar”")),
    InspectionItem("im_displayed", "Art. 11 III g", N_("IM (Inscrição Municipal) no veículo")),
    InspectionItem("doors_and_capacity", "Art. 10 II c",
                   N_("4 ou 5 portas e até 7 ocupantes")),
    InspectionItem("air_conditioning", "Art. 10 II d", N_("Ar-condicionado funcionando")),
    InspectionItem("white_colour", "Art. 10 II e", N_("Cor branca")),
)

BY_CODE: Final[Mapping[str, InspectionItem]] = MappingProxyType({i.code: i for i in ITEMS})


NOT_YET_FOR_NEW_ENTRY: Final = frozenset({"driver_identification", "im_displayed"})
"""Art. 11 III d and g cannot be met before the authorization and IM exist: a vehicle
entering the service for the first time is inspected without them."""


def failed_items(
    results: Mapping[str, bool], *, waived: frozenset[str] = frozenset()
) -> list[InspectionItem]:
    """Items not met; an item missing from `results` counts as not inspected, so failed.
    `waived` items do not apply to this inspection."""
    return [
        item for item in ITEMS if item.code not in waived and not results.get(item.code, False)
    ]


def passed(results: Mapping[str, bool], *, waived: frozenset[str] = frozenset()) -> bool:
    """Art. 20: the vehicle may enter or stay in service only when every item is met."""
    return not failed_items(results, waived=waived)
