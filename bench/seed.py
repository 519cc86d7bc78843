"""Seed the bench database straight in SQL (INSERT … SELECT generate_series).

Every table is filled by one statement; the columns come from the models, so a field added
later gets a value without touching this file: a column the seed does not name gets its
field's default, NULL when it may be null, or a plain value of its type (the first choice
when it has choices). Unique columns and foreign keys are named here.

Shape, for N cases (A = N / 4 drivers, each with a vehicle, an authorization and an IM):
every kind in turn (case g has kind g mod K, K the number of kinds); a case is open when
g mod 100 < 47 (about 470,000 open of 1,000,000, as in issue 13), in its kind's initial
state, else closed in one of its kind's final states (a kind of KIND_STATES spreads its
open and closed cases over several: violation notices issued, sent, notified and overdue,
paid, final, annulled and archived, each with its fine and the day it was received); 3
audit events and 1 deadline row each (pending for an open case, due between 30 days ago
and 90 days ahead; done for a closed one). Renewals of expired IMs (g mod 50 = 7) are held
overdue by their kind's rule. What the pages read beside: `seed_reads`, `town_registers`.
"""

from __future__ import annotations

import datetime as dt
import decimal
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django.db import connection, models

KIND_ORDER_FIRST = ("violation",)  # appeals point at a notice
# A kind whose pages read its later states: its open cases take these states in turn, and
# its closed ones these final states, instead of the initial state and the first final one
# (a notice notified or overdue may be appealed and paid, Arts. 55 and 63: the appeal form
# and the payment guide read one).
KIND_STATES = {
    "violation": (
        ("issued", "notification_sent", "notified", "overdue"),
        ("paid", "final", "annulled", "archived"),
    )
}
# A town's registers, whatever the size (town_registers), and what the pages read (seed_reads).
TARIFF_YEARS = 5  # a table a year, the first enacted (Art. 29), the others adjusted (Art. 31)
ASSOCIATIONS = 4
MEMBERS = 30  # each association's (Art. 3 §1 III asks for 20)
EXECUTIVE_PER_ASSOCIATION = 2
EXECUTIVE_VEHICLES = ASSOCIATIONS * EXECUTIVE_PER_ASSOCIATION
EXPORT_JOBS = 20
SIGNATURE_PENDING = 50  # one official document in 50 still waits for its seal

# The notices' fine: item I of Art. 58 (group 1) at a VRTE of the year (Art. 54).
VRTE = decimal.Decimal("4.7703")
# Columns whose plain value a page cannot show (a notice's item must be one of Art. 58, its
# fine is in VRTE and reais, it was received when notified). "{state}" is the case's state.
NOTIFIED_STATES = "('notified', 'overdue', 'paid', 'final')"


def _kind_values(now: dt.datetime) -> dict[str, dict[str, str]]:
    from law.infractions import infraction

    item = infraction("I")
    occurred = f"({_literal(now)} - (g || ' minutes')::interval)"
    received = f"LEAST({_literal(now.date())}, {occurred}::date + 5)"
    return {
        "workflows_violationnotice": {
            "item": _literal(item.item),
            "place": "'Avenida Central, ' || g",
            "occurred_at": occurred,
            "issued_on": f"{occurred}::date",
            "fine_vrte": _literal(item.fine_vrte),
            "vrte_value": _literal(VRTE),
            "fine_reais": _literal((item.fine_vrte * VRTE).quantize(decimal.Decimal("0.01"))),
            "assessment": _literal({"points": item.points}),
            "received_on": f"CASE WHEN {{state}} IN {NOTIFIED_STATES} THEN {received} END",
            "paid_on": f"CASE WHEN {{state}} = 'paid' THEN {received} END",
        }
    }


@dataclass
class SeedReport:
    cases: int
    seconds: float = 0.0
    tables: dict[str, int] = field(default_factory=dict)


def _literal(value: Any) -> str:
    if value is None:
        return "NULL"
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, (int, float, decimal.Decimal)):
        return str(value)
    if isinstance(value, dt.datetime):
        return f"'{value.isoformat()}'::timestamptz"
    if isinstance(value, dt.date):
        return f"'{value.isoformat()}'::date"
    if isinstance(value, (dict, list)):
        import json

        return "'" + json.dumps(value).replace("'", "''") + "'::jsonb"
    return "'" + str(value).replace("'", "''") + "'"


def _plain(f: models.Field, now: dt.datetime) -> str:
    if f.has_default():
        default = f.get_default()
        if not callable(default):
            return _literal(default)
    if f.null:
        return "NULL"
    if f.choices:
        return _literal(f.choices[0][0])
    if isinstance(f, models.BooleanField):
        return "FALSE"
    if isinstance(f, (models.IntegerField, models.DecimalField, models.FloatField)):
        return "1"
    if isinstance(f, models.DateTimeField):
        return _literal(now)
    if isinstance(f, models.DateField):
        return _literal(now.date())
    if isinstance(f, models.JSONField):
        return "'{}'::jsonb"
    if isinstance(f, models.ForeignKey):
        raise ValueError(f"{f.model.__name__}.{f.name}: name a value for this foreign key")
    return "''"


