"""Judging each row of the spreadsheet: which cell breaks which rule, under which article.

A row is either rejected with every reason found in it (the clerk corrects them all in
one pass) or parsed into the values the import writes. Nothing here writes.

A row can also be *flagged*: it is imported, because Art. 69 keeps the current
authorizations, but it records something the law asks the Secretaria to act on — a vehicle
past its age or not white (Arts. 12, 70), a CNH that has expired (Art. 10, I, b), a holder
with a second current Termo (Art. 22, §4). A flag never stops the import; the import opens
the revocation process where the law gives one (docs/interpretations.md, "Art. 69").
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field

from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.utils.translation import gettext as _

from law import vehicles as law_vehicles
from law._dates import add_months
from law.citations import ART_8, ART_10_I_B, ART_10_I_C, ART_10_II_A, ART_18, ART_22_P4, ART_27
from law.statute import PUBLICATION_DATE
from register_import.columns import AUXILIARY_KEYS, BY_KEY, COLUMNS
from registers.numbers import registration_number_canonical
from registers.validators import normalize_cnh, normalize_cpf, normalize_plate, normalize_renavam

# The oldest date a current register can plausibly hold, and how far ahead a CNH may run
# (CTB art. 147 §2: at most 10 years).
OLDEST_GRANT = dt.date(1950, 1, 1)
CNH_MAX_YEARS_AHEAD = 10
_YES = {"sim", "s", "1", "true", "verdadeiro", "x"}
_NO = {"nao", "não", "n", "0", "false", "falso", ""}


@dataclass(frozen=True)
class CellError:
    line: int
    column: str
    value: str
    code: str
    message: str
    article: str = ""

    def as_dict(self) -> dict[str, object]:
        return {
            "line": self.line,
            "column": self.column,
            "column_label": str(BY_KEY[self.column].label) if self.column in BY_KEY else "",
            "value": self.value,
            "code": self.code,
            "message": self.message,
            "article": self.article,
        }


@dataclass(frozen=True)
class RowFlag(CellError):
    """A row imported with something for the clerk to act on (Art. 69: kept, not refused)."""

    def as_dict(self) -> dict[str, object]:
        return {**super().as_dict(), "flag": True}


# The codes that flag a row instead of rejecting it (docs/interpretations.md, "Art. 69").
FLAGGED_VEHICLE_FAILURES = frozenset({"age", "colour"})


@dataclass(frozen=True)
class Person:
    name: str
    cpf: str
    cnh: str
    category: str
    cnh_expires_on: dt.date
    address: str
    district: str = ""
    phone: str = ""
    email: str = ""


@dataclass(frozen=True)
class Row:
    line: int
    termo: str
    granted_on: dt.date
    holder: Person
    plate: str
    renavam: str
    make: str
    model: str
    manufacture_year: int
    doors: int
    capacity: int
    air_conditioning: bool
    colour: str
    im_number: str
    im_valid_from: dt.date
    im_valid_until: dt.date
    auxiliary: Person | None = None


@dataclass
class _Cells:
    """One row's raw cells, collecting errors as each is read."""

    line: int
    raw: dict[str, str]
    errors: list[CellError] = field(default_factory=list)
    flags: list[RowFlag] = field(default_factory=list)

    def fail(self, column: str, code: str, message: str, article: str = "") -> None:
        self.errors.append(
            CellError(self.line, column, self.raw.get(column, ""), code, message, article)
        )

    def flag(self, column: str, code: str, message: str, article: str) -> None:
        self.flags.append(
            RowFlag(self.line, column, self.raw.get(column, ""), code, message, article)
        )

    def text(self, key: str, *, required: bool | None = None) -> str:
        value = self.raw.get(key, "").strip()
        column = BY_KEY[key]
        if not value and (column.required if required is None else required):
            self.fail(key, "required", _("Campo obrigatório em branco."))
        elif len(value) > column.max_length:
            self.fail(
                key, "too_long",
                _("Passa de %(max)d caracteres.") % {"max": column.max_length},
            )
            return value[: column.max_length]
        return value

    def normalized(self, key: str, normalize, *, article: str, required: bool | None = None) -> str:
        value = self.text(key, required=required)
        if not value:
            return ""
        try:
            return normalize(value)
        except ValidationError as exc:
            self.fail(key, exc.code or "invalid", " ".join(exc.messages), article)
            return ""

    def date(
        self, key: str, *, lowest: dt.date, highest: dt.date, required: bool | None = None
    ) -> dt.date | None:
        value = self.text(key, required=required)
        if not value:
            return None
        day = parse_date(value)
        if day is None:
            self.fail(key, "invalid_date", _("Data inválida: use DD/MM/AAAA."))
        elif not lowest <= day <= highest:
            self.fail(
                key, "implausible_date",
                _("Data fora do intervalo possível (%(low)s a %(high)s).")
                % {"low": f"{lowest:%d/%m/%Y}", "high": f"{highest:%d/%m/%Y}"},
            )
            return None
        return day

    def integer(self, key: str, *, lowest: int, highest: int) -> int | None:
        value = self.text(key)
        if not value:
            return None
        if not re.fullmatch(r"\d{1,4}", value):
            self.fail(key, "invalid_number", _("Número inteiro inválido."))
            return None
        number = int(value)
        if not lowest <= number <= highest:
            self.fail(
                key, "out_of_range",
                _("Valor fora do intervalo %(low)d a %(high)d.") % {"low": lowest, "high": highest},
            )
            return None
        return number


