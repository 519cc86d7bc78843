"""The registers beside the cases: drivers, vehicles, authorizations, IMs, municipal data."""

from __future__ import annotations

import datetime as dt

from django.conf import settings
from django.db import models
from django.db.models import F, Func
from django.db.models.functions import Upper
from django.utils.translation import gettext_lazy as _
from django_fsm import FSMField, FSMModelMixin, transition

from core.choices import choice_labels
from law.i18n import format_date
from registers.validators import (
    display_plate,
    mask_cpf,
    validate_cnh,
    validate_cpf,
    validate_plate,
    validate_renavam,
)


class Driver(models.Model):
    """A taxista (titular) or taxista auxiliar, Arts. 5, 9 and 10 I."""

    class Kind(models.TextChoices):
        HOLDER = "holder", _("Taxista titular")
        AUXILIARY = "auxiliary", _("Taxista auxiliar")

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="driver",
        verbose_name=_("usuário do portal"),
    )
    kind = models.CharField(_("categoria"), max_length=16, choices=Kind.choices)
    name = models.CharField(_("nome completo"), max_length=200)
    cpf = models.CharField(
        _("CPF"),
        max_length=11,
        unique=True,
        validators=[validate_cpf],
        help_text=_("Somente os 11 dígitos."),
    )
    cnh_number = models.CharField(
        _("número da CNH"), max_length=11, unique=True, validators=[validate_cnh]
    )
    cnh_category = models.CharField(
        _("categoria da CNH"), max_length=5, help_text=_("Art. 10 I b: B, C, D ou E.")
    )
    cnh_expires_on = models.DateField(_("validade da CNH"))
    email = models.EmailField(_("e-mail"), blank=True)
    phone = models.CharField(_("telefone"), max_length=20, blank=True)
    address = models.CharField(_("endereço"), max_length=250)
    district = models.CharField(_("bairro"), max_length=120, blank=True)
    city = models.CharField(
        _("município de residência"),
        max_length=120,
        default="Mantenópolis",
        help_text=_("Art. 3: o taxista deve residir no Município."),
    )
    postal_code = models.CharField(_("CEP"), max_length=9, blank=True)
    retired = models.BooleanField(
        _("aposentado"), default=False, help_text=_("Art. 28: só continua com um auxiliar.")
    )
    titular = models.ForeignKey(
        "self",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="auxiliaries",
        verbose_name=_("titular a que está vinculado"),
        help_text=_("Somente para o taxista auxiliar (Art. 27)."),
    )
    photo = models.ImageField(_("foto 3x4"), upload_to="drivers/photos/", blank=True)
    created_at = models.DateTimeField(_("cadastrado em"), auto_now_add=True)
    # The name as the search compares it (lower case, no accents, no punctuation: the
    # `ws_searchkey` function, workspace.search), kept by the database. A word every name
    # has makes PostgreSQL recheck each driver's key, and computing it at every recheck
    # was most of a broad search's time (issue 25: "condutor 12").
    name_key = models.GeneratedField(
        expression=Func(F("name"), function="ws_searchkey", output_field=models.TextField()),
        output_field=models.TextField(),
        db_persist=True,
        verbose_name=_("nome (chave de busca)"),
    )

    class Meta:
        verbose_name = _("taxista")
        verbose_name_plural = _("taxistas")
        ordering = ["name"]
        # The register in its order: a search naming thousands of drivers shows the first
        # few by name, walking this index (issue 25).
        indexes = [models.Index(fields=["name", "id"], name="driver_name_idx")]

    def __str__(self) -> str:
        return self.name

    @property
    def masked_cpf(self) -> str:
        return mask_cpf(self.cpf)


class Vehicle(models.Model):
    """A vehicle in the taxi service, Arts. 10 II and 11."""

    plate = models.CharField(
        _("placa"),
        max_length=7,
        unique=True,
        validators=[validate_plate],
        help_text=_("Formato antigo (ABC-1234) ou Mercosul (ABC1D23)."),
    )
    renavam = models.CharField(
        _("RENAVAM"), max_length=11, unique=True, validators=[validate_renavam]
    )
    make = models.CharField(_("marca"), max_length=60)
    model = models.CharField(_("modelo"), max_length=80)
    manufacture_year = models.PositiveSmallIntegerField(_("ano de fabricação"))
    doors = models.PositiveSmallIntegerField(_("portas"))
    capacity = models.PositiveSmallIntegerField(_("lotação (ocupantes)"))
    air_conditioning = models.BooleanField(_("ar-condicionado"), default=True)
    airbag = models.BooleanField(_("airbag"), default=True)
    colour = models.CharField(_("cor"), max_length=40, default="branca")
    owner = models.ForeignKey(
        Driver,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="vehicles",
        verbose_name=_("proprietário"),
    )

    class Meta:
        verbose_name = _("veículo")
        verbose_name_plural = _("veículos")
        ordering = ["plate"]

    def __str__(self) -> str:
        return f"{self.display_plate} {self.make} {self.model}"

    @property
    def display_plate(self) -> str:
        return display_plate(self.plate)


