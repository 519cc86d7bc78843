"""The appeal (recurso) against a penalty and the commission that judges it (Arts. 52, 63-66).

`AppealCase` is a multi-table child of `cases.Case`; its transitions are pure (they change
fields of the case only). The rows beside it — witnesses, diligences, votes — are written
by the services in `workflows.appeal.services`, in the transaction of the step they belong
to. `CommissionSeat` is the administrator's record of who holds each of the three seats of
Art. 52.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from django_fsm import transition

from cases.bounds import amount_fits, amount_validators
from cases.models import Case, CaseKind


class Seat(models.TextChoices):
    """Art. 52 I-III: the three members of the commission and who appoints each."""

    EXECUTIVE = "I", _("I — Representante do Poder Público")
    DRIVERS = "II", _("II — Representante dos taxistas")
    CIVIL_SOCIETY = "III", _("III — Representante da sociedade civil")


class CommissionSeat(models.Model):
    """A term of office on one seat of the appeal commission (Art. 52).

    A term is current on a day when it has begun and not ended (`until` is its last day).
    A seat has at most one current holder, and nobody holds two seats at once: each seat
    is one vote.
    """

    seat = models.CharField(_("cadeira (Art. 52)"), max_length=3, choices=Seat.choices)
    holder = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="commission_seats",
        verbose_name=_("membro"),
        help_text=_("Usuário com o perfil de membro da comissão de recursos."),
    )
    since = models.DateField(_("início do mandato"))
    until = models.DateField(
        _("fim do mandato"),
        null=True,
        blank=True,
        help_text=_("Último dia na cadeira. Vazio: em exercício."),
    )
    appointment = models.CharField(
        _("ato de designação"),
        max_length=200,
        blank=True,
        help_text=_("Portaria, decreto ou ofício da entidade que indicou o membro."),
    )

    class Meta:
        verbose_name = _("cadeira da comissão de recursos")
        verbose_name_plural = _("cadeiras da comissão de recursos")
        ordering = ["seat", "-since"]
        constraints = [
            # The common case held by the database; dated overlaps are refused by clean().
            models.UniqueConstraint(
                fields=["seat"],
                condition=Q(until__isnull=True),
                name="commission_seat_one_open_term",
            ),
            models.UniqueConstraint(
                fields=["holder"],
                condition=Q(until__isnull=True),
                name="commission_member_one_open_seat",
            ),
            models.CheckConstraint(
                condition=Q(until__isnull=True) | Q(until__gte=models.F("since")),
                name="commission_seat_term_in_order",
            ),
        ]

    def __str__(self) -> str:
        name = self.holder.get_full_name() or self.holder.username
        return f"{self.get_seat_display()}: {name}"

    def is_current(self, day: dt.date) -> bool:
        return self.since <= day and (self.until is None or day <= self.until)

    def clean(self) -> None:
        from accounts.roles import Role, has_role

        errors: dict[str, str] = {}
        if self.holder_id and not has_role(self.holder, Role.COMMISSION_MEMBER):
            errors["holder"] = _("O membro precisa ter o perfil de membro da comissão.")
        if self.since and self.until and self.until < self.since:
            errors["until"] = _("O fim do mandato não pode ser anterior ao início.")
        if self.since and not errors:
            terms = CommissionSeat.objects.exclude(pk=self.pk).filter(
                Q(until__isnull=True) | Q(until__gte=self.since)
            )
            if self.until is not None:
                terms = terms.filter(since__lte=self.until)
            if terms.filter(seat=self.seat).exists():
                errors["since"] = _(
                    "Esta cadeira já tem titular nesse período; encerre o mandato anterior."
                )
            elif self.holder_id and terms.filter(holder_id=self.holder_id).exists():
                errors["holder"] = _("Este membro já ocupa outra cadeira nesse período.")
        if errors:
            raise ValidationError(errors)


class AppealState(models.TextChoices):
    REVIEW = "review", _("Em análise pela Comissão de Recursos")
    DILIGENCE = "diligence", _("Aguardando diligências")
    VOTING = "voting", _("Em votação na Comissão")
    GRANTED = "granted", _("Recurso provido")
    PARTIALLY_GRANTED = "partially_granted", _("Recurso provido em parte")
    DENIED = "denied", _("Recurso não provido")


class Outcome(models.TextChoices):
    """A member's vote and the commission's decision (values as the decision PDF knows them)."""

    GRANTED = "granted", _("Provimento")
    PARTIALLY_GRANTED = "partially_granted", _("Provimento parcial")
    DENIED = "denied", _("Não provimento")


class FilerKind(models.TextChoices):
    """Art. 63 §2: who may file."""

    DRIVER = "driver", _("Taxista titular")
    AUXILIARY = "auxiliary", _("Condutor auxiliar")
    ATTORNEY = "attorney", _("Procurador com mandato específico")


S = AppealState


class AppealCase(Case):
    """An appeal against the penalty of one violation notice (Arts. 63-66).

    `applicant` is the appellant (the holder or the auxiliary the notice names), also when
    an attorney files for him; `authorization` is the notice's.
    """

    KIND = CaseKind.APPEAL

    notice = models.ForeignKey(
        "violation.ViolationNotice",
        on_delete=models.PROTECT,
        related_name="appeals",
        verbose_name=_("auto de infração recorrido"),
    )
    filed_on = models.DateField(_("interposto em"), help_text=_("Art. 63: até 30 dias úteis."))
    filer_kind = models.CharField(
        _("interposto por"),
        max_length=12,
        choices=FilerKind.choices,
        help_text=_("Art. 63 §2."),
    )
    attorney_name = models.CharField(_("nome do procurador"), max_length=200, blank=True)
    attorney_document = models.CharField(
        _("OAB ou documento do procurador"), max_length=40, blank=True
    )
    qualification = models.TextField(_("qualificação do recorrente"), help_text=_("Art. 64 I."))
    facts_and_law = models.TextField(_("razões de fato e de direito"), help_text=_("Art. 64 II."))
    evidence = models.TextField(
        _("provas que pretende produzir"), blank=True, help_text=_("Art. 64 III.")
    )
    outcome = models.CharField(_("decisão"), max_length=20, choices=Outcome.choices, blank=True)
    fine_kept_vrte = models.DecimalField(
        _("multa mantida (VRTE)"),
        max_digits=9,
        decimal_places=2,
        null=True,
        blank=True,
        help_text=_("A multa que resta depois do julgamento; zero se provido."),
        validators=amount_validators(9),
    )
    decided_on = models.DateField(_("decidido em"), null=True, blank=True)
    summary = models.TextField(_("fundamentação da decisão"), blank=True)

    class Meta:
        verbose_name = _("recurso")
        verbose_name_plural = _("recursos")
        # SQLite ignores max_digits; a value it stored past them could not be read back.
        constraints = [
            amount_fits("fine_kept_vrte", max_digits=9, name="appeal_fine_kept_vrte_fits"),
        ]

    # --- Instruction (Arts. 64 §2, 65) ------------------------------------------------

    def _no_vote_yet(self) -> bool:
        return not self.votes.exists()

    @transition(field="state", source=[S.REVIEW, S.DILIGENCE], target=S.DILIGENCE)
    @transition(field="state", source=S.VOTING, target=S.DILIGENCE, conditions=[_no_vote_yet])
    def order_diligence(self) -> None:
        """The commission orders a diligence, asked for (Art. 64 III) or on its own at any
        stage (Art. 65) — while voting, only before anyone has voted."""

    @transition(field="state", source=S.REVIEW, target=S.REVIEW)
    @transition(field="state", source=S.DILIGENCE, target=S.DILIGENCE)
    def refuse_diligence(self) -> None:
        """A diligence asked for is refused, with its reason (Art. 64 §2)."""

    @transition(field="state", source=S.DILIGENCE, target=S.DILIGENCE)
    def record_diligence(self) -> None:
        """The result of an ordered diligence is on the record."""

    @transition(field="state", source=S.DILIGENCE, target=S.REVIEW)
    def resume_review(self) -> None:
        """Every ordered diligence has its result: the review goes on."""

    @transition(field="state", source=S.REVIEW, target=S.VOTING)
    def open_voting(self) -> None:
        """The instruction is closed; the members vote (Art. 52)."""

    # --- Judgment (Arts. 52, 55 II) -----------------------------------------------------

    @transition(field="state", source=S.VOTING, target=S.VOTING)
    def vote(self) -> None:
        """One member's vote, with its reasons, is on the record."""

    def _decide(self, outcome: str, fine_kept: Decimal, decided_on: dt.date, summary: str) -> None:
        self.outcome = outcome
        self.fine_kept_vrte = fine_kept
        self.decided_on = decided_on
        self.summary = summary

    @transition(field="state", source=S.VOTING, target=S.GRANTED)
    def grant(self, decided_on: dt.date, summary: str) -> None:
        """The majority granted the appeal: the penalty is cancelled."""
        self._decide(Outcome.GRANTED, Decimal("0"), decided_on, summary)

    @transition(field="state", source=S.VOTING, target=S.PARTIALLY_GRANTED)
    def grant_in_part(self, decided_on: dt.date, summary: str, fine_kept: Decimal) -> None:
        """The majority granted it in part: the penalty stands with a lower fine."""
        self._decide(Outcome.PARTIALLY_GRANTED, fine_kept, decided_on, summary)

    @transition(field="state", source=S.VOTING, target=S.DENIED)
    def deny(self, decided_on: dt.date, summary: str, fine_kept: Decimal) -> None:
        """The majority denied the appeal: the penalty stands as issued."""
        self._decide(Outcome.DENIED, fine_kept, decided_on, summary)