def parse_date(value: str) -> dt.date | None:
    for pattern in ("%d/%m/%Y", "%Y-%m-%d", "%d-%m-%Y"):
        try:
            return dt.datetime.strptime(value.strip(), pattern).date()  # noqa: DTZ007 - a day
        except ValueError:
            continue
    return None


def _person(cells: _Cells, prefix: str, today: dt.date, *, required: bool) -> Person | None:
    name = cells.text(f"{prefix}_nome", required=required)
    cpf = cells.normalized(f"{prefix}_cpf", normalize_cpf, article=ART_10_I_C, required=required)
    cnh = cells.normalized(f"{prefix}_cnh", normalize_cnh, article=ART_10_I_B, required=required)
    category = cells.text(f"{prefix}_cnh_categoria", required=required).upper()
    if category and not law_vehicles.is_cnh_category_allowed(category):
        cells.fail(
            f"{prefix}_cnh_categoria", "cnh_category",
            _("A CNH deve ser das categorias B, C, D ou E."), ART_10_I_B,
        )
    expires = cells.date(
        f"{prefix}_cnh_validade", lowest=dt.date(1990, 1, 1),
        highest=add_months(today, 12 * CNH_MAX_YEARS_AHEAD), required=required,
    )
    if expires is not None and expires < today:
        # Art. 69 keeps the authorization; an expired CNH bars driving, not the right
        # (no ground of Art. 59 V): flagged for the Secretaria, never refused.
        cells.flag(
            f"{prefix}_cnh_validade", "cnh_expired",
            _("A CNH venceu em %(day)s: não pode conduzir táxi até renová-la. A autorização "
              "atual é mantida (Art. 69); a Secretaria exige a CNH renovada.")
            % {"day": f"{expires:%d/%m/%Y}"}, ART_10_I_B,
        )
    address = cells.text(f"{prefix}_endereco", required=required)
    if prefix == "titular":
        district = cells.text("titular_bairro")
        phone = cells.text("titular_telefone")
        email = cells.text("titular_email")
        if email:
            try:
                validate_email(email)
            except ValidationError:
                cells.fail("titular_email", "invalid_email", _("E-mail inválido."))
    else:
        district = phone = email = ""
    if not (name and cpf and cnh and category and expires and address):
        return None
    return Person(name, cpf, cnh, category, expires, address, district, phone, email)


def row_check(
    line: int, raw: dict[str, str], today: dt.date
) -> tuple[Row | None, list[CellError], list[RowFlag]]:
    """The row's values and its flags, or None and every reason it cannot be imported."""
    cells = _Cells(line, raw)
    termo = cells.text("termo")
    granted_on = cells.date("outorgado_em", lowest=OLDEST_GRANT, highest=today)
    holder = _person(cells, "titular", today, required=True)
    plate = cells.normalized("placa", normalize_plate, article=ART_10_II_A)
    renavam = cells.normalized("renavam", normalize_renavam, article=ART_10_II_A)
    make, model = cells.text("marca"), cells.text("modelo")
    year = cells.integer("ano_fabricacao", lowest=1950, highest=today.year)
    doors = cells.integer("portas", lowest=1, highest=9)
    capacity = cells.integer("lotacao", lowest=1, highest=99)
    air = cells.text("ar_condicionado").lower()
    air_known = air in _YES | _NO
    if not air_known:
        cells.fail("ar_condicionado", "invalid_boolean", _("Use SIM ou NÃO."))
    colour = cells.text("cor")
    im_number = cells.text("im_numero")
    im_from = cells.date("im_valida_desde", lowest=OLDEST_GRANT, highest=today)
    im_until = cells.date(
        "im_valida_ate", lowest=OLDEST_GRANT, highest=add_months(today, 12)
    )
    if im_from and im_until and not im_from <= im_until <= add_months(im_from, 12):
        cells.fail(
            "im_valida_ate", "im_period",
            _("A IM vale por um ano a partir de %(day)s.") % {"day": f"{im_from:%d/%m/%Y}"},
            ART_18,
        )
    if granted_on and im_from and im_from < granted_on:
        cells.fail(
            "im_valida_desde", "im_before_grant",
            _("A IM não pode valer antes da outorga (%(day)s).")
            % {"day": f"{granted_on:%d/%m/%Y}"},
        )
    has_auxiliary = any(raw.get(key, "").strip() for key in AUXILIARY_KEYS)
    auxiliary = _person(cells, "auxiliar", today, required=True) if has_auxiliary else None
    if holder and auxiliary and holder.cpf == auxiliary.cpf:
        cells.fail(
            "auxiliar_cpf", "auxiliary_is_holder",
            _("O auxiliar não pode ser o próprio titular."), ART_27,
        )
    if (
        year is not None and doors is not None and capacity is not None and granted_on
        and air_known
    ):
        for failure in law_vehicles.vehicle_requirements_failures(
            manufacture_year=year, doors=doors, capacity=capacity,
            air_conditioning=air in _YES, colour_is_white=_is_white(colour), on=today,
            in_service_at_publication=granted_on <= PUBLICATION_DATE,
        ):
            message = (
                _(failure.template) % dict(failure.params) if failure.template
                else failure.message
            )
            if failure.code in FLAGGED_VEHICLE_FAILURES:
                # Art. 69: the current authorization is kept; the process that may end it
                # is opened at the import (Art. 59 §2), not a refusal of the row.
                cells.flag(
                    _FAILURE_COLUMN[failure.code], f"vehicle_{failure.code}",
                    message, failure.article,
                )
            else:
                cells.fail(
                    _FAILURE_COLUMN[failure.code], f"vehicle_{failure.code}",
                    message, failure.article,
                )
    if cells.errors:
        return None, cells.errors, cells.flags
    assert holder and granted_on and im_from and im_until
    # Stored in the register's style (IM-2026/00001 for 0001/2026), and so compared.
    im_number = registration_number_canonical(im_number, year=im_from.year)
    assert year is not None and doors is not None and capacity is not None
    return Row(
        line, termo, granted_on, holder, plate, renavam, make, model, year, doors, capacity,
        air in _YES, colour.lower(), im_number, im_from, im_until, auxiliary,
    ), [], cells.flags


