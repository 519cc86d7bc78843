"""Each case kind's own fields and pure django-fsm transitions (multi-table children of Case).

Transitions here only change fields of the case; the services in the kind's module lock,
check, audit and apply effects (STYLE: transition methods stay pure).
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from django.db import models
from django.utils.translation import gettext_lazy as _
from django_fsm import transition

from cases.models import Case, CaseKind


class SuspensionState(models.TextChoices):
    FILED = "filed", _("Protocolado, em conferência")
    CORRECTION_REQUESTED = "correction_requested", _("Aguardando correção pelo taxista")
    AWAITING_DECISION = "awaiting_decision", _("Aguardando decisão do Prefeito")
    IN_EFFECT = "in_effect", _("Suspensão em vigor")
    EXTENSION_REQUESTED = "extension_requested", _("Prorrogação aguardando decisão")
    ENDED = "ended", _("Encerrada, autorização reativada")
    REJECTED = "rejected", _("Indeferido na conferência")
    DENIED = "denied", _("Negado pelo Prefeito")
    WITHDRAWN = "withdrawn", _("Desistência do taxista")


class SuspensionGround(models.TextChoices):
    """Art. 24 I-IV."""

    THEFT = "I", _("I — Furto ou roubo do veículo")
    ACCIDENT = "II", _("II — Acidente grave ou destruição total do veículo")
    COURT_ORDER = "III", _("III — Sentença judicial de perda da posse ou propriedade")
    VEHICLE_SUBSTITUTION = "IV", _("IV — Substituição do veículo")


S = SuspensionState


class SuspensionCase(Case):
    """Suspension of an authorization on the holder's request (Art. 24)."""

    KIND = CaseKind.SUSPENSION

    ground = models.CharField(_("motivo (Art. 24)"), max_length=3, choices=SuspensionGround.choices)
    requested_days = models.PositiveSmallIntegerField(
        _("dias solicitados"), help_text=_("Art. 24: no máximo 120 dias.")
    )
    reason = models.TextField(_("relato"), blank=True)
    start_on = models.DateField(_("início"), null=True, blank=True)
    end_on = models.DateField(_("último dia"), null=True, blank=True)
    extension_requested_days = models.PositiveSmallIntegerField(
        _("prorrogação solicitada (dias)"), null=True, blank=True
    )
    extension_days = models.PositiveSmallIntegerField(
        _("prorrogação concedida (dias)"),
        null=True,
        blank=True,
        help_text=_("Art. 24: uma prorrogação, por igual período no máximo."),
    )

    class Meta:
        verbose_name = _("suspensão a pedido")
        verbose_name_plural = _("suspensões a pedido")

    @transition(field="state", source=S.FILED, target=S.AWAITING_DECISION)
    def accept(self) -> None:
        """The Secretaria found the request complete (Art. 24 §1)."""

    @transition(field="state", source=S.FILED, target=S.CORRECTION_REQUESTED)
    def ask_correction(self) -> None:
        """Something is missing or wrong; the driver corrects and resubmits."""

    @transition(field="state", source=S.FILED, target=S.REJECTED)
    def reject(self) -> None:
        """The request does not fit Art. 24."""

    @transition(field="state", source=S.CORRECTION_REQUESTED, target=S.FILED)
    def resubmit(self) -> None:
        """The driver corrected the request."""

    @transition(
        field="state",
        source=[S.FILED, S.CORRECTION_REQUESTED, S.AWAITING_DECISION],
        target=S.WITHDRAWN,
    )
    def withdraw(self) -> None:
        """The driver gives up the request before a decision."""

    @transition(field="state", source=S.AWAITING_DECISION, target=S.IN_EFFECT)
    def approve(self, start_on: dt.date, end_on: dt.date) -> None:
        """The mayor grants the suspension (Art. 24 caput)."""
        self.start_on = start_on
        self.end_on = end_on

    @transition(field="state", source=S.AWAITING_DECISION, target=S.DENIED)
    def deny(self) -> None:
        """The mayor refuses the suspension."""

    def _no_extension_yet(self) -> bool:
        # Art. 24 allows one extension: one request, whatever the mayor decided on it.
        return self.extension_requested_days is None

    @transition(
        field="state",
        source=S.IN_EFFECT,
        target=S.EXTENSION_REQUESTED,
        conditions=[_no_extension_yet],
    )
    def request_extension(self, days: int) -> None:
        """The driver asks for the one extension Art. 24 allows."""
        self.extension_requested_days = days

    @transition(field="state", source=S.EXTENSION_REQUESTED, target=S.IN_EFFECT)
    def grant_extension(self) -> None:
        """Art. 24: extension by equal period at the mayor's discretion."""
        assert self.end_on is not None and self.extension_requested_days is not None
        self.extension_days = self.extension_requested_days
        self.end_on = self.end_on + dt.timedelta(days=self.extension_days)

    @transition(field="state", source=S.EXTENSION_REQUESTED, target=S.IN_EFFECT)
    def deny_extension(self) -> None:
        """The mayor refuses the extension; the suspension ends on its original day."""

    @transition(field="state", source=[S.IN_EFFECT, S.EXTENSION_REQUESTED], target=S.ENDED)
    def end(self) -> None:
        """System: the suspension's last day has passed."""


