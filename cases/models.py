"""The case engine's tables: cases, their audit trail, deadlines and documents.

Each case kind is a multi-table child of `Case` (in `workflows`) holding its own fields and
its django-fsm transitions; queues and scoping work on `Case` across all kinds.
"""

from __future__ import annotations

import datetime as dt
import functools

import pgtrigger
from django.conf import settings
from django.db import models
from django.db.models.functions import Coalesce
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _
from django_fsm import FSMField, FSMModelMixin

from core.choices import choice_labels


class CaseKind(models.TextChoices):
    APPLICATION = "application", _("Cadastro e outorga de autorização")
    RENEWAL = "renewal", _("Renovação anual da IM")
    SUSPENSION = "suspension", _("Suspensão a pedido")
    TRANSFER = "transfer", _("Transferência de autorização")
    CANCELLATION = "cancellation", _("Cancelamento a pedido")
    AUXILIARY = "auxiliary", _("Taxista auxiliar")
    VEHICLE_SUBSTITUTION = "vehicle_substitution", _("Substituição de veículo")
    VIOLATION = "violation", _("Auto de infração")
    APPEAL = "appeal", _("Recurso")
    REVOCATION = "revocation", _("Cassação")
    CLANDESTINE = "clandestine", _("Transporte clandestino")
    COMPLAINT = "complaint", _("Reclamação de passageiro")
    ADVERTISING = "advertising", _("Autorização de publicidade")


@functools.lru_cache(maxsize=16)
def _kind_labels(language: str) -> dict[str, str]:
    return {value: str(label) for value, label in CaseKind.choices}


def kind_label(kind: str) -> str:
    """The kind's name in the active language, translated once per language (a list of
    cases asks it for every row; Django's own `get_FOO_display` translates every choice)."""
    return _kind_labels(get_language() or "").get(kind, kind)


class CaseSequence(models.Model):
    """The last number given in a year; locked while a case is opened so numbers have no gaps."""

    year = models.PositiveSmallIntegerField(primary_key=True)
    last = models.PositiveIntegerField(default=0)

    class Meta:
        verbose_name = _("sequência de numeração")

    def __str__(self) -> str:
        return f"{self.year}: {self.last}"


# The queue's order puts cases without a pending deadline last. A plain NULLS LAST column
# cannot carry a keyset cursor in one index range (a row comparison with NULL is NULL), so
# the order and its indexes use the next due date with "no deadline" as the last day there is.
NO_DEADLINE = dt.date.max


def queue_due_key() -> Coalesce:
    """The first column of the queue's order: the next due date, no deadline last."""
    return Coalesce("next_due_on", models.Value(NO_DEADLINE, output_field=models.DateField()))


# The due date itself rides along in each queue index: PostgreSQL answers from the index
# alone (no table page read per entry) only when every column the query names is in it, and
# the order's first column names `next_due_on` inside an expression. The capped counts of
# the queue and its header then read a few index pages instead of a thousand table pages.
QUEUE_INDEX_INCLUDE = ("next_due_on",)


# The commission's cases (`Case.before_commission`) as partial indexes: every list it
# reads walks its own cases in the list's order, never the others skipped one by one.
_JUDGED = models.Q(before_commission=True)


def _open_queue_index(name: str, *leading: str, judged: bool = False) -> models.Index:
    """A partial index on open cases in the queue's order, after an equality filter
    (`judged`: of the cases before the appeal commission only)."""
    condition = models.Q(closed_at__isnull=True)
    if judged:
        condition &= _JUDGED
    return models.Index(
        *(models.F(field) for field in leading),
        queue_due_key(),
        models.F("opened_at"),
        models.F("id"),
        name=name,
        condition=condition,
        include=QUEUE_INDEX_INCLUDE,
    )