def insert_select(
    model: type[models.Model],
    source: str,
    values: dict[str, str],
    now: dt.datetime,
    *,
    local_only: bool = False,
) -> int:
    """INSERT INTO model's table SELECT … FROM source: `values` maps columns to SQL."""
    fields = model._meta.local_concrete_fields if local_only else model._meta.concrete_fields
    # A generated column (Driver.name_key) is the database's to write.
    fields = [f for f in fields if not isinstance(f, models.GeneratedField)]
    columns = [f.column for f in fields if f.column in values or not f.primary_key]
    exprs = [
        values[c] if c in values else _plain(model._meta.get_field_by_column(c), now)
        for c in columns
    ]
    quoted = [connection.ops.quote_name(c) for c in columns]
    sql = (
        f"INSERT INTO {model._meta.db_table} ({', '.join(quoted)}) "
        f"SELECT {', '.join(exprs)} FROM {source}"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql)
        return cursor.rowcount


def _field_by_column(meta: Any, column: str) -> models.Field:
    for f in meta.concrete_fields:
        if f.column == column:
            return f
    raise KeyError(column)


models.options.Options.get_field_by_column = _field_by_column  # type: ignore[attr-defined]


def seed(
    *,
    cases: int,
    today: dt.date,
    agent_id: int,
    clerk_id: int,
    timer: Callable[[], float] = time.perf_counter,
) -> SeedReport:
    """Fill an empty, migrated database with `cases` cases and their registers (the fiscal
    agent `agent_id` issued the notices; the clerk `clerk_id` kept the registers)."""
    from cases.models import AuditEvent, Case, Deadline
    from cases.workflow import all_workflows
    from registers.models import Authorization, Driver, MunicipalRegistration, Vehicle

    report = SeedReport(cases=cases)
    now = dt.datetime.combine(today, dt.time(12), tzinfo=dt.UTC)
    drivers = max(1, cases // 4)
    started = timer()
    gs = f"generate_series(1, {drivers}) AS g"
    report.tables["registers_driver"] = insert_select(
        Driver,
        gs,
        {
            "id": "g",
            "user_id": "NULL",
            "titular_id": "NULL",
            "kind": "'holder'",
            "name": "'Condutor ' || g",
            "cpf": "lpad(g::text, 11, '0')",
            "cnh_number": "'9' || lpad(g::text, 10, '0')",
            "cnh_expires_on": _literal(today + dt.timedelta(days=900)),
        },
        now,
    )
    report.tables["registers_vehicle"] = insert_select(
        Vehicle,
        # The drivers' taxis, then the associations' executive taxis (town_registers).
        f"generate_series(1, {drivers + EXECUTIVE_VEHICLES}) AS g",
        {
            "id": "g",
            "owner_id": "NULL",
            # ABC1234 style: three letters from g, four digits.
            "plate": "chr(65 + (g / 260000) % 26) || chr(65 + (g / 10000) % 26) || "
            "chr(65 + (g / 676) % 26) || lpad((g % 10000)::text, 4, '0')",
            "renavam": "lpad(g::text, 11, '0')",
            "manufacture_year": "2022",
            "doors": "4",
            "capacity": "5",
        },
        now,
    )
    report.tables["registers_authorization"] = insert_select(
        Authorization,
        gs,
        {
            "id": "g",
            "number": "'TA-' || g",
            "holder_id": "g",
            "vehicle_id": "g",
            "status": "'active'",
            "granted_on": _literal(today - dt.timedelta(days=400)),
            "ended_on": "NULL",
        },
        now,
    )
    report.tables["registers_municipalregistration"] = insert_select(
        MunicipalRegistration,
        gs,
        {
            "id": "g",
            "number": "'IM-' || g",
            "authorization_id": "g",
            "vehicle_id": "g",
            "valid_from": _literal(today - dt.timedelta(days=100)),
            "valid_until": _literal(today + dt.timedelta(days=265)),
            "status": "'valid'",
        },
        now,
    )

    workflows = sorted(all_workflows(), key=lambda w: (w.kind not in KIND_ORDER_FIRST, w.kind))
    kinds = len(workflows)
    per_year = 900_000
    case_sql = f"generate_series(1, {cases}) AS g"
    kind_case = "CASE g % {n} {whens} END".format(
        n=kinds, whens=" ".join(f"WHEN {i} THEN '{w.kind}'" for i, w in enumerate(workflows))
    )

    def kind_state(w: Any) -> str:
        """The state of case g of kind w: open when g mod 100 < 47."""
        final = sorted(w.final_states)[0] if w.final_states else w.initial
        opened, closed = _literal(w.initial), _literal(final)
        if w.kind == "renewal":
            opened = f"CASE WHEN g % 50 = 7 THEN 'expired' ELSE {_literal(w.initial)} END"
        if w.kind in KIND_STATES:
            # In turn over the kind's own cases (g / kinds counts them).
            opened, closed = (
                f"(ARRAY[{', '.join(map(_literal, states))}])[(g / {kinds}) % {len(states)} + 1]"
                for states in KIND_STATES[w.kind]
            )
        return f"CASE WHEN g % 100 < 47 THEN {opened} ELSE {closed} END"

    def state_expr() -> str:
        whens = " ".join(f"WHEN {i} THEN {kind_state(w)}" for i, w in enumerate(workflows))
        return f"CASE g % {kinds} {whens} END"

    report.tables["cases_case"] = insert_select(
        Case,
        case_sql,
        {
            "id": "g",
            "number": f"(2000 + g / {per_year})::text || '/' "
            f"|| lpad((g % {per_year} + 1)::text, 6, '0')",
            "year": f"2000 + g / {per_year}",
            "sequence": f"g % {per_year} + 1",
            "kind": kind_case,
            "state": state_expr(),
            "applicant_id": f"g % {drivers} + 1",
            "authorization_id": f"g % {drivers} + 1",
            "filed_by_id": "NULL",
            "assignee_id": f"CASE WHEN g % 3 = 0 THEN {agent_id} ELSE NULL END",
            "opened_at": f"{_literal(now)} - (g || ' minutes')::interval",
            # A case closes within four months of its filing, never after now: closings
            # spread over the months as filings do (all of them "now" would put half the
            # register's closings in the current month, a month no municipality has).
            "closed_at": f"CASE WHEN g % 100 < 47 THEN NULL ELSE LEAST({_literal(now)}, "
            f"{_literal(now)} - (g || ' minutes')::interval + (g % 120 || ' days')::interval) END",
            "updated_at": _literal(now),
            "next_due_on": "NULL",
            "overdue_by_rule": "FALSE",
        },
        now,
    )
    kind_values = _kind_values(now)
    for i, w in enumerate(workflows):
        m = w.model
        ref = {
            "Vehicle": f"g % {drivers} + 1",
            "Driver": f"g % {drivers} + 1",
            "MunicipalRegistration": f"g % {drivers} + 1",
            "User": str(agent_id),
            "ViolationNotice": "(SELECT min(case_ptr_id) FROM workflows_violationnotice)",
        }
        values = {}
        for f in m._meta.local_concrete_fields:
            if f.primary_key or getattr(f, "parent_link", False):
                values[f.column] = "g"
            elif isinstance(f, models.ForeignKey) and not f.null:
                values[f.column] = ref[f.related_model.__name__]
        values[m._meta.pk.column] = "g"
        for column, sql in kind_values.get(m._meta.db_table, {}).items():
            values[column] = sql.replace("{state}", f"({kind_state(w)})")
        report.tables[m._meta.db_table] = insert_select(
            m,
            f"generate_series(1, {cases}) AS g WHERE g % {kinds} = {i}",
            values,
            now,
            local_only=True,
        )
    report.tables["cases_auditevent"] = insert_select(
        AuditEvent,
        (f"generate_series(1, {cases}) AS g CROSS JOIN generate_series(1, 3) AS e"),
        {
            "case_id": "g",
            "actor_id": "NULL",
            "at": f"{_literal(now)} - (g || ' minutes')::interval + (e || ' seconds')::interval",
            "from_state": "''",
            "to_state": "'filed'",
            "transition": "CASE e WHEN 1 THEN 'open' WHEN 2 THEN 'claim' "
            "ELSE 'document_attached' END",
            "article": "''",
            "note": "''",
            "data": "'{}'::jsonb",
        },
        now,
    )
    report.tables["cases_deadline"] = insert_select(
        Deadline,
        case_sql,
        {
            "case_id": "g",
            "authorization_id": "NULL",
            "kind": "'bench.queue'",
            "label": "'Prazo ' || g",
            "due_on": f"{_literal(today)} + ((g::bigint * 7919) % 120 - 30)::int",
            "counting": "'calendar_days'",
            "article": "'Art. 24'",
            "state": "CASE WHEN g % 100 < 47 THEN 'pending' ELSE 'done' END",
            "attempts": "0",
            "next_attempt_at": "NULL",
            "last_error": "''",
            "created_at": _literal(now),
            "resolved_at": "NULL",
        },
        now,
    )
    with connection.cursor() as cursor:
        cursor.execute("""
            UPDATE cases_case c SET next_due_on = d.first
            FROM (SELECT case_id, MIN(due_on) AS first FROM cases_deadline
                  WHERE state = 'pending' AND case_id IS NOT NULL GROUP BY case_id) d
            WHERE d.case_id = c.id""")
        # Renewals of expired IMs: the IM expired, and the kind's rule holds the case.
        cursor.execute("""
            UPDATE registers_municipalregistration r SET status = 'expired'
            FROM renewal_renewalcase rc JOIN cases_case c ON c.id = rc.case_ptr_id
            WHERE rc.registration_id = r.id AND c.state = 'expired' AND c.closed_at IS NULL""")
        for table in (
            "registers_driver",
            "registers_vehicle",
            "registers_authorization",
            "registers_municipalregistration",
            "cases_case",
            "cases_auditevent",
            "cases_deadline",
        ):
            cursor.execute(
                f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                f"(SELECT max(id) FROM {table}))"
            )
    from cases.services.commission import cases_commission_refresh
    from cases.services.overdue import cases_overdue_refresh

    cases_overdue_refresh()
    cases_commission_refresh()
    # Drawing and sealing the one PDF is WeasyPrint's and pyHanko's time, the same at every
    # size: left out of the seed's figure (compared with a COPY of the rows).
    paused = timer()
    pdf = official_pdf(cases=cases, now=now)
    started += timer() - paused
    report.tables.update(
        seed_reads(
            cases=cases, today=today, now=now, agent_id=agent_id, clerk_id=clerk_id, pdf=pdf
        )
    )
    report.seconds = timer() - started
    # What a bulk load ends with (autovacuum would do it soon after, on its own schedule):
    # statistics, and the visibility map that lets the queue's counts read indexes only.
    with connection.cursor() as cursor:
        cursor.execute("VACUUM ANALYZE")
    return report


BENCH_FILE = "bench/document.pdf"
BENCH_PDF = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"
BENCH_EXPORT = "bench/export.csv"
BENCH_CSV = (
    "Número;Tipo;Situação;Interessado;Termo;Aberto em;Encerrado em\r\n"
    "2000/000002;Auto de Infração;Lavrado;Condutor 2;TA-2;2026-01-05 09:00;\r\n"
    "2000/000003;Renovação;Deferido;Condutor 3;TA-3;2026-01-05 09:01;2026-02-01 10:00\r\n"
).encode()

def _stored(name: str, content: bytes) -> str:
    """`name` in the default storage, written once: every seeded row that names it finds it
    (a row whose file is missing answers 404)."""
    from django.core.files.base import ContentFile
    from django.core.files.storage import default_storage

    if not default_storage.exists(name):
        saved = default_storage.save(name, ContentFile(content))
        assert saved == name, saved
    return name


# Verification codes as the application makes them (documents.codes: CODE_LENGTH letters
# of CODE_ALPHABET), one per g and never twice: g times an odd number, modulo 32**10,
# written in base 32.
CODE_MULTIPLIER = 5_170_734_157_913


def verification_code_sql(g: str) -> str:
    from documents.codes import CODE_ALPHABET, CODE_LENGTH

    mixed = f"(({g})::numeric * {CODE_MULTIPLIER} % {32**CODE_LENGTH})::bigint"
    return " || ".join(
        f"substr('{CODE_ALPHABET}', (({mixed} >> {5 * i}) & 31)::int + 1, 1)"
        for i in range(CODE_LENGTH)
    )


def verification_code(g: int) -> str:
    """The code `verification_code_sql` gives document g."""
    from documents.codes import CODE_ALPHABET, CODE_LENGTH

    mixed = g * CODE_MULTIPLIER & (32**CODE_LENGTH - 1)
    return "".join(CODE_ALPHABET[(mixed >> 5 * i) & 31] for i in range(CODE_LENGTH))


@dataclass(frozen=True)
class OfficialPdf:
    """The one PDF every seeded official document names, sealed and before its seal."""

    case_id: int
    context: dict[str, Any]
    sealed: str
    sealed_sha256: str
    unsealed: str
    unsealed_sha256: str


def official_pdf(*, cases: int, now: dt.datetime) -> OfficialPdf | None:
    """A seeded notice's Auto de Infração, drawn and sealed once by the application's own
    code (`documents.services.document_pdf`, `documents.signing.services.seal_apply`) with
    the development chain (`documents.signing.devchain`, as the demo and the tests sign),
    and stored; None when the seed has no official document (under 20 cases). The notice
    is the first whose case carries an official document (case g, g mod 20 = 0), so that
    document's row gets the context its PDF was drawn from."""
    import hashlib
    from pathlib import Path

    from django.conf import settings
    from django.db.models.functions import Mod

    from documents.models import OfficialDocument
    from documents.services import context_freeze, document_pdf
    from documents.signing.devchain import dev_chain_create
    from documents.signing.services import seal_apply
    from workflows.violation.models import ViolationNotice
    from workflows.violation.services.issue import violation_notice_context

    if cases < 20:
        return None
    notices = ViolationNotice.objects.select_related("vehicle", "agent", "applicant")
    notice = (
        notices.annotate(r=Mod("pk", 20)).filter(r=0).order_by("pk").first()
        or notices.order_by("pk").first()
    )
    assert notice is not None  # case 12 is a notice
    g = notice.pk
    context = context_freeze(violation_notice_context(notice))
    # As the document row of case g is seeded (seed_reads): number, code, date.
    document = OfficialDocument(
        kind=OfficialDocument.Kind.VIOLATION_NOTICE,
        number=f"AI-{g}",
        year=2026,
        sequence=g,
        verification_code=verification_code(g),
        case_id=g,
        issued_at=now,
        context=context,
    )
    dev_chain_create(Path(settings.SIGNING_DEV_CHAIN_DIR))
    pdf = document_pdf(document)
    sealed = seal_apply(document, pdf)
    if not sealed.sealed:
        raise RuntimeError(f"the bench's official document was not sealed: {sealed.error}")
    digests = [hashlib.sha256(content).hexdigest() for content in (sealed.pdf, pdf)]
    return OfficialPdf(
        case_id=g if g % 20 == 0 else 0,
        context=context,
        # Named by their digest: a kept seed's rows still find their own file.
        sealed=_stored(f"bench/official-{digests[0][:16]}.pdf", sealed.pdf),
        sealed_sha256=digests[0],
        unsealed=_stored(f"bench/official-unsealed-{digests[1][:16]}.pdf", pdf),
        unsealed_sha256=digests[1],
    )


def seed_reads(
    *,
    cases: int,
    today: dt.date,
    now: dt.datetime,
    agent_id: int,
    clerk_id: int,
    pdf: OfficialPdf | None = None,
) -> dict[str, int]:
    """What the pages read beside the cases: documents (one case in 10, each with the verdict
    on its signature), notifications (one in 5; a registered letter with its scanned AR for
    one in 20), official documents (one in 20, every one rendered to `pdf`), the LGPD read
    log (one row per case), points (one per notice), lost items (one case in 100, most
    handed in against a receipt), the clerk's finished exports, and a town's few stands,
    register imports, tariff tables, associations and VRTE values whatever the size."""
    from accounts.models import PersonalDataAccess
    from cases.models import Document
    from documents.models import OfficialDocument, UploadVerdict
    from documents.signing.uploads import upload_trust
    from municipal.models import LostItem, Stand
    from municipal.services.lost_property import RECEIPT_PREFIX
    from notifications.models import Notification
    from register_import.models import ImportJob
    from registers.models import PointRecord
    from workspace.models import ExportJob

    drivers = max(1, cases // 4)
    owner = f"g % {drivers} + 1"
    tables: dict[str, int] = {}
    _stored(BENCH_FILE, BENCH_PDF)
    tables["cases_document"] = insert_select(
        Document,
        f"generate_series(10, {cases}, 10) AS g",
        {
            "case_id": "g",
            "item": "'cnh'",
            "file": f"'{BENCH_FILE}'",
            "original_name": "'cnh-' || g || '.pdf'",
            "content_type": "'application/pdf'",
            "size": "1000",
            "sha256": "md5(g::text) || md5(g::text)",
            "uploaded_by_id": str(agent_id),
            "uploaded_at": f"{_literal(now)} - (g || ' minutes')::interval",
        },
        now,
    )
    # Each upload judged once, as the clerk's first view of its checklist leaves it
    # (documents.signing.uploads): the seeded PDF carries no signature.
    tables["documents_uploadverdict"] = insert_select(
        UploadVerdict,
        f"generate_series(10, {cases}, 10) AS g",
        {
            "sha256": "md5(g::text) || md5(g::text)",
            "trust": _literal(upload_trust()),
            "signed": "false",
            "ok": "false",
        },
        now,
    )
    # One notice in four goes by registered post with AR (Art. 46); a delivered one has its
    # tracking code, dates and scanned AR card.
    letter = "g % 20 = 0"
    delivered = f"{letter} AND g % 3 <> 0"
    created = f"({_literal(now)} - (g || ' minutes')::interval)"

    def day(after: int) -> str:
        return f"LEAST({_literal(today)}, {created}::date + {after})"

    tables["notifications_notification"] = insert_select(
        Notification,
        f"generate_series(5, {cases}, 5) AS g",
        {
            "case_id": "g",
            "recipient_id": owner,
            "address": f"CASE WHEN {letter} THEN 'Rua ' || g || ', Mantenópolis' "
            "ELSE 'condutor' || g || '@example.org' END",
            "channel": f"CASE WHEN {letter} THEN 'registered_post' ELSE 'email' END",
            "template": "'bench'",
            "subject": "'Processo ' || g",
            "body": "'Aviso do processo ' || g",
            "status": "CASE WHEN g % 3 = 0 THEN 'queued' ELSE 'delivered' END",
            "created_at": created,
            "legal": letter,
            "tracking_code": f"CASE WHEN {delivered} THEN 'JT' || lpad(g::text, 9, '0') || 'BR' "
            "ELSE '' END",
            "posted_on": f"CASE WHEN {delivered} THEN {day(1)} END",
            "delivered_on": f"CASE WHEN {delivered} THEN {day(4)} END",
            "received_on": f"CASE WHEN {delivered} THEN {day(4)} END",
            "ar_attached_on": f"CASE WHEN {delivered} THEN {day(6)} END",
            "receiver_name": f"CASE WHEN {delivered} THEN 'Condutor ' || ({owner}) ELSE '' END",
            "ar_scan": f"CASE WHEN {delivered} THEN '{BENCH_FILE}' ELSE '' END",
        },
        now,
    )
    # Every official document rendered, to the one PDF; one in SIGNATURE_PENDING left
    # unsealed, "assinatura pendente" (its seal failed, the worker tries again).
    pending = f"g % {20 * SIGNATURE_PENDING} = 0"
    rendered = (
        {
            "status": "'ready'",
            "rendered_at": _literal(now),
            "file": f"CASE WHEN {pending} THEN {_literal(pdf.unsealed)} "
            f"ELSE {_literal(pdf.sealed)} END",
            "sha256": f"CASE WHEN {pending} THEN {_literal(pdf.unsealed_sha256)} "
            f"ELSE {_literal(pdf.sealed_sha256)} END",
            "signature": f"CASE WHEN {pending} THEN 'pending' ELSE 'signed' END",
            "signature_error": f"CASE WHEN {pending} THEN "
            "'SigningUnavailable: o servidor de carimbo do tempo não respondeu' ELSE '' END",
            "sealed_at": f"CASE WHEN {pending} THEN NULL ELSE {_literal(now)} END",
            "context": f"CASE WHEN g = {pdf.case_id} THEN {_literal(pdf.context)} "
            "ELSE '{}'::jsonb END",
        }
        if pdf is not None
        else {"status": "'pending'"}  # no PDF: "ready" would promise a file
    )
    tables["documents_officialdocument"] = insert_select(
        OfficialDocument,
        f"generate_series(20, {cases}, 20) AS g",
        {
            "kind": "'violation_notice'",
            "number": "'AI-' || g",
            "year": "2026",
            "sequence": "g",
            "verification_code": verification_code_sql("g"),
            "case_id": "g",
            "authorization_id": owner,
            "registration_id": "NULL",
            "issued_by_id": "NULL",
            "issued_at": _literal(now),
            **rendered,
        },
        now,
    )
    tables["accounts_personaldataaccess"] = insert_select(
        PersonalDataAccess,
        f"generate_series(1, {cases}) AS g",
        {
            "at": f"{_literal(now)} - (g || ' minutes')::interval",
            "user_id": str(agent_id),
            "driver_id": owner,
            "case_id": "g",
            "channel": "CASE WHEN g % 2 = 0 THEN 'page' ELSE 'api' END",
            "path": "'/processos/' || g || '/'",
        },
        now,
    )
    tables["registers_pointrecord"] = insert_select(
        PointRecord,
        "workflows_violationnotice v CROSS JOIN LATERAL (SELECT v.case_ptr_id AS g) AS x",
        {
            "driver_id": owner,
            "violation_id": "g",
            "points": "(3 + g % 5)",
            "on": f"{_literal(today)} - (g % 1000)::int",
        },
        now,
    )
    # Lost items: one in three reported and waiting, closed (returned to the owner) or in
    # the Prefeitura's custody; every one handed in has its numbered receipt (Art. 37 XVIII).
    found = f"({_literal(today)} - (g % 400)::int)"
    handed = f"LEAST({_literal(today)}, {found} + 1)"
    waiting = "g % 300 = 0"
    closed = "g % 3 = 1"
    receipt_year = f"extract(year FROM {handed})::int"

    def handed_in(sql: str, otherwise: str = "NULL") -> str:
        return f"CASE WHEN {waiting} THEN {otherwise} ELSE {sql} END"

    tables["municipal_lostitem"] = insert_select(
        LostItem,
        f"generate_series(100, {cases}, 100) AS g",
        {
            "description": "'Objeto ' || g",
            "found_on": found,
            "authorization_id": owner,
            "driver_id": owner,
            "due_on": f"{found} + 2",
            "deadline_id": "NULL",
            "status": f"CASE WHEN {waiting} THEN 'reported' WHEN {closed} THEN 'closed' "
            "ELSE 'in_custody' END",
            "reported_by_id": str(agent_id),
            "receipt_number": handed_in(
                f"'{RECEIPT_PREFIX}-' || {receipt_year} || '/' || lpad((g / 100)::text, 6, '0')"
            ),
            "receipt_year": handed_in(receipt_year),
            "receipt_sequence": handed_in("g / 100"),
            "handed_in_on": handed_in(handed),
            "received_by_id": handed_in(str(clerk_id)),
            "storage": handed_in("'Armário ' || (g % 10 + 1)", "''"),
            "destination": f"CASE WHEN {closed} AND NOT {waiting} THEN "
            f"{_literal(LostItem.Destination.RETURNED)} ELSE '' END",
            "owner_name": f"CASE WHEN {closed} AND NOT {waiting} THEN 'Passageiro ' || g "
            "ELSE '' END",
            "closed_on": f"CASE WHEN {closed} AND NOT {waiting} THEN {handed} END",
            "closed_by_id": f"CASE WHEN {closed} AND NOT {waiting} THEN {clerk_id} END",
        },
        now,
    )
    tables["municipal_stand"] = insert_select(
        Stand, "generate_series(1, 40) AS g", {"name": "'Ponto ' || g"}, now
    )
    tables["register_import_importjob"] = insert_select(
        ImportJob,
        "generate_series(1, 20) AS g",
        {
            "file_name": "'termos-' || g || '.csv'",
            "status": "'done'",
            "created_by_id": str(agent_id),
            "created_at": _literal(now),
        },
        now,
    )
    # The clerk's finished exports, each with its file (the job's page, progress, file).
    _stored(BENCH_EXPORT, BENCH_CSV)
    tables["workspace_exportjob"] = insert_select(
        ExportJob,
        f"generate_series(1, {EXPORT_JOBS}) AS g",
        {
            "owner_id": str(clerk_id),
            "dataset": "'cases'",
            "params": "'{}'::jsonb",
            "format": "'csv'",
            "status": "'done'",
            "total": "2",
            "done": "2",
            "file": f"'{BENCH_EXPORT}'",
            "created_at": f"{_literal(now)} - (g || ' hours')::interval",
            "finished_at": f"{_literal(now)} - (g || ' hours')::interval + interval '1 minute'",
        },
        now,
    )
    tables.update(town_registers(drivers=drivers, today=today, now=now, clerk_id=clerk_id))
    return tables


def town_registers(
    *, drivers: int, today: dt.date, now: dt.datetime, clerk_id: int
) -> dict[str, int]:
    """A town's tariff tables with their items (Arts. 29-31), its associations with their
    members, executive taxis and their uses (Art. 3), and the VRTE of recent years (Art. 54):
    a few rows each, whatever the size. The executive taxis are the vehicles after the
    drivers' own (seed: ids drivers + 1 on)."""
    from municipal.demo import DEMO_IGPM, TARIFF_ITEMS
    from municipal.models import (
        Association,
        ExecutiveUse,
        ExecutiveVehicle,
        Membership,
        TariffItem,
        TariffTable,
    )
    from registers.models import VrteValue

    tables: dict[str, int] = {}
    first_year = today.year - TARIFF_YEARS + 1
    year = f"({first_year} + g - 1)"
    published = f"g <= {TARIFF_YEARS}"  # and the next year's adjustment, proposed

    def when_published(sql: str, otherwise: str = "NULL") -> str:
        return f"CASE WHEN {published} THEN {sql} ELSE {otherwise} END"

    act_day = f"make_date({year}, 1, 2)"
    tables["municipal_tarifftable"] = insert_select(
        TariffTable,
        f"generate_series(1, {TARIFF_YEARS + 1}) AS g",
        {
            "id": "g",
            "status": when_published("'published'", "'draft'"),
            "act_number": when_published(f"'Decreto nº ' || (1100 + g) || '/' || {year}", "''"),
            "act_date": when_published(act_day),
            "valid_from": when_published(act_day),
            "adjustment_year": f"CASE WHEN g > 1 THEN {year} END",
            "igpm_percent": f"CASE WHEN g > 1 THEN {DEMO_IGPM} END",
            "based_on_id": "CASE WHEN g > 1 THEN g - 1 END",
            "joint_study": f"CASE WHEN g = 1 THEN 'Estudo tarifário ' || {year} "
            "|| ' com o Sindicato dos Taxistas' ELSE '' END",
            "created_at": _literal(now),
            "created_by_id": str(clerk_id),
            "published_at": when_published(f"{act_day}::timestamptz"),
            "published_by_id": when_published(str(clerk_id)),
        },
        now,
    )
    items = ", ".join(
        f"({_literal(i['code'])}, {_literal(i['label'])}, {_literal(i['unit'])}, "
        f"{i['value']}, {position})"
        for position, i in enumerate(TARIFF_ITEMS)
    )
    tables["municipal_tariffitem"] = insert_select(
        TariffItem,
        f"generate_series(1, {TARIFF_YEARS + 1}) AS t "
        f"CROSS JOIN (VALUES {items}) AS i(code, label, unit, value, position)",
        {
            "table_id": "t",
            "code": "i.code",
            "label": "i.label",
            "unit": "i.unit",
            # Each year's table the last one adjusted by the IGP-M (Art. 31).
            "value": f"round(i.value * power(1 + {DEMO_IGPM} / 100, t - 1), 2)",
            "position": "i.position",
        },
        now,
    )
    tables["municipal_association"] = insert_select(
        Association,
        f"generate_series(1, {ASSOCIATIONS}) AS g",
        {
            "id": "g",
            "name": "CASE WHEN g % 2 = 1 THEN 'Cooperativa ' ELSE 'Associação ' END "
            "|| 'dos Taxistas ' || g",
            "kind": "CASE WHEN g % 2 = 1 THEN 'cooperative' ELSE 'association' END",
            "cnpj": "lpad(g::text, 8, '0') || '000100'",
            "registered_on": _literal(today - dt.timedelta(days=400)),
            "colour": "'prata'",
            "parking_address": "'Rua do Comércio, ' || (10 * g)",
            "parking_places": str(EXECUTIVE_PER_ASSOCIATION),
            "parking_approved_on": _literal(today - dt.timedelta(days=380)),
            "parking_act": "'Portaria nº ' || g || '/' || " + str(today.year - 1),
        },
        now,
    )
    # MEMBERS drivers each, spread over the register, none in two associations.
    members = min(ASSOCIATIONS * MEMBERS, drivers)
    stride = max(1, drivers // (ASSOCIATIONS * MEMBERS))

    def member_driver(k: str) -> str:
        return f"(1 + ({k} * {stride}) % {drivers})"

    tables["municipal_membership"] = insert_select(
        Membership,
        f"generate_series(0, {members - 1}) AS k",
        {
            "id": "k + 1",
            "association_id": f"k / {MEMBERS} + 1",
            "driver_id": member_driver("k"),
            "since": _literal(today - dt.timedelta(days=300)),
            "ended_on": "NULL",
        },
        now,
    )
    tables["municipal_executivevehicle"] = insert_select(
        ExecutiveVehicle,
        f"generate_series(1, {EXECUTIVE_VEHICLES}) AS g",
        {
            "id": "g",
            "association_id": f"(g - 1) / {EXECUTIVE_PER_ASSOCIATION} + 1",
            "vehicle_id": f"{drivers} + g",
            "seal": "'SELO-' || lpad(g::text, 3, '0')",
            "registered_on": _literal(today - dt.timedelta(days=200)),
        },
        now,
    )
    # Each association's first executive taxi in use by its first member under a contract,
    # his own taxi retained (§§4, 5).
    first_member = f"(a - 1) * {MEMBERS}"
    tables["municipal_executiveuse"] = insert_select(
        ExecutiveUse,
        f"generate_series(1, {ASSOCIATIONS}) AS a WHERE {first_member} < {members}",
        {
            "executive_id": f"(a - 1) * {EXECUTIVE_PER_ASSOCIATION} + 1",
            "membership_id": f"{first_member} + 1",
            "retained_vehicle_id": member_driver(first_member),
            "contract": f"'Contrato nº ' || a || '/{today.year} com o Hotel Central'",
            "started_at": f"{_literal(now)} - (a || ' days')::interval",
            "ended_at": "NULL",
            "recorded_by_id": str(clerk_id),
        },
        now,
    )
    tables["registers_vrtevalue"] = insert_select(
        VrteValue,
        f"generate_series({today.year - 4}, {today.year}) AS y",
        {
            "year": "y",
            "value": f"round({VRTE} / power(1.04, {today.year} - y), 4)",
            "source": "'Decreto estadual de ' || (y - 1)",
        },
        now,
    )
    with connection.cursor() as cursor:
        for table in (
            "municipal_tarifftable",
            "municipal_association",
            "municipal_membership",
            "municipal_executivevehicle",
        ):
            cursor.execute(
                f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                f"(SELECT max(id) FROM {table}))"
            )
    return tables


SEEDED_TABLES = (
    "registers_driver",
    "registers_vehicle",
    "registers_authorization",
    "registers_municipalregistration",
    "cases_case",
    "cases_auditevent",
    "cases_deadline",
    "cases_document",
    "documents_uploadverdict",
    "notifications_notification",
    "documents_officialdocument",
    "accounts_personaldataaccess",
    "registers_pointrecord",
    "municipal_lostitem",
)


def raw_copy_seconds(
    tables: tuple[str, ...], timer: Callable[[], float] = time.perf_counter
) -> float:
    """Time COPY … FROM STDIN of the seeded rows into empty copies of their tables (same
    columns, indexes and checks; no triggers nor foreign keys): the least a seed can cost."""
    total = 0.0
    with connection.cursor() as cursor:
        cursor.execute("DROP SCHEMA IF EXISTS bench_copy CASCADE; CREATE SCHEMA bench_copy")
        raw = cursor.cursor  # psycopg's own cursor, for COPY
        for table in tables:
            cursor.execute(f"CREATE TABLE bench_copy.{table} (LIKE public.{table} INCLUDING ALL)")
            # The columns COPY may write: a generated one is computed by the copy as well.
            cursor.execute(
                "SELECT column_name FROM information_schema.columns WHERE table_schema = "
                "'public' AND table_name = %s AND is_generated = 'NEVER' ORDER BY ordinal_position",
                [table],
            )
            columns = ", ".join(connection.ops.quote_name(row[0]) for row in cursor.fetchall())
            buffer = bytearray()
            with raw.copy(f"COPY (SELECT {columns} FROM public.{table}) TO STDOUT") as copy:
                for chunk in copy:
                    buffer += chunk
            started = timer()
            with raw.copy(f"COPY bench_copy.{table} ({columns}) FROM STDIN") as copy:
                copy.write(bytes(buffer))
            total += timer() - started
        cursor.execute("DROP SCHEMA bench_copy CASCADE")
    return total
