"""Drivers' cooperatives and associations and their executive taxis, Art. 3 §§1-5."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Association(models.Model):
    """A cooperative or association registered with the Executive (Art. 3 §1 I)."""

    class Kind(models.TextChoices):
        COOPERATIVE = "cooperative", _("cooperativa")
        ASSOCIATION = "association", _("associação")

    name = models.CharField(_("nome"), max_length=200, unique=True)
    kind = models.CharField(_("tipo"), max_length=12, choices=Kind.choices)
    cnpj = models.CharField(_("CNPJ"), max_length=14, unique=True)
    registered_on = models.DateField(_("cadastrada em"), help_text=_("Art. 3 §1 I."))
    colour = models.CharField(
        _("cor própria dos táxis executivos"),
        max_length=40,
        blank=True,
        help_text=_("Art. 3 §1."),
    )
    parking_address = models.CharField(
        _("local de estacionamento"), max_length=250, blank=True, help_text=_("Art. 3 §1 IV.")
    )
    parking_places = models.PositiveSmallIntegerField(_("vagas do estacionamento"), default=0)
    parking_approved_on = models.DateField(_("estacionamento aprovado em"), null=True, blank=True)
    parking_act = models.CharField(
        _("ato de aprovação do estacionamento"), max_length=60, blank=True
    )

    class Meta:
        verbose_name = _("associação ou cooperativa")
        verbose_name_plural = _("associações e cooperativas")
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class Membership(models.Model):
    """A named member (Art. 3 §1 I). A driver may belong to several associations, each
    once; §2 keeps him out of the later ones' count of vehicles only."""

    association = models.ForeignKey(
        Association,
        on_delete=models.PROTECT,
        related_name="memberships",
        verbose_name=_("associação"),
    )
    driver = models.ForeignKey(
        "registers.Driver",
        on_delete=models.PROTECT,
        related_name="memberships",
        verbose_name=_("taxista"),
    )
    since = models.DateField(_("associado desde"))
    ended_on = models.DateField(_("desligado em"), null=True, blank=True)

    class Meta:
        verbose_name = _("associado")
        verbose_name_plural = _("associados")
        ordering = ["association", "driver__name"]
        constraints = [
            models.UniqueConstraint(
                fields=["association", "driver"],
                condition=models.Q(ended_on__isnull=True),
                name="one_membership_per_association",
            )
        ]

    def __str__(self) -> str:
        return f"{self.driver} — {self.association}"


class ExecutiveVehicle(models.Model):
    """An executive taxi of the association's own fleet (Art. 3 §§1, 3)."""

    association = models.ForeignKey(
        Association,
        on_delete=models.PROTECT,
        related_name="vehicles",
        verbose_name=_("associação"),
    )
    vehicle = models.OneToOneField(
        "registers.Vehicle",
        on_delete=models.PROTECT,
        related_name="executive",
        verbose_name=_("veículo"),
    )
    seal = models.CharField(
        _("selo de identificação"), max_length=40, help_text=_("Art. 3 §3 III.")
    )
    registered_on = models.DateField(_("cadastrado em"))
    ended_on = models.DateField(_("baixado em"), null=True, blank=True)

    class Meta:
        verbose_name = _("táxi executivo")
        verbose_name_plural = _("táxis executivos")
        ordering = ["association", "vehicle__plate"]

    def __str__(self) -> str:
        return f"{self.vehicle.display_plate} ({self.association})"


class ExecutiveUse(models.Model):
    """A member driving an executive taxi under a contract (§4); his taxi retained (§5)."""

    executive = models.ForeignKey(
        ExecutiveVehicle,
        on_delete=models.PROTECT,
        related_name="uses",
        verbose_name=_("táxi executivo"),
    )
    membership = models.ForeignKey(
        Membership, on_delete=models.PROTECT, related_name="uses", verbose_name=_("associado")
    )
    retained_vehicle = models.ForeignKey(
        "registers.Vehicle",
        on_delete=models.PROTECT,
        related_name="retentions",
        verbose_name=_("táxi do associado retido"),
        help_text=_("Art. 3 §5."),
    )
    contract = models.CharField(
        _("contrato"), max_length=200, help_text=_("Art. 3 §4: contratante e número do contrato.")
    )
    started_at = models.DateTimeField(_("início"))
    ended_at = models.DateTimeField(_("fim"), null=True, blank=True)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        related_name="+",
        verbose_name=_("registrado por"),
    )

    class Meta:
        verbose_name = _("uso de táxi executivo")
        verbose_name_plural = _("usos de táxis executivos")
        ordering = ["-started_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["executive"],
                condition=models.Q(ended_at__isnull=True),
                name="executive_one_use_at_a_time",
            ),
            models.UniqueConstraint(
                fields=["retained_vehicle"],
                condition=models.Q(ended_at__isnull=True),
                name="own_taxi_retained_once",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.executive} — {self.membership.driver}"