class Case(FSMModelMixin, models.Model):
    number = models.CharField(_("número"), max_length=11, unique=True, help_text="AAAA/NNNNNN")
    year = models.PositiveSmallIntegerField(_("ano"))
    sequence = models.PositiveIntegerField(_("sequência no ano"))
    kind = models.CharField(_("tipo"), max_length=32, choices=CaseKind.choices, db_index=True)
    state = FSMField(_("situação"), max_length=40, protected=True, db_index=True)
    applicant = models.ForeignKey(
        "registers.Driver",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="cases",
        verbose_name=_("interessado"),
    )
    authorization = models.ForeignKey(
        "registers.Authorization",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="cases",
        verbose_name=_("termo de autorização"),
    )
    filed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("protocolado por"),
    )
    assignee = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="assigned_cases",
        verbose_name=_("responsável"),
    )
    opened_at = models.DateTimeField(_("aberto em"))
    closed_at = models.DateTimeField(_("encerrado em"), null=True, blank=True)
    updated_at = models.DateTimeField(_("atualizado em"), auto_now=True)
    # Kept by cases.services.deadlines in the transaction of every write, cancel and
    # resolution of the case's deadline rows: the earliest pending one's last day.
    next_due_on = models.DateField(_("próximo prazo"), null=True, blank=True, editable=False)
    # Kept by cases.services.overdue when the case changes state (and by the kind's own
    # steps that change what its rule reads): overdue whatever its deadlines say, by the
    # kind's rule (`Workflow.overdue_states` / `overdue_lookup`). "A deadline has passed"
    # is not stored: it is `next_due_on < today`, read from the indexed column.
    overdue_by_rule = models.BooleanField(_("vencido pela regra do tipo"), default=False,
                                          editable=False)
    # Kept by cases.services.commission when a case is opened: before the appeal commission
    # (Art. 52) — of a kind it decides, or reached by one (the notice an appeal is about).
    # What the commission may open is this column, read from its own partial indexes; as
    # the rule itself, each of its lists tested a sixth of the cases (issue 25).
    before_commission = models.BooleanField(
        _("perante a comissão de recursos"),
        default=False,
        db_default=False,
        editable=False,
        help_text=_("Processo que a comissão de recursos julga, ou que um processo julgado "
                    "por ela alcança (o auto de um recurso). Art. 52."),
    )
    # The search keys of the names of the case's parties (`Driver.name_key`): its
    # applicant's, and its Termo's holder's when he is someone else (empty otherwise).
    # The database writes them, by triggers (workspace migration 0006), on every write of
    # a case, of a driver's name and of a Termo's holder, however it is made: what Django
    # writes here is replaced. A search naming thousands of drivers walks the newest cases
    # testing these; joining each case's driver and Termo was four fifths of its time
    # (issue 25).
    applicant_key = models.TextField(
        _("interessado (chave de busca)"), default="", db_default="", editable=False
    )
    holder_key = models.TextField(
        _("titular do termo (chave de busca)"), default="", db_default="", editable=False
    )

    class Meta:
        verbose_name = _("processo")
        verbose_name_plural = _("processos")
        ordering = ["-opened_at"]
        constraints = [
            models.UniqueConstraint(fields=["year", "sequence"], name="case_number_per_year")
        ]
        # One per filter of the queue, each in the queue's order, over open cases only.
        indexes = [
            _open_queue_index("case_queue_idx"),
            _open_queue_index("case_queue_kind_idx", "kind"),
            _open_queue_index("case_queue_state_idx", "state"),
            _open_queue_index("case_queue_assignee_idx", "assignee"),
            # The unassigned cases, the pile clerks take work from: their own index, so the
            # plan never walks the whole queue skipping assigned ones (which, where the
            # oldest deadlines are all assigned, is most of it).
            models.Index(
                queue_due_key(),
                models.F("opened_at"),
                models.F("id"),
                name="case_queue_unassigned_idx",
                condition=models.Q(closed_at__isnull=True, assignee__isnull=True),
                include=QUEUE_INDEX_INCLUDE,
            ),
            # Every case, newest first (the API's `closed=1`).
            models.Index(fields=["-opened_at", "-id"], name="case_opened_idx"),
            models.Index(
                queue_due_key(),
                models.F("opened_at"),
                models.F("id"),
                name="case_queue_by_rule_idx",
                condition=models.Q(closed_at__isnull=True, overdue_by_rule=True),
                include=QUEUE_INDEX_INCLUDE,
            ),
            # A case's place in its line (the open cases of its kind in its state, by
            # arrival: `decision_outlooks`), counted from the index alone; through the
            # kind's queue index each case counted was a read of the table (issue 25:
            # 35 ms of the case page at a million cases).
            models.Index(
                "kind", "state", "opened_at", "id",
                name="case_line_idx",
                condition=models.Q(closed_at__isnull=True),
            ),
            # The appeal commission's (Art. 52): its queue and the queue's filters, every
            # case newest first, and a driver's, a vehicle's or a Termo's cases before it.
            _open_queue_index("case_judged_queue_idx", judged=True),
            _open_queue_index("case_judged_queue_kind_idx", "kind", judged=True),
            _open_queue_index("case_judged_queue_state_idx", "state", judged=True),
            models.Index(fields=["-opened_at", "-id"], name="case_judged_opened_idx",
                         condition=_JUDGED),
            # Its open ones newest first, what its search walks by default: half the cases
            # before it are closed, each on a page of its own, and skipping them was half
            # a broad search's walk (issue 25: 7.6 → 3.6 ms at a million cases).
            models.Index(fields=["-opened_at", "-id"], name="case_judged_open_opened_idx",
                         condition=_JUDGED & models.Q(closed_at__isnull=True)),
            models.Index(fields=["applicant"], name="case_judged_applicant_idx",
                         condition=_JUDGED),
            models.Index(fields=["authorization"], name="case_judged_authorization_idx",
                         condition=_JUDGED),
        ]

    def __str__(self) -> str:
        return f"{self.number} ({self.get_kind_display()})"

    def get_kind_display(self) -> str:
        return kind_label(self.kind)

    def specific(self) -> Case:
        """The kind's own model instance (multi-table child) for this case."""
        from cases.workflow import workflow_for

        model = workflow_for(self.kind).model
        if isinstance(self, model):
            return self
        return model.objects.get(pk=self.pk)


