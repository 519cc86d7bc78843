"""The revocation (cassação, Art. 59 V): its fields and pure django-fsm transitions.

Transitions here only change fields of the case; `workflows.revocation.services` locks,
checks, audits and applies effects (STYLE: transition methods stay pure).
"""

from __future__ import annotations

import datetime as dt

from django.db import models
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _
from django_fsm import transition

from cases.models import Case, CaseKind
from law import deadlines as law_deadlines


class RevocationState(models.TextChoices):
    OPENED = "opened", _("Processo de cassação aberto")
    NOTICE_SENT = "notice_sent", _("Notificação enviada, aguardando AR")
    NOTIFIED = "notified", format_lazy(
        _("Notificado: prazo de recurso de {days} dias correndo (Art. 59 §2)"),
        days=law_deadlines.REVOCATION_APPEAL_DAYS,
    )
    DEFENCE_FILED = "defence_filed", _("Recurso apresentado, aguardando decisão do Prefeito")
    WINDOW_CLOSED = "window_closed", _("Prazo de recurso encerrado, aguardando decisão do Prefeito")
    DECIDED = "decided", _(
        "Cassação decidida; prazo de recurso contra a medida (Art. 59 §2), efeito suspensivo"
    )
    DECISION_APPEALED = "decision_appealed", _(
        "Recurso contra a cassação em julgamento (efeito suspensivo)"
    )
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
        "registers.Driver",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="revocations_as_auxiliary",
        verbose_name=_("taxista auxiliar cassado"),
        help_text=_(
            "Preenchido quando a cassação é da autorização do auxiliar: o vínculo termina e "
            "a autorização do titular continua (Art. 27 §2)."
        ),
    )
    received_on = models.DateField(_("notificado em"), null=True, blank=True)
    defence_due_on = models.DateField(
        _("último dia para recorrer"),
        null=True,
        blank=True,
        help_text=format_lazy(
            _("Art. 59 §2: {days} dias úteis contados do recebimento da notificação."),
            days=law_deadlines.REVOCATION_APPEAL_DAYS,
        ),
    )
    defence_filed_on = models.DateField(_("recurso apresentado em"), null=True, blank=True)
    defence = models.TextField(_("razões do recurso"), blank=True)
    decided_on = models.DateField(_("decidido em"), null=True, blank=True)
    # Art. 59 §2: the appeal "contra a medida", after the decision, with suspensive effect.
    decision_received_on = models.DateField(
        _("decisão notificada em"), null=True, blank=True
    )
    appeal_due_on = models.DateField(
        _("último dia para recorrer da decisão"), null=True, blank=True,
        help_text=format_lazy(
            _("Art. 59 §2: {days} dias úteis do recebimento da decisão."),
            days=law_deadlines.REVOCATION_APPEAL_DAYS,
        ),
    )
    appeal_filed_on = models.DateField(_("recurso contra a medida em"), null=True, blank=True)
    appeal_reasons = models.TextField(_("razões do recurso contra a medida"), blank=True)
    revoked_on = models.DateField(
        _("cassação efetiva em"), null=True, blank=True,
        help_text=_("O recurso suspende a cassação até o julgamento (Art. 63 §1)."),
    )
    decision_grounds = models.TextField(
        _("fundamentação da decisão"),
        blank=True,
        help_text=_("Art. 59 §3: decisão baseada e fundamentada nos autos."),
    )

    class Meta:
        # The table keeps the name it had in the `workflows` app: moving the model did not
        # move the data.
        db_table = "workflows_revocationcase"
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

    @transition(field="state", source=[RV.DEFENCE_FILED, RV.WINDOW_CLOSED], target=RV.DECIDED)
    def revoke(self, decided_on: dt.date, grounds: str) -> None:
        """Art. 59 §3: the executive orders the revocation on the record; it takes effect
        when the appeal of §2 is decided or its window closes."""
        self.decided_on = decided_on
        self.decision_grounds = grounds

    @transition(field="state", source=RV.DECIDED, target=RV.DECIDED)
    def decision_notified(self, received_on: dt.date, appeal_due_on: dt.date) -> None:
        """The decision's AR was recorded: the 10 days of §2 run."""
        self.decision_received_on = received_on
        self.appeal_due_on = appeal_due_on

    @transition(field="state", source=RV.DECIDED, target=RV.DECISION_APPEALED)
    def appeal_decision(self, filed_on: dt.date, reasons: str) -> None:
        """Art. 59 §2: the driver appeals "contra a medida"; suspensive (Art. 63 §1)."""
        self.appeal_filed_on = filed_on
        self.appeal_reasons = reasons

    @transition(field="state", source=RV.DECIDED, target=RV.REVOKED)
    def close_decision_window(self, revoked_on: dt.date) -> None:
        """System: the 10 days passed without an appeal; the revocation takes effect."""
        self.revoked_on = revoked_on

    @transition(field="state", source=RV.DECISION_APPEALED, target=RV.REVOKED)
    def deny_decision_appeal(self, revoked_on: dt.date) -> None:
        """The appeal against the measure is denied; the revocation takes effect."""
        self.revoked_on = revoked_on

    @transition(field="state", source=RV.DECISION_APPEALED, target=RV.DISMISSED)
    def grant_decision_appeal(self) -> None:
        """The appeal against the measure is granted: no revocation."""

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
        source=[
            RV.OPENED, RV.NOTICE_SENT, RV.NOTIFIED, RV.DEFENCE_FILED, RV.WINDOW_CLOSED,
            RV.DECIDED, RV.DECISION_APPEALED,
        ],
        target=RV.LAPSED,
    )
    def lapse(self) -> None:
        """System: the authorization (or the auxiliary's binding) ended by another act."""