class ViolationState(models.TextChoices):
    ISSUED = "issued", _("Lavrado, aguardando notificação")
    NOTIFICATION_SENT = "notification_sent", _("Notificação enviada, aguardando AR")
    NOTIFIED = "notified", _("Notificado: prazos de pagamento e recurso correndo")
    OVERDUE = "overdue", _("Multa vencida; recurso ainda possível no prazo")
    PAID = "paid", _("Multa paga")
    FINAL = "final", _("Penalidade definitiva, multa não paga")
    ARCHIVED = "archived", _("Arquivado: infrator não notificado em 60 dias")
    ANNULLED = "annulled", _("Arquivado por inconsistência ou irregularidade")
    APPEALED = "appealed", _("Recurso em julgamento (efeito suspensivo)")
    UPHELD = "upheld", _("Recurso negado: multa devida em 10 dias da notificação da decisão")
    OVERTURNED = "overturned", _("Penalidade cancelada em recurso")


V = ViolationState


class ViolationNotice(Case):
    """Auto de infração (Arts. 42-51, 53-58): one item of Art. 58 per notice (Art. 51)."""

    KIND = CaseKind.VIOLATION

    item = models.CharField(_("dispositivo infringido (Art. 58)"), max_length=6)
    offender = models.ForeignKey(
        "registers.Driver", on_delete=models.PROTECT, null=True, blank=True,
        related_name="violations", verbose_name=_("condutor identificado"),
        help_text=_("Vazio: condutor não identificado; os pontos vão ao titular (Art. 50)."),
    )
    vehicle = models.ForeignKey(
        "registers.Vehicle", on_delete=models.PROTECT, related_name="violations",
        verbose_name=_("veículo"),
    )
    place = models.CharField(_("local"), max_length=250)
    occurred_at = models.DateTimeField(_("data e hora da infração"))
    issued_on = models.DateField(_("lavrado em"))
    agent = models.ForeignKey(
        "accounts.User", on_delete=models.PROTECT, related_name="violations_issued",
        verbose_name=_("agente fiscal"),
    )
    offender_signed = models.BooleanField(
        _("assinado pelo infrator"), default=False,
        help_text=_("Art. 47 §1: a assinatura não é confissão; a falta dela não invalida."),
    )
    description = models.TextField(_("descrição"), blank=True)
    fine_vrte = models.DecimalField(_("multa (VRTE)"), max_digits=9, decimal_places=2)
    received_on = models.DateField(_("notificado em"), null=True, blank=True)
    paid_on = models.DateField(_("pago em"), null=True, blank=True)
    vrte_value = models.DecimalField(
        _("VRTE na data da infração (R$)"), max_digits=10, decimal_places=4, null=True,
        blank=True, help_text=_("Art. 54."),
    )
    fine_reais = models.DecimalField(
        _("multa (R$)"), max_digits=12, decimal_places=2, null=True, blank=True
    )
    assessment = models.JSONField(
        _("penalidades apuradas"), default=dict, blank=True,
        help_text=_("O resultado de law.penalties.assess na lavratura (Art. 59)."),
    )
    penalties_applied_on = models.DateField(
        _("penalidades aplicadas em"), null=True, blank=True
    )

    class Meta:
        verbose_name = _("auto de infração")
        verbose_name_plural = _("autos de infração")

    @transition(field="state", source=V.ISSUED, target=V.NOTIFICATION_SENT)
    def send_notice(self) -> None:
        """Art. 46: the notice goes out by post with AR (and by e-mail as a courtesy)."""

    @transition(field="state", source=V.NOTIFICATION_SENT, target=V.NOTIFIED)
    def notify(self, received_on: dt.date) -> None:
        """Art. 46 §2, 47 §2: the AR's date that counts has been recorded."""
        self.received_on = received_on

    @transition(field="state", source=[V.ISSUED, V.NOTIFICATION_SENT], target=V.ARCHIVED)
    def archive(self) -> None:
        """System: 60 days passed without notifying the offender (Arts. 46 §1, 53 II)."""

    @transition(
        field="state", source=[V.ISSUED, V.NOTIFICATION_SENT, V.NOTIFIED], target=V.ANNULLED
    )
    def annul(self) -> None:
        """Art. 53 I: inconsistent or irregular."""

    @transition(field="state", source=[V.NOTIFIED, V.OVERDUE, V.FINAL, V.UPHELD], target=V.PAID)
    def pay(self, paid_on: dt.date) -> None:
        """The fine was paid."""
        self.paid_on = paid_on

    @transition(field="state", source=V.NOTIFIED, target=V.OVERDUE)
    def fall_overdue(self) -> None:
        """System: 10 days from notification passed without payment (Art. 55 I)."""

    @transition(field="state", source=[V.NOTIFIED, V.OVERDUE], target=V.FINAL)
    def close_appeal_window(self) -> None:
        """System: the 30-day appeal window of Art. 63 closed without an appeal."""

    @transition(field="state", source=[V.NOTIFIED, V.OVERDUE], target=V.APPEALED)
    def appeal(self) -> None:
        """An appeal was filed in time: the penalty is suspended until judged (Art. 63 §1)."""

    @transition(field="state", source=V.APPEALED, target=V.UPHELD)
    def uphold(self, fine_vrte: Decimal, fine_reais: Decimal | None) -> None:
        """The commission denied the appeal, or granted it in part (Arts. 52, 55 II)."""
        self.fine_vrte = fine_vrte
        self.fine_reais = fine_reais

    @transition(field="state", source=V.APPEALED, target=V.OVERTURNED)
    def overturn(self) -> None:
        """The commission granted the appeal: no penalty stands."""

    @transition(field="state", source=V.UPHELD, target=V.FINAL)
    def default_after_decision(self) -> None:
        """System: 10 days from the decision's notification passed unpaid (Art. 55 II)."""


