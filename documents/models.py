"""Official documents (PDF): numbered, verifiable, rendered after commit from a frozen context."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class OfficialDocument(models.Model):
    class Kind(models.TextChoices):
        AUTHORIZATION_TERM = "authorization_term", _("Termo de Autorização")
        IM_CARD = "im_card", _("Cartão da Inscrição Municipal (IM)")
        VIOLATION_NOTICE = "violation_notice", _("Auto de Infração")
        FINE_NOTIFICATION = "fine_notification", _("Notificação de Multa")
        APPEAL_DECISION = "appeal_decision", _("Decisão de recurso")
        REGISTERED_LETTER = "registered_letter", _("Carta registrada com AR")
        APPEAL_VOTE = "appeal_vote", _("Voto de membro da Comissão de Recursos")
        DRIVER_CARD = "driver_card", _("Identificação do condutor")

    class Status(models.TextChoices):
        PENDING = "pending", _("a gerar")
        READY = "ready", _("gerado")
        FAILED = "failed", _("falhou")

    class Signature(models.TextChoices):
        SIGNED = "signed", _("assinado")
        PENDING = "pending", _("assinatura pendente")

    kind = models.CharField(_("tipo"), max_length=24, choices=Kind.choices)
    number = models.CharField(
        _("número"), max_length=24, db_index=True,
        help_text=_(
            "O número impresso. O Termo, o cartão da IM e o Auto de Infração levam o número "
            "do que documentam (autorização, IM, processo), repetido numa segunda via; os "
            "demais, o da sua série (CR-2026/000001)."
        ),
    )
    year = models.PositiveSmallIntegerField(_("ano"))
    sequence = models.PositiveIntegerField(
        _("sequência"), help_text=_("Ordem de emissão do tipo no ano, sem lacunas.")
    )
    verification_code = models.CharField(_("código de verificação"), max_length=16, unique=True)
    case = models.ForeignKey(
        "cases.Case", on_delete=models.PROTECT, null=True, blank=True,
        related_name="official_documents", verbose_name=_("processo"),
    )
    authorization = models.ForeignKey(
        "registers.Authorization", on_delete=models.PROTECT, null=True, blank=True,
        related_name="official_documents", verbose_name=_("termo de autorização"),
    )
    registration = models.ForeignKey(
        "registers.MunicipalRegistration", on_delete=models.PROTECT, null=True, blank=True,
        related_name="official_documents", verbose_name=_("inscrição municipal"),
    )
    driver = models.ForeignKey(
        "registers.Driver", on_delete=models.PROTECT, null=True, blank=True,
        related_name="official_documents", verbose_name=_("condutor"),
        help_text=_(
            "O taxista que o documento identifica (identificação do condutor, Art. 4 X): o "
            "titular ou o auxiliar do Termo."
        ),
    )
    context = models.JSONField(
        _("conteúdo"), default=dict,
        help_text=_("Os dados do documento como eram na emissão."),
    )
    status = models.CharField(
        _("situação"), max_length=8, choices=Status.choices, default=Status.PENDING
    )
    file = models.FileField(_("arquivo PDF"), upload_to="documents/", blank=True)
    sha256 = models.CharField(_("SHA-256"), max_length=64, blank=True)
    issued_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True,
        related_name="+", verbose_name=_("emitido por"),
    )
    issued_at = models.DateTimeField(_("emitido em"))
    rendered_at = models.DateTimeField(_("gerado em"), null=True, blank=True)
    last_error = models.TextField(_("último erro"), blank=True)
    signature = models.CharField(
        _("assinatura"), max_length=8, choices=Signature.choices, blank=True, default="",
        help_text=_(
            "Assinado: o PDF leva o selo do Município (e a assinatura de quem agiu, quando "
            "houver). Assinatura pendente: o PDF existe, o selo ou o carimbo do tempo falhou e "
            "o worker tenta de novo."
        ),
    )
    signature_error = models.TextField(_("erro da assinatura"), blank=True)
    sealed_at = models.DateTimeField(_("selado em"), null=True, blank=True)
    signed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True,
        related_name="+", verbose_name=_("assinado por"),
        help_text=_("Quem praticou o ato e o assinou com a própria chave (assinatura avançada)."),
    )
    signed_at = models.DateTimeField(_("assinado por quem agiu em"), null=True, blank=True)
    signer_pdf = models.FileField(
        _("PDF assinado por quem agiu"), upload_to="documents/signed/", blank=True,
        help_text=_("O PDF com a assinatura de quem agiu, antes do selo do Município."),
    )

    class Meta:
        verbose_name = _("documento oficial")
        verbose_name_plural = _("documentos oficiais")
        ordering = ["-issued_at", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["kind", "year", "sequence"], name="document_number")
        ]
        indexes = [
            # The administrator's list of documents whose seal is missing, oldest first
            # (`documents_signature_pending`): a page of it is read from this index and
            # stopped there; without it every document was read and the pending ones
            # sorted (issue 25).
            models.Index(
                fields=["issued_at", "id"],
                name="document_signature_pending_idx",
                condition=models.Q(signature="pending"),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} {self.number}"


class DocumentSequence(models.Model):
    """Last number per kind and year; locked while a document is issued (no gaps)."""

    kind = models.CharField(max_length=24)
    year = models.PositiveSmallIntegerField()
    last = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["kind", "year"], name="document_sequence_key")
        ]

    def __str__(self) -> str:
        return f"{self.kind} {self.year}: {self.last}"


class SigningKey(models.Model):
    """A user's own signing key (advanced electronic signature, Lei 14.063/2020 art. 4º II).

    Created at his first signed act, certified by the internal authority
    (SIGNING_USERS_CA_PKCS12), and kept only as a PKCS#12 archive encrypted with the password
    he confirmed that act with: the application cannot use it without him. Revoked when he
    is deactivated or when it can no longer be opened (password changed), renewed on expiry;
    documents it signed stay valid.
    """

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="signing_keys",
        verbose_name=_("usuário"),
    )
    pkcs12 = models.BinaryField(
        _("chave e certificado (PKCS#12 cifrado)"),
        blank=True,
        help_text=_("Cifrado com a senha do usuário (vazio se criada pelo segundo fator)."),
    )
    pkcs12_custody = models.BinaryField(
        _("cópia para o segundo fator (PKCS#12 cifrado)"),
        blank=True,
        default=b"",
        help_text=_(
            "A mesma chave, cifrada com o segredo da aplicação; aberta somente depois de um "
            "código válido do segundo fator do usuário (vazio se ele não tem segundo fator)."
        ),
    )
    subject = models.CharField(_("titular do certificado"), max_length=200)
    serial = models.CharField(_("número de série"), max_length=64)
    not_after = models.DateTimeField(_("válido até"))
    created_at = models.DateTimeField(_("criada em"), auto_now_add=True)
    revoked_at = models.DateTimeField(_("revogada em"), null=True, blank=True)
    revoked_reason = models.CharField(_("motivo da revogação"), max_length=200, blank=True)

    class Meta:
        verbose_name = _("chave de assinatura")
        verbose_name_plural = _("chaves de assinatura")
        constraints = [
            models.UniqueConstraint(
                fields=["user"], condition=models.Q(revoked_at__isnull=True),
                name="one_active_signing_key",
            )
        ]

    def __str__(self) -> str:
        return f"{self.subject} ({self.serial})"


class UploadVerdict(models.Model):
    """What the offline validator found in an uploaded PDF (documents.signing.uploads),
    kept once per file and per set of trusted roots: a file never changes under its
    SHA-256, so a case page reads its checklist's verdicts in one statement instead of
    opening and validating every PDF at each view."""

    sha256 = models.CharField(_("SHA-256 do arquivo"), max_length=64)
    trust = models.CharField(
        _("raízes confiáveis"),
        max_length=64,
        help_text=_("Resumo das raízes de confiança contra as quais o arquivo foi conferido."),
    )
    signed = models.BooleanField(_("assinado"))
    signer = models.CharField(_("signatário"), max_length=200, blank=True)
    cpf = models.CharField(_("CPF do certificado"), max_length=11, blank=True)
    ok = models.BooleanField(
        _("assinatura válida"),
        default=False,
        help_text=_("Inalterado desde a assinatura e encadeado a uma raiz confiável."),
    )
    judged_at = models.DateTimeField(_("conferido em"), auto_now_add=True)

    class Meta:
        verbose_name = _("conferência de assinatura de arquivo enviado")
        verbose_name_plural = _("conferências de assinatura de arquivos enviados")
        constraints = [
            models.UniqueConstraint(fields=["sha256", "trust"], name="upload_verdict_file_trust")
        ]

    def __str__(self) -> str:
        return f"{self.sha256[:12]}…: {self.signer or '—'}"
