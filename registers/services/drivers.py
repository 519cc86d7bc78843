"""The drivers' register: a person named by a request is found, or registered (Arts. 9, 10 I).

Used by every kind whose request may name a person not yet in the register (a new
auxiliary, Art. 27; an heir or a buyer, Art. 25).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _l

from accounts.models import User
from accounts.roles import Role, has_role
from core.errors import (
    CONCURRENT_WRITE,
    NotPermitted,
    RegisterMismatch,
    RuleViolation,
    StateConflict,
)
from law import sentences as law_sentences
from law.citations import ART_9, ART_10, ART_10_I
from law.errors import LawError
from registers.models import CriminalSentence, Driver
from registers.validators import normalize_cnh, normalize_cpf

# Art. 10 I a-g: the documents every taxista and auxiliary presents to be registered.
ART_10_I_ITEMS: dict[str, str | Promise] = {
    "identity": _l("Carteira de Identidade (Art. 10 I a)"),
    "cnh": _l("CNH categoria B, C, D ou E (Art. 10 I b)"),
    "cpf": _l("CPF (Art. 10 I c)"),
    "voter": _l("Título de eleitor com comprovante de votação da última eleição (Art. 10 I d)"),
    "criminal_record": _l(
        "Certidões negativas criminais da Justiça Estadual e Federal (Art. 10 I e)"
    ),
    "residence": _l("Comprovante de residência ou declaração do proprietário (Art. 10 I f)"),
    "photos": _l("Duas fotos 3x4 recentes (Art. 10 I g)"),
}

DRIVER_FIELDS = (
    "name",
    "cpf",
    "cnh_number",
    "cnh_category",
    "cnh_expires_on",
    "address",
    "district",
    "city",
    "postal_code",
    "email",
    "phone",
)
_REQUIRED_FOR_NEW = (
    "name",
    "cpf",
    "cnh_number",
    "cnh_category",
    "cnh_expires_on",
    "address",
    "city",
)
_LABELS: dict[str, str | Promise] = {
    "name": _l("nome"),
    "cpf": _l("CPF"),
    "cnh_number": _l("número da CNH"),
    "cnh_category": _l("categoria da CNH"),
    "cnh_expires_on": _l("validade da CNH"),
    "address": _l("endereço"),
    "city": _l("município de residência"),
}


def _identity(data: Mapping[str, Any]) -> tuple[str, str]:
    try:
        return normalize_cpf(str(data.get("cpf") or "")), normalize_cnh(
            str(data.get("cnh_number") or "")
        )
    except ValidationError as exc:
        raise RuleViolation(
            " ".join(exc.messages), article=ART_10_I, code="invalid_driver"
        ) from exc


def _date(value: object) -> dt.date:
    if isinstance(value, dt.date) and not isinstance(value, dt.datetime):
        return value
    try:
        return dt.date.fromisoformat(str(value))
    except ValueError:
        raise RuleViolation(
            _("Data inválida: %(value)s.") % {"value": value}, code="invalid_driver"
        ) from None


def driver_match_or_register(*, data: Mapping[str, Any], kind: str) -> tuple[Driver, bool]:
    """The driver with this CPF, or a new one registered from `data` (Arts. 9, 10 I).

    In the caller's transaction. An existing driver must show the same CNH number as the
    register (a light identity check: a CPF alone does not let anyone name a person);
    his register data are kept as they are. Returns (driver, created).
    """
    cpf, cnh = _identity(data)
    existing = Driver.objects.select_for_update().filter(cpf=cpf).first()
    if existing is not None:
        if existing.cnh_number != cnh:
            raise RuleViolation(
                _("O CPF e a CNH informados não conferem com o cadastro de condutores."),
                article=ART_9,
                code="invalid_driver",
            )
        return existing, False
    missing = [str(_LABELS[name]) for name in _REQUIRED_FOR_NEW if not data.get(name)]
    if missing:
        raise RuleViolation(
            _("Para cadastrar um novo condutor, informe: %(fields)s.")
            % {"fields": ", ".join(missing)},
            article=ART_10_I,
            code="invalid_driver",
        )
    return driver_register(data={**data, "cpf": cpf, "cnh_number": cnh}, kind=kind), True


def driver_lock_or_match(
    driver: Driver | None, *, data: Mapping[str, Any] | None, kind: str
) -> tuple[Driver, bool]:
    """`driver` locked for the caller's transaction, or — none named — the one
    `driver_match_or_register` finds or registers from `data` (Arts. 9, 10 I): the
    auxiliary of an Art. 27 request, the beneficiary of an Art. 25 transfer. Returns
    (driver, created)."""
    if driver is None:
        return driver_match_or_register(data=data or {}, kind=kind)
    return Driver.objects.select_for_update().get(pk=driver.pk), False


def driver_register(
    *,
    data: Mapping[str, Any],
    kind: str,
    user: User | None = None,
    driver: Driver | None = None,
) -> Driver:
    """Write a person in the drivers' register (Arts. 9, 10 I), or bring `driver` up to
    date, from data whose CPF and CNH number are already normalised.

    In the caller's transaction. A CNH registered for someone else is refused (Art. 10 I
    b); so is anything the register's validators refuse. A row written by another request
    a moment ago is a conflict.
    """
    fields = {name: data.get(name) or "" for name in DRIVER_FIELDS}
    fields.update(
        cnh_category="".join(str(fields["cnh_category"]).split()).upper(),
        cnh_expires_on=_date(fields["cnh_expires_on"]),
    )
    clash = Driver.objects.filter(cnh_number=fields["cnh_number"])
    if driver is not None:
        clash = clash.exclude(pk=driver.pk)
    if clash.exists():
        # LGPD: the same answer as any clash with someone else's record (core.errors).
        raise RegisterMismatch(article=ART_10)
    if driver is None:
        driver = Driver(kind=kind, user=user)
    for name, value in fields.items():
        setattr(driver, name, value)
    try:
        driver.full_clean(exclude=["user", "titular", "photo"])
    except ValidationError as exc:
        raise RuleViolation(
            " ".join(exc.messages), article=ART_10_I, code="invalid_driver"
        ) from exc
    try:
        with transaction.atomic():
            driver.save()
    except IntegrityError as exc:  # registered by someone else a moment ago
        raise StateConflict(
            _("Este condutor acaba de ser cadastrado por outra pessoa; tente de novo."),
            code=CONCURRENT_WRITE,
        ) from exc
    return driver


def driver_link_user(*, driver: Driver, user: User) -> Driver:
    """Give a driver with no portal account this user (a first login through an identity
    provider whose CPF is the driver's; identity.services). A driver who already has an
    account keeps it: the caller links the provider to that account instead."""
    with transaction.atomic():
        locked = Driver.objects.select_for_update().get(pk=driver.pk)
        if locked.user_id is None:
            locked.user = user
            locked.save(update_fields=["user"])
    return locked


def criminal_sentence_record(
    *,
    actor: User,
    driver: Driver,
    starts_on: dt.date,
    case_reference: str,
    ends_on: dt.date | None = None,
    judicial_authorization: str = "",
) -> CriminalSentence:
    """Art. 38 XII: a clerk records a sentence the driver serves (from the court's notice or
    the driver's certificate); while it lasts without a judicial authorization, the
    registers' requirements keep him from the activity (`registers.requirements`)."""
    if not has_role(actor, Role.CLERK):
        raise NotPermitted(_("Somente a Secretaria registra o cumprimento de pena."))
    if not case_reference.strip():
        raise RuleViolation(
            _("Informe o processo judicial da condenação."), article=law_sentences.ART_38_XII
        )
    try:
        law_sentences.check_sentence(starts_on=starts_on, ends_on=ends_on)
    except LawError as exc:
        raise RuleViolation(str(_(exc.template) % dict(exc.params)), article=exc.article) from exc
    with transaction.atomic(durable=True):
        return CriminalSentence.objects.create(
            driver=driver,
            starts_on=starts_on,
            ends_on=ends_on,
            case_reference=case_reference.strip(),
            judicial_authorization=judicial_authorization.strip(),
            recorded_by=actor,
        )