class Authorization(FSMModelMixin, models.Model):
    """The Termo de Autorização (Arts. 1 sole paragraph, 8, 22)."""

    class Status(models.TextChoices):
        ACTIVE = "active", _("ativa")
        SUSPENDED = "suspended", _("suspensa")
        REVOKED = "revoked", _("cassada")
        CANCELLED = "cancelled", _("cancelada")

    number = models.CharField(_("número do termo"), max_length=20, unique=True)
    holder = models.ForeignKey(
        Driver,
        on_delete=models.PROTECT,
        related_name="authorizations",
        verbose_name=_("titular"),
    )
    vehicle = models.ForeignKey(
        Vehicle,
        on_delete=models.PROTECT,
        related_name="authorizations",
        verbose_name=_("veículo"),
    )
    status = FSMField(_("situação"), default=Status.ACTIVE, choices=Status.choices, protected=True)
    granted_on = models.DateField(_("outorgada em"))
    ended_on = models.DateField(_("encerrada em"), null=True, blank=True)
    predates_law = models.BooleanField(
        _("anterior à Lei 1.764/2023"),
        default=False,
        help_text=_("Arts. 22 §2 e 69: autorizações existentes na publicação são mantidas."),
    )

    class Meta:
        verbose_name = _("termo de autorização")
        verbose_name_plural = _("termos de autorização")
        ordering = ["number"]
        # An agent finds a taxi by its Termo number as typed, in any case (`number__iexact`).
        indexes = [models.Index(Upper("number"), name="authorization_number_upper_idx")]
        constraints = [
            # Art. 22 §4: one authorization per driver while it is in force, for the grants
            # under the law. A holder who had two Termos at the publication keeps both
            # (Art. 69; docs/interpretations.md "Art. 22 §4 and the register import"); a
            # new grant is refused by `driver_requirements_unmet` whatever he holds.
            models.UniqueConstraint(
                fields=["holder"],
                condition=models.Q(status__in=["active", "suspended"], predates_law=False),
                name="one_authorization_in_force_per_holder",
            )
        ]

    def __str__(self) -> str:
        return f"{self.number} — {self.holder}"

    # The register files list it for every row: Django's own `get_FOO_display` translates
    # every choice of the field on each call; here once per language (core.choices).
    def get_status_display(self) -> str:
        return choice_labels(Authorization, "status")(self.status)  # type: ignore[no-any-return]

    # Pure transitions: the services that call them lock, audit and save.
    @transition(field=status, source=Status.ACTIVE, target=Status.SUSPENDED)
    def suspend(self) -> None:
        """Art. 24 (on request) or Art. 59 III and IV (penalty)."""

    @transition(field=status, source=Status.SUSPENDED, target=Status.ACTIVE)
    def reactivate(self) -> None:
        """The suspension's last day has passed."""

    @transition(field=status, source=[Status.ACTIVE, Status.SUSPENDED], target=Status.REVOKED)
    def revoke(self, on: dt.date) -> None:
        """Art. 59 V and §3."""
        self.ended_on = on

    @transition(field=status, source=[Status.ACTIVE, Status.SUSPENDED], target=Status.CANCELLED)
    def cancel(self, on: dt.date) -> None:
        """Art. 23."""
        self.ended_on = on


IN_FORCE = (Authorization.Status.ACTIVE, Authorization.Status.SUSPENDED)
"""The statuses of an authorization still in force: suspended is out of service, not ended."""


