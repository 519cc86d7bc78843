"""Seed the bench database straight in SQL (INSERT … SELECT generate_series).

Every table is filled by one statement; the columns come from the models, so a field added
later gets a value without touching this file: a column the seed does not name gets its
field's default, NULL when it may be null, or a plain value of its type (the first choice
when it has choices). Unique columns and foreign keys are named here.

Shape, for N cases (A = N / 4 drivers, each with a vehicle, an authorization and an IM):
every kind in turn (case g has kind g mod 12); a case is open when g mod 100 < 47 (about
470,000 open of 1,000,000, as in issue 13), in its kind's initial state, else closed in one
of its kind's final states; 3 audit events and 1 deadline row each (pending for an open
case, due between 30 days ago and 90 days ahead; done for a closed one). Renewals of
expired IMs (g mod 50 = 7) are held overdue by their kind's rule.
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
# Columns whose plain value a page cannot show (a notice's item must be one of Art. 58).
KIND_VALUES = {"workflows_violationnotice": {"item": "'I'"}}


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
    *, cases: int, today: dt.date, agent_id: int, timer: Callable[[], float] = time.perf_counter
) -> SeedReport:
    """Fill an empty, migrated database with `cases` cases and their registers."""
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
        gs,
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

    def state_expr() -> str:
        whens = []
        for i, w in enumerate(workflows):
            final = sorted(w.final_states)[0] if w.final_states else w.initial
            opened = "'expired'" if w.kind == "renewal" else _literal(w.initial)
            if w.kind == "renewal":
                opened = f"CASE WHEN g % 50 = 7 THEN 'expired' ELSE {_literal(w.initial)} END"
            whens.append(
                f"WHEN {i} THEN CASE WHEN g % 100 < 47 THEN {opened} ELSE {_literal(final)} END"
            )
        return f"CASE g % {kinds} {' '.join(whens)} END"

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
        values.update(KIND_VALUES.get(m._meta.db_table, {}))
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
    report.tables.update(seed_reads(cases=cases, today=today, now=now, agent_id=agent_id))
    report.seconds = timer() - started
    # What a bulk load ends with (autovacuum would do it soon after, on its own schedule):
    # statistics, and the visibility map that lets the queue's counts read indexes only.
    with connection.cursor() as cursor:
        cursor.execute("VACUUM ANALYZE")
    return report


BENCH_FILE = "bench/document.pdf"
BENCH_PDF = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"


def seed_reads(*, cases: int, today: dt.date, now: dt.datetime, agent_id: int) -> dict[str, int]:
    """What the pages read beside the cases: documents (one case in 10), notifications
    (one in 5), official documents (one in 20), the LGPD read log (one row per case),
    points (one per notice), lost items (one case in 100), stands and register imports
    (a town's few, whatever the size)."""
    from accounts.models import PersonalDataAccess
    from cases.models import Document
    from documents.models import OfficialDocument
    from municipal.models import LostItem, Stand
    from notifications.models import Notification
    from register_import.models import ImportJob
    from registers.models import PointRecord

    drivers = max(1, cases // 4)
    owner = f"g % {drivers} + 1"
    tables: dict[str, int] = {}
    # Every uploaded document row names one file that exists, so the download is measured
    # (a row whose file is missing answers 404).
    from django.core.files.base import ContentFile
    from django.core.files.storage import default_storage

    if not default_storage.exists(BENCH_FILE):
        default_storage.save(BENCH_FILE, ContentFile(BENCH_PDF))
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
    tables["notifications_notification"] = insert_select(
        Notification,
        f"generate_series(5, {cases}, 5) AS g",
        {
            "case_id": "g",
            "recipient_id": owner,
            "address": "'condutor' || g || '@example.org'",
            "channel": "'email'",
            "template": "'bench'",
            "subject": "'Processo ' || g",
            "body": "'Aviso do processo ' || g",
            "status": "CASE WHEN g % 3 = 0 THEN 'queued' ELSE 'delivered' END",
            "created_at": f"{_literal(now)} - (g || ' minutes')::interval",
        },
        now,
    )
    tables["documents_officialdocument"] = insert_select(
        OfficialDocument,
        f"generate_series(20, {cases}, 20) AS g",
        {
            "kind": "'violation_notice'",
            "number": "'AI-' || g",
            "year": "2026",
            "sequence": "g",
            "verification_code": "upper(substr(md5(g::text), 1, 16))",
            "case_id": "g",
            "authorization_id": owner,
            "registration_id": "NULL",
            "issued_by_id": "NULL",
            "issued_at": _literal(now),
            "status": "'pending'",  # no PDF is written: "ready" would promise a file
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
    tables["municipal_lostitem"] = insert_select(
        LostItem,
        f"generate_series(100, {cases}, 100) AS g",
        {
            "description": "'Objeto ' || g",
            "found_on": f"{_literal(today)} - (g % 400)::int",
            "authorization_id": owner,
            "driver_id": owner,
            "due_on": f"{_literal(today)} - (g % 400)::int + 2",
            "deadline_id": "NULL",
            "reported_by_id": str(agent_id),
            "received_by_id": "NULL",
            "closed_by_id": "NULL",
            "receipt_number": "NULL",
            "receipt_year": "NULL",
            "receipt_sequence": "NULL",
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
