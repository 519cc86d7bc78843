"""Taxi stands, Arts. 32-36."""

from __future__ import annotations

import datetime as dt

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from law import stands as law


class Stand(models.Model):
    """A stand as the Executive's act fixes it (Art. 32), with its shelter (Arts. 33-34)."""

    class Kind(models.TextChoices):
        FIXED = law.FIXED, _("fixo")
        ROTATING = law.ROTATING, _("rotativo")
        PROVISIONAL = law.PROVISIONAL, _("provisório")

    class Roof(models.TextChoices):
        ACRYLIC = "acrylic", _("acrílico")
        COLONIAL_TILE = "colonial_tile", _("telha colonial")

    name = models.CharField(_("nome"), max_length=120, unique=True)
    address = models.CharField(_("localização"), max_length=250)
    district = models.CharField(_("bairro"), max_length=120, blank=True)
    kind = models.CharField(
        _("tipo"), max_length=12, choices=Kind.choices, help_text=_("Art. 32 §2.")
    )
    places = models.PositiveSmallIntegerField(_("vagas"), help_text=_("Art. 32: fixadas pelo ato."))
    act_number = models.CharField(_("ato do Executivo"), max_length=60)
    act_date = models.DateField(_("data do ato"))
    starts_on = models.DateField(_("em uso desde"))
    ends_on = models.DateField(
        _("último dia"),
        null=True,
        blank=True,
        help_text=_("Obrigatório para ponto provisório (Art. 32 §2 III)."),
    )
    revoked_on = models.DateField(
        _("revogado em"), null=True, blank=True, help_text=_("Art. 32: pode ser revogado.")
    )
    shelter = models.BooleanField(_("tem abrigo"), default=False, help_text=_("Arts. 33-34."))
    shelter_roof = models.CharField(
        _("cobertura do abrigo"),
        max_length=16,
        choices=Roof.choices,
        blank=True,
        help_text=_(
            "Art. 34: estrutura metálica com bancos; cobertura de acrílico ou telha colonial."
        ),
    )
    shelter_installed_on = models.DateField(_("abrigo instalado em"), null=True, blank=True)

    class Meta:
        verbose_name = _("ponto de táxi")
        verbose_name_plural = _("pontos de táxi")
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    def in_use_on(self, day: dt.date) -> bool:
        if self.revoked_on and self.revoked_on <= day:
            return False
        return self.starts_on <= day and (self.ends_on is None or day <= self.ends_on)


class StandAssignment(models.Model):
    """A taxi assigned to a fixed stand (Art. 32 §2 I); its plate goes on the sign (§1)."""

    stand = models.ForeignKey(
        Stand, on_delete=models.PROTECT, related_name="assignments", verbose_name=_("ponto")
    )
    authorization = models.ForeignKey(
        "registers.Authorization",
        on_delete=models.PROTECT,
        related_name="stand_assignments",
        verbose_name=_("termo de autorização"),
    )
    since = models.DateField(_("designado em"))
    ended_on = models.DateField(_("desligado em"), null=True, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        related_name="+",
        verbose_name=_("registrado por"),
    )

    class Meta:
        verbose_name = _("designação a ponto fixo")
        verbose_name_plural = _("designações a pontos fixos")
        ordering = ["stand", "since", "id"]
        constraints = [
            # A taxi belongs to one fixed stand at a time (Art. 32 §2 I, "especificamente").
            models.UniqueConstraint(
                fields=["authorization"],
                condition=models.Q(ended_on__isnull=True),
                name="one_fixed_stand_per_taxi",
            )
        ]

    def __str__(self) -> str:
        return f"{self.stand} — {self.authorization.vehicle.display_plate}"


class StandWaiting(models.Model):
    """A taxi waiting for a vacancy at a full fixed stand, in the order it asked."""

    class State(models.TextChoices):
        WAITING = "waiting", _("aguardando vaga")
        ASSIGNED = "assigned", _("designado")
        WITHDRAWN = "withdrawn", _("desistiu")

    stand = models.ForeignKey(
        Stand, on_delete=models.PROTECT, related_name="waiting", verbose_name=_("ponto")
    )
    authorization = models.ForeignKey(
        "registers.Authorization",
        on_delete=models.PROTECT,
        related_name="stand_waiting",
        verbose_name=_("termo de autorização"),
    )
    requested_at = models.DateTimeField(_("pedido em"))
    state = models.CharField(
        _("situação"), max_length=10, choices=State.choices, default=State.WAITING
    )
    resolved_at = models.DateTimeField(_("resolvido em"), null=True, blank=True)

    class Meta:
        verbose_name = _("espera por vaga em ponto fixo")
        verbose_name_plural = _("fila de espera dos pontos fixos")
        ordering = ["stand", "requested_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["stand", "authorization"],
                condition=models.Q(state="waiting"),
                name="waiting_once_per_stand",
            )
        ]

    def __str__(self) -> str:
        return f"{self.stand}: {self.authorization.vehicle.display_plate}"


class StandArrival(models.Model):
    """A taxi in a stand's line: arrival and departure times (Art. 36)."""

    stand = models.ForeignKey(
        Stand, on_delete=models.PROTECT, related_name="arrivals", verbose_name=_("ponto")
    )
    authorization = models.ForeignKey(
        "registers.Authorization",
        on_delete=models.PROTECT,
        related_name="stand_arrivals",
        verbose_name=_("termo de autorização"),
    )
    arrived_at = models.DateTimeField(_("chegada"))
    departed_at = models.DateTimeField(_("saída"), null=True, blank=True)
    passenger_call = models.BooleanField(
        _("chamada do passageiro"),
        default=False,
        help_text=_("Art. 36 parágrafo único: saída fora da ordem por chamada ao telefone."),
    )
    without_passenger = models.BooleanField(
        _("saída sem passageiro"),
        default=False,
        help_text=_("Art. 36: o táxi deixou a fila sem passageiro, fora da ordem de saídas."),
    )
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        related_name="+",
        verbose_name=_("registrado por"),
    )

    class Meta:
        verbose_name = _("chegada ao ponto")
        verbose_name_plural = _("chegadas aos pontos")
        ordering = ["stand", "arrived_at", "id"]
        constraints = [
            # A taxi is in one line at a time.
            models.UniqueConstraint(
                fields=["authorization"],
                condition=models.Q(departed_at__isnull=True),
                name="one_line_per_taxi",
            )
        ]

    def __str__(self) -> str:
        return f"{self.stand}: {self.authorization.vehicle.display_plate}"
