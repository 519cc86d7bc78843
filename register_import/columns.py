"""The columns of the spreadsheet a municipality keeps today: one row per authorization.

A row carries the holder, the vehicle, the IM in force and, when there is one, the
auxiliary (Arts. 8, 27, 69). Headers are matched without accents, case or spaces.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _


@dataclass(frozen=True)
class Column:
    key: str
    label: str | Promise
    required: bool = True
    max_length: int = 200


COLUMNS: tuple[Column, ...] = (
    Column("termo", _("Número do Termo"), max_length=20),
    Column("outorgado_em", _("Outorgado em")),
    Column("titular_nome", _("Titular: nome")),
    Column("titular_cpf", _("Titular: CPF")),
    Column("titular_cnh", _("Titular: CNH")),
    Column("titular_cnh_categoria", _("Titular: categoria da CNH"), max_length=5),
    Column("titular_cnh_validade", _("Titular: validade da CNH")),
    Column("titular_endereco", _("Titular: endereço"), max_length=250),
    Column("titular_bairro", _("Titular: bairro"), required=False, max_length=120),
    Column("titular_telefone", _("Titular: telefone"), required=False, max_length=20),
    Column("titular_email", _("Titular: e-mail"), required=False, max_length=254),
    Column("placa", _("Placa"), max_length=8),
    Column("renavam", _("RENAVAM"), max_length=11),
    Column("marca", _("Marca"), max_length=60),
    Column("modelo", _("Modelo"), max_length=80),
    Column("ano_fabricacao", _("Ano de fabricação"), max_length=4),
    Column("portas", _("Portas"), max_length=2),
    Column("lotacao", _("Lotação"), max_length=2),
    Column("ar_condicionado", _("Ar-condicionado"), max_length=10),
    Column("cor", _("Cor"), max_length=40),
    Column("im_numero", _("Número da IM"), max_length=20),
    Column("im_valida_desde", _("IM válida desde")),
    Column("im_valida_ate", _("IM válida até")),
    Column("auxiliar_nome", _("Auxiliar: nome"), required=False),
    Column("auxiliar_cpf", _("Auxiliar: CPF"), required=False),
    Column("auxiliar_cnh", _("Auxiliar: CNH"), required=False),
    Column("auxiliar_cnh_categoria", _("Auxiliar: categoria da CNH"), required=False, max_length=5),
    Column("auxiliar_cnh_validade", _("Auxiliar: validade da CNH"), required=False),
    Column("auxiliar_endereco", _("Auxiliar: endereço"), required=False, max_length=250),
)

AUXILIARY_KEYS = tuple(c.key for c in COLUMNS if c.key.startswith("auxiliar_"))
BY_KEY = {c.key: c for c in COLUMNS}


def header_key(text: object) -> str:
    """`Titular CPF`, `titular_cpf` and `TITULAR - CPF` all name the same column."""
    plain = unicodedata.normalize("NFKD", str(text or "")).encode("ascii", "ignore").decode()
    words = "".join(ch if ch.isalnum() else " " for ch in plain.lower()).split()
    return "_".join(words)