class AppealWitness(models.Model):
    """One of the witnesses the appellant lists, duly qualified — three at most (Art. 64 §1)."""

    appeal = models.ForeignKey(
        AppealCase,
        on_delete=models.PROTECT,
        related_name="witnesses",
        verbose_name=_("recurso"),
    )
    position = models.PositiveSmallIntegerField(_("ordem"))
    name = models.CharField(_("nome"), max_length=200)
    qualification = models.CharField(
        _("qualificação"),
        max_length=400,
        help_text=_("Profissão, documento, endereço: o que a identifique."),
    )

    class Meta:
        verbose_name = _("testemunha")
        verbose_name_plural = _("testemunhas")
        ordering = ["appeal", "position"]
        constraints = [
            models.UniqueConstraint(fields=["appeal", "position"], name="appeal_witness_position"),
            models.CheckConstraint(
                condition=Q(position__gte=1) & Q(position__lte=3), name="appeal_at_most_3_witnesses"
            ),
        ]

    def __str__(self) -> str:
        return self.name


class Diligence(models.Model):
    """A diligence asked for by the appellant (Art. 64 III) or ordered by the commission on
    its own (Art. 65), its decision and its result."""

    class Origin(models.TextChoices):
        REQUESTED = "requested", _("pedida pelo recorrente (Art. 64 III)")
        EX_OFFICIO = "ex_officio", _("de ofício pela Comissão (Art. 65)")

    class Status(models.TextChoices):
        REQUESTED = "requested", _("a decidir")
        ORDERED = "ordered", _("determinada, aguardando resultado")
        REFUSED = "refused", _("indeferida")
        DONE = "done", _("cumprida")

    appeal = models.ForeignKey(
        AppealCase,
        on_delete=models.PROTECT,
        related_name="diligences",
        verbose_name=_("recurso"),
    )
    number = models.PositiveSmallIntegerField(_("número"))
    origin = models.CharField(_("origem"), max_length=12, choices=Origin.choices)
    description = models.TextField(
        _("diligência"), help_text=_("O que se pede e os motivos que a justificam.")
    )
    status = models.CharField(_("situação"), max_length=10, choices=Status.choices)
    decision_reason = models.TextField(
        _("fundamentação da decisão"),
        blank=True,
        help_text=_("Obrigatória no indeferimento (Art. 64 §2)."),
    )
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("decidida por"),
    )
    decided_at = models.DateTimeField(_("decidida em"), null=True, blank=True)
    result = models.TextField(_("resultado"), blank=True)
    result_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("resultado registrado por"),
    )
    result_at = models.DateTimeField(_("resultado registrado em"), null=True, blank=True)

    class Meta:
        verbose_name = _("diligência")
        verbose_name_plural = _("diligências")
        ordering = ["appeal", "number"]
        constraints = [
            models.UniqueConstraint(fields=["appeal", "number"], name="appeal_diligence_number"),
        ]

    def __str__(self) -> str:
        return f"{self.number}. {self.description[:60]}"