@pgtrigger.register(
    pgtrigger.Protect(
        name="audit_events_append_only",
        operation=pgtrigger.Update | pgtrigger.Delete,
    )
)
class AuditEvent(models.Model):
    """One step in a case's timeline, written in the transaction of the change it records."""

    case = models.ForeignKey(
        Case, on_delete=models.PROTECT, related_name="events", verbose_name=_("processo")
    )
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("autor"),
        help_text=_("Vazio: o sistema."),
    )
    at = models.DateTimeField(_("quando"))
    from_state = models.CharField(_("de"), max_length=40, blank=True)
    to_state = models.CharField(_("para"), max_length=40)
    transition = models.CharField(_("ação"), max_length=60)
    article = models.CharField(_("artigo"), max_length=120, blank=True)
    note = models.TextField(_("observação"), blank=True)
    data = models.JSONField(_("dados"), default=dict, blank=True)

    class Meta:
        verbose_name = _("evento")
        verbose_name_plural = _("eventos")
        ordering = ["at", "id"]

    def __str__(self) -> str:
        return f"{self.case.number}: {self.transition} {self.from_state}→{self.to_state}"


class Deadline(models.Model):
    """A legal deadline as a row (DESIGN principle 4): swept, never held by a timer."""

    class State(models.TextChoices):
        PENDING = "pending", _("pendente")
        DONE = "done", _("cumprido")
        MOOT = "moot", _("sem efeito")
        CANCELLED = "cancelled", _("cancelado")
        FAILED = "failed", _("falhou")

    class Counting(models.TextChoices):
        BUSINESS_DAYS = "business_days", _("dias úteis (CPC)")
        CALENDAR_DAYS = "calendar_days", _("dias corridos")
        FIXED_DATE = "fixed_date", _("data fixa")

    case = models.ForeignKey(
        Case,
        on_delete=models.PROTECT,
        related_name="deadlines",
        verbose_name=_("processo"),
        null=True,
        blank=True,
    )
    # A deadline of a register rather than of a case (a vehicle's age limit, Art. 12).
    authorization = models.ForeignKey(
        "registers.Authorization",
        on_delete=models.PROTECT,
        related_name="deadlines",
        verbose_name=_("termo de autorização"),
        null=True,
        blank=True,
    )
    kind = models.CharField(_("tipo"), max_length=60)
    label = models.CharField(_("descrição"), max_length=200)
    due_on = models.DateField(
        _("último dia"), help_text=_("O prazo termina ao fim deste dia (horário de Brasília).")
    )
    counting = models.CharField(_("contagem"), max_length=16, choices=Counting.choices)
    article = models.CharField(_("artigo"), max_length=120)
    # What the last day was computed from, so a day declared closed later can move it
    # (Art. 63; CPC art. 224 §1): the law.deadlines rule and the day the count starts.
    rule = models.CharField(
        _("regra de contagem"), max_length=40, blank=True,
        help_text=_("Código da regra de law.deadlines que calculou o último dia; vazio para "
                    "uma data fixa."),
    )
    starts_on = models.DateField(
        _("início da contagem"), null=True, blank=True,
        help_text=_("Dia a partir do qual o prazo se conta (excluído)."),
    )
    # Why the count starts on `starts_on` (law.deadlines.StartBasis): the AR, a personal
    # delivery, the finding…; empty means the rule's own `starts_from`.
    start_basis = models.CharField(
        _("início contado de"), max_length=24, blank=True,
        help_text=_("O fato de que o prazo se conta (AR, entrega pessoal, constatação…); "
                    "vazio: o da regra."),
    )
    state = models.CharField(
        _("situação"), max_length=12, choices=State.choices, default=State.PENDING
    )
    attempts = models.PositiveSmallIntegerField(_("tentativas"), default=0)
    next_attempt_at = models.DateTimeField(_("próxima tentativa"), null=True, blank=True)
    last_error = models.TextField(_("último erro"), blank=True)
    created_at = models.DateTimeField(_("criado em"), auto_now_add=True)
    resolved_at = models.DateTimeField(_("resolvido em"), null=True, blank=True)

    class Meta:
        verbose_name = _("prazo")
        verbose_name_plural = _("prazos")
        ordering = ["due_on", "id"]
        indexes = [
            models.Index(fields=["state", "due_on"], name="deadline_due_idx"),
            # The sweeper's claim: due rows in order, pending ones only.
            models.Index(
                fields=["due_on", "id"],
                name="deadline_pending_idx",
                condition=models.Q(state="pending"),
            ),
            # A case's next due date, recomputed at each write of its rows.
            models.Index(
                fields=["case", "due_on"],
                name="deadline_case_pending_idx",
                condition=models.Q(state="pending"),
            ),
        ]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(case__isnull=False) | models.Q(authorization__isnull=False),
                name="deadline_has_subject",
            ),
            models.CheckConstraint(
                condition=models.Q(rule="") | models.Q(starts_on__isnull=False),
                name="deadline_rule_has_start",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.label} — {self.due_on:%d/%m/%Y}"


