"""Who and what may enter the taxi service: the law's requirements read from the registers.

The statute package holds the rules (CNH categories, vehicle age and equipment, waiting
periods); this module feeds it what the registers know and phrases what is unmet.
"""

from __future__ import annotations

import datetime as dt
import unicodedata
from dataclasses import dataclass

from django.conf import settings
from django.utils.translation import gettext as _

from core.errors import RuleViolation
from law import bars as law_bars
from law import sentences as law_sentences
from law import vehicles as law_vehicles
from law.citations import ART_3, ART_10_I_B, ART_22_P4
from law.i18n import format_date
from registers.models import Authorization, AuxiliaryBinding, CriminalSentence, Driver, Vehicle


@dataclass(frozen=True)
class Unmet:
    article: str
    message: str


def _plain(text: str) -> str:
    folded = unicodedata.normalize("NFKD", text or "").encode("ascii", "ignore").decode()
    return " ".join(folded.lower().split())



def driver_requirements_unmet(
    driver: Driver,
    *,
    on: dt.date,
    as_auxiliary: bool = False,
    keep: Authorization | None = None,
) -> list[Unmet]:
    """What keeps `driver` from holding (or driving under) an authorization on `on`.

    `keep` is an authorization the driver may already hold without breaking Art. 22 §4
    (a renewal of it, say).
    """
    unmet: list[Unmet] = []
    if _plain(driver.city) != _plain(settings.MUNICIPALITY_NAME):
        unmet.append(Unmet(ART_3, _("O taxista deve residir no Município de %(city)s.")
                           % {"city": settings.MUNICIPALITY_NAME}))
    if not law_vehicles.is_cnh_category_allowed(driver.cnh_category):
        unmet.append(Unmet(ART_10_I_B, _("A CNH deve ser de categoria B, C, D ou E; "
                                            "a apresentada é %(cat)s.")
                           % {"cat": driver.cnh_category or "—"}))
    if driver.cnh_expires_on < on:
        unmet.append(Unmet(ART_10_I_B, _("A CNH venceu em %(day)s.")
                           % {"day": format_date(driver.cnh_expires_on)}))
    elif not law_vehicles.is_cnh_expiry_plausible(driver.cnh_expires_on, on):
        unmet.append(Unmet(ART_10_I_B, _(
            "A validade informada da CNH (%(day)s) passa de %(years)d anos: confira a data."
        ) % {
            "day": format_date(driver.cnh_expires_on),
            "years": law_vehicles.CNH_MAX_VALIDITY_YEARS,
        }))
    in_force = Authorization.objects.filter(
        holder=driver,
        status__in=[Authorization.Status.ACTIVE, Authorization.Status.SUSPENDED],
    )
    if keep is not None:
        in_force = in_force.exclude(pk=keep.pk)
    if not as_auxiliary and in_force.exists():
        unmet.append(Unmet(ART_22_P4, _("Cada taxista pode ter uma única autorização.")))
    events: list[law_bars.BarEvent] = []
    for status, ended_on in Authorization.objects.filter(
        holder=driver,
        status__in=[Authorization.Status.CANCELLED, Authorization.Status.REVOKED],
        ended_on__isnull=False,
    ).values_list("status", "ended_on"):
        reason = (
            law_bars.BarReason.CANCELLATION_ON_REQUEST
            if status == Authorization.Status.CANCELLED
            else law_bars.BarReason.REVOCATION
        )
        events.append((reason, ended_on))
    # Art. 59 §5 with Art. 27 §4: an auxiliary's cassação bars any authorization for 5
    # years; the revogação of Art. 27 §2 bars a new registration as auxiliary for 12 months.
    for reason, ended_on in AuxiliaryBinding.objects.filter(
        auxiliary=driver,
        end_reason__in=[AuxiliaryBinding.EndReason.REVOKED, AuxiliaryBinding.EndReason.WITHDRAWN],
        ended_on__isnull=False,
    ).values_list("end_reason", "ended_on"):
        if reason == AuxiliaryBinding.EndReason.REVOKED:
            events.append((law_bars.BarReason.REVOCATION, ended_on))
        elif as_auxiliary:
            events.append((law_bars.BarReason.AUXILIARY_WITHDRAWAL, ended_on))
    for reason, day in events:
        until = law_bars.bar_ends(reason, day)
        if on <= until:
            unmet.append(Unmet(reason.article, _(
                "Impedido de nova autorização até %(until)s (evento em %(day)s)."
            ) % {"until": format_date(until), "day": format_date(day)}))
    # Art. 38 XII: no activity while a sentence is served, save by judicial authorization.
    serving = law_sentences.serving_sentence(
        (
            law_sentences.Sentence(start, end, bool(authorized.strip()))
            for start, end, authorized in CriminalSentence.objects.filter(
                driver=driver
            ).values_list("starts_on", "ends_on", "judicial_authorization")
        ),
        on=on,
    )
    if serving is not None:
        unmet.append(Unmet(law_sentences.ART_38_XII, _(
            "O taxista cumpre pena criminal desde %(start)s, sem autorização judicial para "
            "exercer a atividade."
        ) % {"start": format_date(serving.starts_on)}))
    return unmet


def vehicle_requirements_unmet(
    vehicle: Vehicle, *, on: dt.date, in_service_at_publication: bool = False
) -> list[Unmet]:
    """Art. 10 II b-e and Art. 11 II, as the statute package checks them."""
    failures = law_vehicles.vehicle_requirements_failures(
        manufacture_year=vehicle.manufacture_year, doors=vehicle.doors,
        capacity=vehicle.capacity, air_conditioning=vehicle.air_conditioning,
        colour_is_white=_plain(vehicle.colour) in {"branca", "branco", "white"},
        on=on, in_service_at_publication=in_service_at_publication,
    )
    return [
        Unmet(f.article, _(f.template) % f.params if f.template else f.message)
        for f in failures
    ]


def requirements_enforce(unmet: list[Unmet]) -> None:
    """Refuse with every unmet requirement at once, each with its article."""
    if unmet:
        raise RuleViolation(
            " ".join(f"{u.message} ({u.article})" for u in unmet),
            article="; ".join(dict.fromkeys(u.article for u in unmet)),
            code="requirements_unmet",
        )