class PenaltyPeriod(models.Model):
    """A suspension (Art. 59 III) or vehicle impediment (Art. 59 IV) being served."""

    class Kind(models.TextChoices):
        SUSPENSION = "suspension", _("suspensão (Art. 59 III)")
        IMPEDIMENT = "impediment", _("impedimento de circulação (Art. 59 IV)")

    violation = models.ForeignKey(
        ViolationNotice, on_delete=models.PROTECT, related_name="penalty_periods",
        verbose_name=_("auto de infração"),
    )
    authorization = models.ForeignKey(
        "registers.Authorization", on_delete=models.PROTECT, related_name="penalty_periods",
        verbose_name=_("termo de autorização"),
    )
    kind = models.CharField(_("tipo"), max_length=12, choices=Kind.choices)
    starts_on = models.DateField(_("início"))
    ends_on = models.DateField(_("último dia"))
    ended_on = models.DateField(_("encerrado em"), null=True, blank=True)

    class Meta:
        verbose_name = _("período de penalidade")
        verbose_name_plural = _("períodos de penalidade")
        ordering = ["starts_on", "id"]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} {self.starts_on:%d/%m/%Y}–{self.ends_on:%d/%m/%Y}"


class RevocationState(models.TextChoices):
    OPENED = "opened", _("Processo de cassação aberto")
    NOTICE_SENT = "notice_sent", _("Notificação enviada, aguardando AR")
    NOTIFIED = "notified", _("Notificado: prazo de recurso de 10 dias correndo (Art. 59 §2)")
    DEFENCE_FILED = "defence_filed", _("Recurso apresentado, aguardando decisão do Prefeito")
    WINDOW_CLOSED = "window_closed", _("Prazo de recurso encerrado, aguardando decisão do Prefeito")
    REVOKED = "revoked", _("Cassação determinada (Art. 59 §3)")
    DISMISSED = "dismissed", _("Arquivado sem cassação")
    LAPSED = "lapsed", _("Prejudicado: a autorização ou o vínculo já terminou")