def document_upload_to(instance: Document, filename: str) -> str:
    return f"cases/{instance.case.year}/{instance.case.sequence:06d}/{instance.sha256[:16]}"


class Document(models.Model):
    """A file attached to a case against an item of the kind's checklist."""

    class Review(models.TextChoices):
        PENDING = "pending", _("a conferir")
        ACCEPTED = "accepted", _("aceito")
        REJECTED = "rejected", _("recusado")

    case = models.ForeignKey(
        Case, on_delete=models.PROTECT, related_name="documents", verbose_name=_("processo")
    )
    item = models.CharField(_("item do checklist"), max_length=60)
    file = models.FileField(_("arquivo"), upload_to=document_upload_to)
    original_name = models.CharField(_("nome original"), max_length=200)
    content_type = models.CharField(_("tipo de conteúdo"), max_length=40)
    size = models.PositiveIntegerField(_("tamanho (bytes)"))
    sha256 = models.CharField(_("SHA-256"), max_length=64)
    uploaded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        related_name="+",
        verbose_name=_("enviado por"),
    )
    uploaded_at = models.DateTimeField(_("enviado em"), auto_now_add=True)
    review = models.CharField(
        _("conferência"), max_length=10, choices=Review.choices, default=Review.PENDING
    )
    review_note = models.CharField(_("motivo"), max_length=300, blank=True)

    class Meta:
        verbose_name = _("documento")
        verbose_name_plural = _("documentos")
        ordering = ["uploaded_at", "id"]

    def __str__(self) -> str:
        return f"{self.item}: {self.original_name}"

    # The register files list it for every row: Django's own `get_FOO_display` translates
    # every choice of the field on each call; here once per language (core.choices).
    def get_review_display(self) -> str:
        return choice_labels(Document, "review")(self.review)  # type: ignore[no-any-return]


class ProcessingTime(models.Model):
    """How long the cases of a kind took, from entering a state to their decision (closing),
    as the timeline recorded it (issue 24 §2): the median and the 90th percentile in
    calendar days over the closed cases. Recomputed nightly from `AuditEvent` by
    cases.services.processing_times; read by the portal, the case page and the Carta de
    Serviços (Lei 13.460/2017 art. 7 §2 V: the expected time of the service)."""

    kind = models.CharField(_("tipo"), max_length=32, choices=CaseKind.choices)
    state = models.CharField(_("situação"), max_length=40)
    samples = models.PositiveIntegerField(_("processos medidos"))
    median_days = models.DecimalField(_("mediana (dias)"), max_digits=7, decimal_places=1)
    p90_days = models.PositiveIntegerField(_("percentil 90 (dias)"))
    computed_at = models.DateTimeField(_("calculado em"))

    class Meta:
        verbose_name = _("tempo de atendimento medido")
        verbose_name_plural = _("tempos de atendimento medidos")
        constraints = [
            models.UniqueConstraint(fields=["kind", "state"], name="processing_time_kind_state")
        ]

    def __str__(self) -> str:
        return f"{self.kind}/{self.state}: {self.median_days} / {self.p90_days}"