class MunicipalRegistration(FSMModelMixin, models.Model):
    """The IM — Inscrição Municipal (Arts. 4 VII, 17, 18): yearly traffic licence."""

    class Status(models.TextChoices):
        VALID = "valid", _("válida")
        EXPIRED = "expired", _("vencida")
        SUPERSEDED = "superseded", _("substituída")

    number = models.CharField(_("número da IM"), max_length=20, unique=True)
    authorization = models.ForeignKey(
        Authorization,
        on_delete=models.PROTECT,
        related_name="registrations",
        verbose_name=_("termo de autorização"),
    )
    vehicle = models.ForeignKey(
        Vehicle,
        on_delete=models.PROTECT,
        related_name="registrations",
        verbose_name=_("veículo"),
    )
    valid_from = models.DateField(_("válida desde"))
    valid_until = models.DateField(_("válida até"), help_text=_("Art. 18: renovada a cada ano."))
    status = FSMField(
        _("situação"), default=Status.VALID, choices=Status.choices, protected=True
    )

    class Meta:
        verbose_name = _("inscrição municipal (IM)")
        verbose_name_plural = _("inscrições municipais (IM)")
        ordering = ["-valid_until"]
        # The public verification finds an IM by its number as typed, in any case
        # (`number__iexact`, that is UPPER(number) = UPPER(%s)).
        indexes = [models.Index(Upper("number"), name="registration_number_upper_idx")]

    def __str__(self) -> str:
        return self.number

    # The register files list it for every row: Django's own `get_FOO_display` translates
    # every choice of the field on each call; here once per language (core.choices).
    def get_status_display(self) -> str:
        label = choice_labels(MunicipalRegistration, "status")
        return label(self.status)  # type: ignore[no-any-return]

    def is_valid_on(self, day: dt.date) -> bool:
        return self.status == self.Status.VALID and self.valid_from <= day <= self.valid_until

    @transition(field=status, source=Status.VALID, target=Status.EXPIRED)
    def expire(self) -> None:
        """System: the last day of validity passed without renewal (Arts. 18, 19)."""

    @transition(field=status, source=[Status.VALID, Status.EXPIRED], target=Status.SUPERSEDED)
    def supersede(self) -> None:
        """A renewal or a vehicle substitution issued the IM that replaces this one."""


class RegistrationSequence(models.Model):
    """Last IM number given in a year; locked while an IM is issued."""

    year = models.PositiveSmallIntegerField(primary_key=True)
    last = models.PositiveIntegerField(default=0)

    class Meta:
        verbose_name = _("sequência de IM")

    def __str__(self) -> str:
        return f"{self.year}: {self.last}"


