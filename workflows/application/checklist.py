"""The documents an application must bring: Art. 10 I (the driver) and II a (the vehicle)."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _l

from law.citations import (
    ART_10_I_A,
    ART_10_I_B,
    ART_10_I_C,
    ART_10_I_D,
    ART_10_I_E,
    ART_10_I_F,
    ART_10_I_G,
    ART_10_II_A,
)


@dataclass(frozen=True)
class ChecklistItem:
    code: str
    label: str | Promise
    article: str
    # The 3x4 photos go on the IM card (Art. 17): an image, not a PDF.
    image_only: bool = False

    @property
    def field(self) -> str:
        """The name of the upload field for this item, in the filing and correction forms."""
        return f"doc_{self.code}"


ITEMS: tuple[ChecklistItem, ...] = (
    ChecklistItem("identity", _l("Carteira de Identidade"), ART_10_I_A),
    ChecklistItem("cnh", _l("Carteira Nacional de Habilitação (B, C, D ou E)"), ART_10_I_B),
    ChecklistItem("cpf", _l("Cadastro de Pessoa Física (CPF)"), ART_10_I_C),
    ChecklistItem(
        "voter_title", _l("Título eleitoral com comprovante de votação da última eleição"),
        ART_10_I_D,
    ),
    ChecklistItem(
        "criminal_state", _l("Certidão negativa criminal da Justiça Estadual"), ART_10_I_E
    ),
    ChecklistItem(
        "criminal_federal", _l("Certidão negativa criminal da Justiça Federal"), ART_10_I_E
    ),
    ChecklistItem(
        "residence",
        _l("Comprovante de residência ou declaração do proprietário do imóvel"),
        ART_10_I_F,
    ),
    ChecklistItem("photo_1", _l("Foto 3x4 recente (1ª)"), ART_10_I_G, image_only=True),
    ChecklistItem("photo_2", _l("Foto 3x4 recente (2ª)"), ART_10_I_G, image_only=True),
    ChecklistItem(
        "crlv", _l("Certificado de Registro e Licenciamento do Veículo (CRLV)"), ART_10_II_A
    ),
)

BY_CODE: dict[str, ChecklistItem] = {item.code: item for item in ITEMS}
BY_FIELD: dict[str, ChecklistItem] = {item.field: item for item in ITEMS}
PHOTO_ITEM = "photo_1"