_FAILURE_COLUMN = {
    "age": "ano_fabricacao",
    "doors": "portas",
    "capacity": "lotacao",
    "air_conditioning": "ar_condicionado",
    "colour": "cor",
}


def _is_white(colour: str) -> bool:
    return colour.strip().lower() in {"branca", "branco", "white"}


def rows_cross_check(rows: list[Row]) -> tuple[list[CellError], list[RowFlag]]:
    """What two rows of the same file cannot both say (the later row is the one rejected),
    and the later Termo of a holder who has two (flagged, Art. 22, §4)."""
    errors: list[CellError] = []
    flags: list[RowFlag] = []
    seen: dict[tuple[str, str], int] = {}

    def once(row: Row, column: str, value: str, code: str, message: str, article: str) -> None:
        key = (code, value)
        if key in seen:
            errors.append(
                CellError(row.line, column, value, code,
                          message % {"line": seen[key]}, article)
            )
        else:
            seen[key] = row.line

    first_termo: dict[str, Row] = {}
    for row in rows:
        once(row, "termo", row.termo, "duplicate_termo",
             _("Termo repetido: já está na linha %(line)d."), ART_8)
        earlier = first_termo.setdefault(row.holder.cpf, row)
        if earlier is not row:
            if earlier.holder.cnh != row.holder.cnh:
                # The same CPF with another CNH is not one holder with two Termos but a
                # mistyped cell: importing it would give this Termo to the wrong person.
                errors.append(CellError(
                    row.line, "titular_cnh", row.holder.cnh, "holder_mismatch",
                    _("Este CPF está na linha %(line)d com outra CNH: confira o titular.")
                    % {"line": earlier.line}, ART_10_I_B,
                ))
            else:
                flags.append(RowFlag(
                    row.line, "titular_cpf", row.holder.cpf, "second_termo",
                    _("O titular tem outra autorização atual (Termo %(termo)s, linha "
                      "%(line)d): as duas são importadas e mantidas (Art. 69). O limite de "
                      "uma por taxista vale para as novas outorgas.")
                    % {"termo": earlier.termo, "line": earlier.line}, ART_22_P4,
                ))
        once(row, "placa", row.plate, "duplicate_plate",
             _("Placa repetida: já está na linha %(line)d."), "")
        once(row, "renavam", row.renavam, "duplicate_renavam",
             _("RENAVAM repetido: já está na linha %(line)d."), "")
        once(row, "im_numero", row.im_number, "duplicate_im",
             _("IM repetida: já está na linha %(line)d."), ART_18)
        if row.auxiliary:
            once(row, "auxiliar_cpf", row.auxiliary.cpf, "duplicate_auxiliary",
                 _("Auxiliar vinculado a mais de um titular: já está na linha %(line)d."),
                 ART_27)
    holders = {row.holder.cpf: row.line for row in rows}
    for row in rows:
        if row.auxiliary and row.auxiliary.cpf in holders:
            errors.append(CellError(
                row.line, "auxiliar_cpf", row.auxiliary.cpf, "auxiliary_is_a_holder",
                _("Este CPF é titular na linha %(line)d; um titular não é auxiliar de outro.")
                % {"line": holders[row.auxiliary.cpf]}, ART_27,
            ))
    return errors, flags


ALL_KEYS = tuple(c.key for c in COLUMNS)