class AuxiliaryBinding(models.Model):
    """An auxiliary driver bound to a holder's authorization and vehicle (Art. 27)."""

    class EndReason(models.TextChoices):
        SWAP = "swap", _("troca de auxiliar (Art. 27 §2)")
        RESIGNATION = "resignation", _("pedido de demissão")
        DEATH = "death", _("falecimento")
        FORCE_MAJEURE = "force_majeure", _("força maior")
        # Art. 59 V and §5: cassação; barred from any authorization for 5 years.
        REVOKED = "revoked", _("autorização do auxiliar cassada (Art. 59)")
        # Art. 27 §2: the executive's revogação when the auxiliary leaves; 12 months.
        WITHDRAWN = "withdrawn", _("autorização do auxiliar revogada (Art. 27 §2)")
        NOT_RENEWED = "not_renewed", _("não renovada")
        AUTHORIZATION_ENDED = "authorization_ended", _("fim da autorização do titular")

    authorization = models.ForeignKey(
        Authorization, on_delete=models.PROTECT, related_name="auxiliary_bindings",
        verbose_name=_("termo de autorização do titular"),
    )
    auxiliary = models.ForeignKey(
        Driver, on_delete=models.PROTECT, related_name="bindings",
        verbose_name=_("taxista auxiliar"),
    )
    valid_from = models.DateField(_("vinculado desde"))
    valid_until = models.DateField(_("válido até"), help_text=_("Art. 27 §1: renovação anual."))
    ended_on = models.DateField(_("desvinculado em"), null=True, blank=True)
    end_reason = models.CharField(
        _("motivo do desligamento"), max_length=24, choices=EndReason.choices, blank=True
    )

    class Meta:
        verbose_name = _("vínculo de auxiliar")
        verbose_name_plural = _("vínculos de auxiliares")
        ordering = ["-valid_from"]
        constraints = [
            # Art. 27: one auxiliary per holder at a time.
            models.UniqueConstraint(
                fields=["authorization"], condition=models.Q(ended_on__isnull=True),
                name="one_auxiliary_per_authorization",
            ),
            models.UniqueConstraint(
                fields=["auxiliary"], condition=models.Q(ended_on__isnull=True),
                name="auxiliary_bound_once",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.auxiliary} → {self.authorization.number}"


class PopulationFigure(models.Model):
    """Art. 22 §3: the IBGE population figure the fleet cap is computed from."""

    year = models.PositiveSmallIntegerField(_("ano"), unique=True)
    population = models.PositiveIntegerField(_("habitantes"))
    source = models.CharField(_("fonte"), max_length=200, default="IBGE")

    class Meta:
        verbose_name = _("população (IBGE)")
        verbose_name_plural = _("populações (IBGE)")
        ordering = ["-year"]

    def __str__(self) -> str:
        return f"{self.year}: {self.population}"


class CalendarDay(models.Model):
    """A day the municipality declares closed (e.g. carnival), a municipal holiday, or open
    despite a holiday. Written only by `municipal.services.calendar.calendar_day_declare`, which
    moves the pending deadlines the day affects (Art. 63; CPC art. 224 §1)."""

    class Kind(models.TextChoices):
        CLOSED = "closed", _("sem expediente")
        HOLIDAY = "holiday", _("feriado municipal")
        OPEN = "open", _("com expediente")

    day = models.DateField(_("dia"), unique=True)
    kind = models.CharField(_("tipo"), max_length=8, choices=Kind.choices, default=Kind.CLOSED)
    reason = models.CharField(_("motivo / ato"), max_length=200)

    class Meta:
        verbose_name = _("dia declarado")
        verbose_name_plural = _("dias declarados (calendário municipal)")
        ordering = ["-day"]

    def __str__(self) -> str:
        return f"{format_date(self.day)} {self.get_kind_display()}"


class VrteValue(models.Model):
    """Art. 54: the value in reais of one VRTE, per year (kept by the administrator)."""

    year = models.PositiveSmallIntegerField(_("ano"), unique=True)
    value = models.DecimalField(_("valor da VRTE (R$)"), max_digits=10, decimal_places=4)
    source = models.CharField(_("fonte / ato"), max_length=200, blank=True)

    class Meta:
        verbose_name = _("VRTE do ano")
        verbose_name_plural = _("VRTE por ano")
        ordering = ["-year"]

    def __str__(self) -> str:
        return f"{self.year}: R$ {self.value}"


class CriminalSentence(models.Model):
    """A criminal sentence a driver serves (Art. 38 XII): while it lasts, without a judicial
    authorization, he does not exercise the activity (`registers.requirements`)."""

    driver = models.ForeignKey(
        Driver, on_delete=models.PROTECT, related_name="sentences", verbose_name=_("taxista")
    )
    starts_on = models.DateField(_("início do cumprimento da pena"))
    ends_on = models.DateField(
        _("fim do cumprimento da pena"), null=True, blank=True,
        help_text=_("Vazio enquanto não se sabe."),
    )
    case_reference = models.CharField(_("processo judicial"), max_length=80)
    judicial_authorization = models.CharField(
        _("autorização judicial para trabalhar"), max_length=200, blank=True,
        help_text=_("Art. 38 XII: a decisão que autoriza o exercício da atividade, se houver."),
    )
    recorded_at = models.DateTimeField(_("registrado em"), auto_now_add=True)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, related_name="+",
        verbose_name=_("registrado por"),
    )

    class Meta:
        verbose_name = _("pena criminal em cumprimento")
        verbose_name_plural = _("penas criminais em cumprimento")
        ordering = ["driver", "-starts_on", "-id"]

    def __str__(self) -> str:
        return f"{self.driver} — {self.case_reference}"


class PointRecord(models.Model):
    """Points on a driver's record (Art. 56), with the article that put them there."""

    driver = models.ForeignKey(
        Driver, on_delete=models.PROTECT, related_name="points", verbose_name=_("taxista")
    )
    violation = models.ForeignKey(
        "cases.Case", on_delete=models.PROTECT, related_name="point_records",
        verbose_name=_("auto de infração"),
    )
    on = models.DateField(_("data da infração"))
    points = models.DecimalField(_("pontos"), max_digits=5, decimal_places=1)
    article = models.CharField(_("artigo"), max_length=60)
    recorded_at = models.DateTimeField(_("registrado em"), auto_now_add=True)

    class Meta:
        verbose_name = _("pontuação")
        verbose_name_plural = _("pontuações")
        ordering = ["-on", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["driver", "violation"], name="points_once_per_notice")
        ]

    def __str__(self) -> str:
        return f"{self.driver}: {self.points} ({format_date(self.on)})"