class Vote(models.Model):
    """A member's vote with its reasons: one per seat and one per member (Art. 52)."""

    appeal = models.ForeignKey(
        AppealCase, on_delete=models.PROTECT, related_name="votes", verbose_name=_("recurso")
    )
    seat = models.CharField(_("cadeira (Art. 52)"), max_length=3, choices=Seat.choices)
    member = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="appeal_votes",
        verbose_name=_("membro"),
    )
    vote = models.CharField(_("voto"), max_length=20, choices=Outcome.choices)
    fine_vrte = models.DecimalField(
        _("multa mantida (VRTE)"),
        max_digits=9,
        decimal_places=2,
        null=True,
        blank=True,
        help_text=_("Somente no voto pelo provimento parcial."),
        validators=amount_validators(9),
    )
    reason = models.TextField(_("fundamentação"))
    cast_at = models.DateTimeField(_("votado em"))

    class Meta:
        verbose_name = _("voto")
        verbose_name_plural = _("votos")
        ordering = ["appeal", "cast_at", "id"]
        constraints = [
            models.UniqueConstraint(fields=["appeal", "seat"], name="appeal_one_vote_per_seat"),
            models.UniqueConstraint(fields=["appeal", "member"], name="appeal_one_vote_per_member"),
            amount_fits("fine_vrte", max_digits=9, name="appeal_vote_fine_vrte_fits"),
        ]

    def __str__(self) -> str:
        return f"{self.seat}: {self.get_vote_display()}"
