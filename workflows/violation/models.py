"""The violation notice (auto de infração, Arts. 42-58): its fields, pure django-fsm
transitions and the penalty periods it imposes (Art. 59 III, IV).

Transitions here only change fields of the case; `workflows.violation.services` locks,
checks, audits and applies effects (STYLE: transition methods stay pure).
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from django.db import models
from django.utils.translation import gettext_lazy as _
from django_fsm import transition

from cases.models import Case, CaseKind
from cases.workflow import StatesAllowing
from core.choices import choice_labels
from law.citations import ART_53_I, ART_55, ART_63


class ViolationState(models.TextChoices):
    ISSUED = "issued", _("Lavrado, aguardando notificação")
    NOTIFICATION_SENT = "notification_sent", _("Notificação enviada, aguardando AR")
    NOTIFIED = "notified", _("Notificado: prazos de pagamento e recurso correndo")
    OVERDUE = "overdue", _("Multa vencida; recurso ainda possível no prazo")
    PAID = "paid", _("Multa paga")
    PAID_APPEAL_OPEN = "paid_appeal_open", _("Multa paga; prazo de recurso aberto (Art. 63)")
    FINAL = "final", _("Penalidade definitiva, multa não paga")
    ARCHIVED = "archived", _("Arquivado: infrator não notificado em 60 dias")
    ANNULLED = "annulled", _("Arquivado por inconsistência ou irregularidade")
    APPEALED = "appealed", _("Recurso em julgamento (efeito suspensivo)")
    UPHELD = "upheld", _("Recurso negado: multa devida em 10 dias da notificação da decisão")
    OVERTURNED = "overturned", _("Penalidade cancelada em recurso")


V = ViolationState
_ALL = frozenset(ViolationState.values)

# What may be done in which state: one declaration each, read by the transitions below,
# the appeal's filing, the portal, the API and the payment guide (issue 19). A new state
# goes into `allowed` or is named in what is left out, never forgotten.
APPEALABLE = StatesAllowing(
    what="appeal",
    article=ART_63,
    # Notified and running, overdue for payment (the window is longer), or paid with the
    # window still open (Arts. 55, 63: paying does not give up the appeal).
    allowed=frozenset({V.NOTIFIED, V.OVERDUE, V.PAID_APPEAL_OPEN}),
    refused=_ALL - {V.NOTIFIED, V.OVERDUE, V.PAID_APPEAL_OPEN},
    edge="appeal",
)
PAYABLE = StatesAllowing(
    what="pay",
    article=ART_55,
    # The fine is due from the notification (I) or the decision (II), and stays due once
    # final. Not while an appeal suspends it (Art. 63 §1), nor once paid or cancelled.
    allowed=frozenset({V.NOTIFIED, V.OVERDUE, V.FINAL, V.UPHELD}),
    refused=_ALL - {V.NOTIFIED, V.OVERDUE, V.FINAL, V.UPHELD},
    edge="pay",
)
CANCELLABLE = StatesAllowing(
    what="annul",
    article=ART_53_I,
    # Inconsistent or irregular: found before the clocks of payment and appeal ran out.
    allowed=frozenset({V.ISSUED, V.NOTIFICATION_SENT, V.NOTIFIED}),
    refused=_ALL - {V.ISSUED, V.NOTIFICATION_SENT, V.NOTIFIED},
    edge="annul",
)


class Conductor(models.TextChoices):
    """Who was driving, as the agent records it (Arts. 49, 50)."""

    HOLDER = "holder", _("Titular")
    AUXILIARY = "auxiliary", _("Auxiliar")
    UNIDENTIFIED = (
        "unidentified",
        _("Não identificado (pontos ao titular, Art. 50 parágrafo único)"),
    )


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
    refund_owed_reais = models.DecimalField(
        _("a restituir (R$)"), max_digits=12, decimal_places=2, null=True, blank=True,
        help_text=_("Art. 63: multa paga e depois cancelada ou reduzida em recurso."),
    )
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
        # The table keeps the name it had in the `workflows` app: moving the model did not
        # move the data.
        db_table = "workflows_violationnotice"
        verbose_name = _("auto de infração")
        verbose_name_plural = _("autos de infração")
        indexes = [
            # The notices open to appeal, oldest notification first (the portal's
            # "Recorrer" and the appeal windows API, `workflows.appeal.selectors`): a page
            # is this index walked, each notice's state read by key, and stopped there; it
            # sorted every notice open to appeal before (issue 25).
            models.Index(
                fields=["received_on", "case_ptr"],
                name="notice_received_idx",
                condition=models.Q(received_on__isnull=False),
            ),
        ]

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

    @transition(field="state", source=V.ARCHIVED, target=V.NOTIFIED)
    def reopen_notified(self, received_on: dt.date) -> None:
        """System: the AR came back after the archive but shows delivery within the 60 days
        (Arts. 46 §1, 53 II): the notice was notified in time."""
        self.received_on = received_on

    @transition(field="state", source=list(CANCELLABLE), target=V.ANNULLED)
    def annul(self) -> None:
        """Art. 53 I: inconsistent or irregular."""

    def has_fine(self) -> bool:
        """A fine to pay: not a written warning given instead of it (Art. 59 I). The one
        description of the penalty decides (documents.penalties)."""
        from documents.penalties import penalty_of_notice

        return penalty_of_notice(self, with_periods=False).has_fine

    @transition(field="state", source=list(PAYABLE), target=V.PAID, conditions=[has_fine])
    def pay(self, paid_on: dt.date) -> None:
        """The fine was paid."""
        self.paid_on = paid_on

    @transition(
        field="state", source=[V.NOTIFIED, V.OVERDUE], target=V.PAID_APPEAL_OPEN,
        conditions=[has_fine],
    )
    def pay_keeping_appeal(self, paid_on: dt.date) -> None:
        """The fine was paid within the appeal window; the right to appeal stays (Art. 63)."""
        self.paid_on = paid_on

    @transition(field="state", source=V.UPHELD, target=V.PAID)
    def settle_paid_before_appeal(self) -> None:
        """The appeal was denied (or granted in part) after the fine was paid: nothing is
        left to pay (Art. 63)."""

    @transition(field="state", source=V.PAID_APPEAL_OPEN, target=V.PAID)
    def close_appeal_window_paid(self) -> None:
        """System: the appeal window closed after the payment, without an appeal."""

    @transition(field="state", source=V.NOTIFIED, target=V.OVERDUE)
    def fall_overdue(self) -> None:
        """System: 10 days from notification passed without payment (Art. 55 I)."""

    @transition(field="state", source=[V.NOTIFIED, V.OVERDUE], target=V.FINAL)
    def close_appeal_window(self) -> None:
        """System: the 30-day appeal window of Art. 63 closed without an appeal."""

    @transition(field="state", source=list(APPEALABLE), target=V.APPEALED)
    def appeal(self) -> None:
        """An appeal was filed in time: the penalty is suspended until judged (Art. 63 §1)."""

    @transition(field="state", source=V.APPEALED, target=V.UPHELD)
    def uphold(self, fine_vrte: Decimal, fine_reais: Decimal | None) -> None:
        """The commission denied the appeal, or granted it in part (Arts. 52, 55 II). A fine
        paid before the appeal and reduced by it leaves the difference to refund."""
        if self.paid_on is not None and self.fine_reais is not None and fine_reais is not None:
            difference = self.fine_reais - fine_reais
            self.refund_owed_reais = difference if difference > 0 else None
        self.fine_vrte = fine_vrte
        self.fine_reais = fine_reais

    @transition(field="state", source=V.APPEALED, target=V.OVERTURNED)
    def overturn(self) -> None:
        """The commission granted the appeal: no penalty stands; a fine already paid is owed
        back (Art. 63)."""
        if self.paid_on is not None:
            self.refund_owed_reais = self.fine_reais

    @transition(field="state", source=V.UPHELD, target=V.FINAL)
    def close_upheld_warning(self) -> None:
        """The appeal against a written warning given instead of the fine was denied: the
        warning stands and there is nothing to pay (Arts. 52, 59 I)."""

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
    # Arts. 27 §1 and 59: an auxiliary's infraction is served on his own authorization; the
    # holder's Termo is not suspended for it.
    auxiliary = models.ForeignKey(
        "registers.Driver", on_delete=models.PROTECT, null=True, blank=True,
        related_name="penalty_periods", verbose_name=_("auxiliar que cumpre"),
        help_text=_("Vazio: cumprido na autorização do titular."),
    )
    starts_on = models.DateField(_("início"))
    ends_on = models.DateField(_("último dia"))
    ended_on = models.DateField(_("encerrado em"), null=True, blank=True)

    class Meta:
        # The table keeps the name it had in the `workflows` app: moving the model did not
        # move the data.
        db_table = "workflows_penaltyperiod"
        verbose_name = _("período de penalidade")
        verbose_name_plural = _("períodos de penalidade")
        ordering = ["starts_on", "id"]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} {self.starts_on:%d/%m/%Y}–{self.ends_on:%d/%m/%Y}"

    # The register files list it for every row: Django's own `get_FOO_display` translates
    # every choice of the field on each call; here once per language (core.choices).
    def get_kind_display(self) -> str:
        return choice_labels(PenaltyPeriod, "kind")(self.kind)  # type: ignore[no-any-return]
