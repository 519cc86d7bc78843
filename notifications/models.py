"""The outbox: a notification is a row first, written with the change that causes it."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from core.choices import choice_labels


class ReturnReason(models.TextChoices):
    """The reasons on the Correios AR card (values shared with law.notice.ReturnReason)."""

    MOVED = "moved", _("Mudou-se")
    INSUFFICIENT_ADDRESS = "insufficient_address", _("Endereço insuficiente")
    NO_SUCH_NUMBER = "no_such_number", _("Não existe o número")
    UNKNOWN = "unknown", _("Desconhecido")
    REFUSED = "refused", _("Recusado")
    NOT_CLAIMED = "not_claimed", _("Não procurado")
    ABSENT = "absent", _("Ausente")
    DECEASED = "deceased", _("Falecido")
    OTHER = "other", _("Outros")


class Receiver(models.TextChoices):
    """Who took a notice delivered in person (Art. 46): nobody else may."""

    ADDRESSEE = "addressee", _("o próprio notificado")
    ATTORNEY = "attorney", _("procurador com mandato")
    REFUSED = "refused", _("recusa presenciada por duas testemunhas")


class Notification(models.Model):
    class Channel(models.TextChoices):
        EMAIL = "email", _("e-mail")
        REGISTERED_POST = "registered_post", _("carta registrada com AR")

    class Status(models.TextChoices):
        QUEUED = "queued", _("na fila")
        SENT = "sent", _("enviada")
        DELIVERED = "delivered", _("entregue")
        RETURNED = "returned", _("devolvida")
        FAILED = "failed", _("falhou")

    case = models.ForeignKey(
        "cases.Case",
        on_delete=models.PROTECT,
        related_name="notifications",
        verbose_name=_("processo"),
    )
    recipient = models.ForeignKey(
        "registers.Driver",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="notifications",
        verbose_name=_("destinatário"),
    )
    address = models.CharField(_("endereço ou e-mail"), max_length=300)
    channel = models.CharField(_("meio"), max_length=20, choices=Channel.choices)
    template = models.CharField(_("modelo"), max_length=80)
    subject = models.CharField(_("assunto"), max_length=200)
    body = models.TextField(_("texto"))
    status = models.CharField(
        _("situação"), max_length=12, choices=Status.choices, default=Status.QUEUED
    )
    attempts = models.PositiveSmallIntegerField(_("tentativas"), default=0)
    last_error = models.TextField(_("último erro"), blank=True)
    created_at = models.DateTimeField(_("criada em"), auto_now_add=True)
    sent_at = models.DateTimeField(_("enviada em"), null=True, blank=True)
    legal = models.BooleanField(
        _("notificação legal"),
        default=False,
        help_text=_("Seu recebimento inicia prazos (Arts. 46, 55 e 63)."),
    )
    # Registered post with return receipt (AR), Art. 46.
    letter = models.ForeignKey(
        "documents.OfficialDocument",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("carta (PDF)"),
    )
    tracking_code = models.CharField(_("código de rastreamento"), max_length=13, blank=True)
    posted_on = models.DateField(_("postada em"), null=True, blank=True)
    delivered_on = models.DateField(_("entregue em"), null=True, blank=True)
    visit_on = models.DateField(
        _("data da visita (AR)"),
        null=True,
        blank=True,
        help_text=_("Art. 46 §2: vale como recebimento se o endereço estava desatualizado."),
    )
    receiver_name = models.CharField(_("recebedor"), max_length=200, blank=True)
    receiver_document = models.CharField(_("documento do recebedor"), max_length=40, blank=True)
    ar_attached_on = models.DateField(_("AR juntado aos autos em"), null=True, blank=True)
    return_reason = models.CharField(
        _("motivo da devolução"), max_length=24, choices=ReturnReason.choices, blank=True
    )
    ar_scan = models.FileField(_("digitalização do AR"), upload_to="ar/", blank=True)
    # Art. 46: "entregue pessoalmente ... mediante recibo"; the receipt's scan is `ar_scan`.
    delivered_in_person = models.BooleanField(
        _("entregue pessoalmente"),
        default=False,
        help_text=_(
            "Art. 46: entregue por agente ou servidor contra recibo (ou recusa testemunhada)."
        ),
    )
    receiver_kind = models.CharField(
        _("quem recebeu em mãos"),
        max_length=12,
        choices=Receiver.choices,
        blank=True,
        help_text=_("Art. 46: o notificado, seu procurador com mandato ou a recusa testemunhada."),
    )
    mandate = models.FileField(
        _("procuração do recebedor"),
        upload_to="ar/",
        blank=True,
        help_text=_("A procuração do procurador que recebeu a notificação em mãos."),
    )
    witnesses = models.JSONField(
        _("testemunhas da recusa"),
        default=list,
        blank=True,
        help_text=_("Nome e CPF de cada uma das duas testemunhas da recusa de receber."),
    )
    received_on = models.DateField(
        _("recebida em (para os prazos)"),
        null=True,
        blank=True,
        help_text=_("A data que inicia os prazos do interessado."),
    )

    class Meta:
        verbose_name = _("notificação")
        verbose_name_plural = _("notificações")
        ordering = ["-created_at", "-id"]
        indexes = [
            models.Index(fields=["status", "created_at"], name="notification_status_idx"),
            # The registered letters waiting to be posted, oldest first (the clerk's
            # letters page and the count beside his queue): through the status index the
            # count read every queued e-mail as well (issue 25: 28 ms at a million cases).
            models.Index(
                fields=["created_at", "id"],
                name="notification_to_post_idx",
                condition=models.Q(channel="registered_post", status="queued"),
            ),
            # The lists show the newest first and stop at the page (issue 25).
            models.Index(fields=["-created_at"], name="notification_newest_idx"),
        ]
        constraints = [
            # One Correios object, one letter: a code typed twice would let one AR answer
            # for two notices (issue 19, item 15).
            models.UniqueConstraint(
                fields=["tracking_code"],
                condition=~models.Q(tracking_code=""),
                name="notification_tracking_code_unique",
            )
        ]

    def __str__(self) -> str:
        return f"{self.subject} → {self.address}"

    # The lists show both for every row: Django's own `get_FOO_display` translates every
    # choice of the field each time (hashing its lazy labels), ~500 translations for a page
    # of fifty notices (issue 25). Here once per language, the same labels (core.choices).
    def get_channel_display(self) -> str:
        return choice_labels(Notification, "channel")(self.channel)  # type: ignore[no-any-return]

    def get_status_display(self) -> str:
        return choice_labels(Notification, "status")(self.status)  # type: ignore[no-any-return]


class DeliveryAttempt(models.Model):
    """One attempt of the postman, as the AR or the tracking shows it."""

    notification = models.ForeignKey(
        Notification,
        on_delete=models.PROTECT,
        related_name="attempts_made",
        verbose_name=_("notificação"),
    )
    attempted_on = models.DateField(_("data da tentativa"))
    note = models.CharField(_("observação"), max_length=200, blank=True)
    recorded_by = models.ForeignKey(
        "accounts.User",
        on_delete=models.PROTECT,
        null=True,
        related_name="+",
        verbose_name=_("registrado por"),
    )

    class Meta:
        verbose_name = _("tentativa de entrega")
        verbose_name_plural = _("tentativas de entrega")
        ordering = ["attempted_on", "id"]

    def __str__(self) -> str:
        return f"{self.notification_id} {self.attempted_on}"