RV = RevocationState


class RevocationCase(Case):
    """Revocation (cassação), Art. 59 V and §§2-5: opened by the system or by a clerk.

    The driver is notified (Art. 46) and has 10 days to appeal (§2); the mayor decides on
    the record (§3); a revocation ends the authorization and bars the driver for 5 years
    (§5). When `auxiliary` is set, the auxiliary's authorization is the one revoked: the
    binding ends and the holder's authorization stays (Art. 27 §§1-2).
    """

    KIND = CaseKind.REVOCATION

    ground_article = models.CharField(_("fundamento (artigo)"), max_length=60)
    reason = models.TextField(_("motivo"))
    opened_by_system = models.BooleanField(_("aberto pelo sistema"), default=False)
    auxiliary = models.ForeignKey(
        "registers.Driver", on_delete=models.PROTECT, null=True, blank=True,
        related_name="revocations_as_auxiliary", verbose_name=_("taxista auxiliar cassado"),
        help_text=_(
            "Preenchido quando a cassação é da autorização do auxiliar: o vínculo termina e "
            "a autorização do titular continua (Art. 27 §2)."
        ),
    )
    received_on = models.DateField(_("notificado em"), null=True, blank=True)
    defence_due_on = models.DateField(
        _("último dia para recorrer"), null=True, blank=True,
        help_text=_("Art. 59 §2: 10 dias úteis contados do recebimento da notificação."),
    )
    defence_filed_on = models.DateField(_("recurso apresentado em"), null=True, blank=True)
    defence = models.TextField(_("razões do recurso"), blank=True)
    decided_on = models.DateField(_("decidido em"), null=True, blank=True)
    decision_grounds = models.TextField(
        _("fundamentação da decisão"), blank=True,
        help_text=_("Art. 59 §3: decisão baseada e fundamentada nos autos."),
    )

    class Meta:
        verbose_name = _("cassação")
        verbose_name_plural = _("cassações")

    @transition(field="state", source=[RV.OPENED, RV.NOTICE_SENT], target=RV.NOTICE_SENT)
    def send_notice(self) -> None:
        """Art. 46 and 59 §2: the letter with AR goes out (again, if the first came back)."""

    @transition(field="state", source=RV.NOTICE_SENT, target=RV.NOTIFIED)
    def notify(self, received_on: dt.date, defence_due_on: dt.date) -> None:
        """The AR's date that counts was recorded: the 10 days of §2 run."""
        self.received_on = received_on
        self.defence_due_on = defence_due_on

    @transition(field="state", source=[RV.NOTICE_SENT, RV.NOTIFIED], target=RV.DEFENCE_FILED)
    def file_defence(self, filed_on: dt.date, defence: str) -> None:
        """Art. 59 §2: the driver's appeal against the measure, within the 10 days."""
        self.defence_filed_on = filed_on
        self.defence = defence

    @transition(field="state", source=RV.NOTIFIED, target=RV.WINDOW_CLOSED)
    def close_window(self) -> None:
        """System: the 10 days of §2 ended without an appeal; the mayor still decides."""

    @transition(field="state", source=[RV.DEFENCE_FILED, RV.WINDOW_CLOSED], target=RV.REVOKED)
    def revoke(self, decided_on: dt.date, grounds: str) -> None:
        """Art. 59 §3: the executive orders the revocation on the record."""
        self.decided_on = decided_on
        self.decision_grounds = grounds

    @transition(
        field="state",
        source=[RV.OPENED, RV.NOTICE_SENT, RV.NOTIFIED, RV.DEFENCE_FILED, RV.WINDOW_CLOSED],
        target=RV.DISMISSED,
    )
    def dismiss(self, decided_on: dt.date, grounds: str) -> None:
        """The executive finds no ground for revocation on the record."""
        self.decided_on = decided_on
        self.decision_grounds = grounds

    @transition(
        field="state",
        source=[RV.OPENED, RV.NOTICE_SENT, RV.NOTIFIED, RV.DEFENCE_FILED, RV.WINDOW_CLOSED],
        target=RV.LAPSED,
    )
    def lapse(self) -> None:
        """System: the authorization (or the auxiliary's binding) ended by another act."""
