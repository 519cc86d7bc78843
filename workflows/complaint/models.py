"""Passenger complaints (Art. 39 IV and VI): the case, its states and its pure transitions.

A passenger tells the Secretaria about an irregularity (Art. 39 IV) or an unlawful act of a
driver (Art. 39 VI). A clerk triages it; only a fiscal agent may turn it into violation
notices (Arts. 41, 46), which the complaint then links to.

The taxi is kept in `taxi`, not in `Case.authorization`: cases of an authorization are
shown to its holder (`cases.selectors.cases_visible_to`), and a complaint, with whatever
identifies the passenger, is for staff only (LGPD). The driver learns of the facts from the
violation notice, with the rights of defence it carries (Art. 63).
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _
from django_fsm import transition

from accounts.models import User
from cases.models import Case, CaseKind


class ComplaintState(models.TextChoices):
    RECEIVED = "received", _("Recebida, aguardando triagem")
    TRIAGE = "triage", _("Em triagem")
    FORWARDED = "forwarded", _("Encaminhada à fiscalização")
    DISMISSED = "dismissed", _("Arquivada")
    CONVERTED = "converted", _("Convertida em auto de infração")


S = ComplaintState


class ComplaintCase(Case):
    """A passenger's complaint about a taxi (Art. 39 IV, VI); no applicant, no login."""

    KIND = CaseKind.COMPLAINT

    plate = models.CharField(
        _("placa informada"),
        max_length=7,
        help_text=_("Como o passageiro digitou, normalizada (ABC1234 ou ABC1D23)."),
    )
    taxi = models.ForeignKey(
        "registers.Authorization",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="complaints",
        verbose_name=_("táxi (termo de autorização)"),
        help_text=_("O termo do veículo com esta placa, se houver algum."),
    )
    occurred_at = models.DateTimeField(_("data e hora do fato"))
    place = models.CharField(_("local"), max_length=250)
    account = models.TextField(_("o que aconteceu"), max_length=4000)
    passenger_name = models.CharField(
        _("nome do passageiro"),
        max_length=120,
        blank=True,
        help_text=_("Opcional; visível somente a servidores (LGPD)."),
    )
    passenger_contact = models.CharField(
        _("contato do passageiro"),
        max_length=120,
        blank=True,
        help_text=_("Telefone ou e-mail, opcional; visível somente a servidores (LGPD)."),
    )
    dismissal_reason = models.TextField(_("motivo do arquivamento"), blank=True)
    notices = models.ManyToManyField(
        "violation.ViolationNotice",
        blank=True,
        related_name="complaints",
        verbose_name=_("autos de infração lavrados a partir dela"),
    )

    class Meta:
        verbose_name = _("reclamação de passageiro")
        verbose_name_plural = _("reclamações de passageiros")

    def issued_notices(self) -> list[tuple[int, str, str]]:
        """The notices issued from the complaint as its page links them: key, number and
        item of Art. 58. Only its conversion issues any (`convert`, Art. 47), so no other
        state asks the database; the columns alone, not each notice's rows built whole
        (issue 25: the complaint's page was a fifth slower than its kind's others)."""
        if self.state != S.CONVERTED:
            return []
        return list(self.notices.order_by("number").values_list("pk", "number", "item"))

    @transition(field="state", source=S.RECEIVED, target=S.TRIAGE)
    def start_triage(self, clerk: User) -> None:
        """A clerk takes the complaint to read it (Art. 40)."""
        self.assignee = clerk

    @transition(field="state", source=S.TRIAGE, target=S.DISMISSED)
    def dismiss(self, reason: str) -> None:
        """Nothing to pursue (no taxi service, no irregularity, not verifiable)."""
        self.dismissal_reason = reason

    @transition(field="state", source=S.TRIAGE, target=S.FORWARDED)
    def forward(self) -> None:
        """Sent to the fiscal agents, who alone may issue notices (Arts. 41, 42)."""

    @transition(field="state", source=S.FORWARDED, target=S.TRIAGE)
    def return_to_triage(self) -> None:
        """The agent sends it back to the clerk (not verifiable, more information needed)."""

    @transition(field="state", source=S.FORWARDED, target=S.CONVERTED)
    def convert(self) -> None:
        """An agent issued violation notices from it (Arts. 46, 47)."""
