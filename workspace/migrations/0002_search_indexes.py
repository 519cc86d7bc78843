"""The search key and its trigram indexes (PostgreSQL), and the indexes the dashboard's
date-bounded aggregates read.

`unaccent()` is only STABLE (its dictionary could change), so an index cannot use it
directly: `ws_searchkey` wraps it, naming the dictionary, as IMMUTABLE. On SQLite the
extensions are skipped (CreateExtension does nothing off PostgreSQL) and the function
comes from Python (workspace.search.register_sqlite_functions).
"""

from django.contrib.postgres.operations import TrigramExtension, UnaccentExtension
from django.db import migrations

FUNCTION = r"""
CREATE OR REPLACE FUNCTION ws_searchkey(value text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS
$$ SELECT regexp_replace(lower(public.unaccent('public.unaccent'::regdictionary, value)),
                         '[^a-z0-9 ]+', '', 'g') $$
"""

INDEXES = {
    "ws_driver_name_trgm": "registers_driver USING gin (ws_searchkey(name) gin_trgm_ops)",
    "ws_driver_cpf_trgm": "registers_driver USING gin (cpf gin_trgm_ops)",
    "ws_vehicle_plate_trgm": "registers_vehicle USING gin (plate gin_trgm_ops)",
    "ws_authorization_number_trgm": (
        "registers_authorization USING gin (ws_searchkey(number) gin_trgm_ops)"
    ),
    "ws_registration_number_trgm": (
        "registers_municipalregistration USING gin (ws_searchkey(number) gin_trgm_ops)"
    ),
    "ws_case_number_trgm": "cases_case USING gin (ws_searchkey(number) gin_trgm_ops)",
    # Cases opened / closed per month over a bounded range.
    "ws_case_opened_at": "cases_case (opened_at)",
    "ws_case_closed_at": "cases_case (closed_at) WHERE closed_at IS NOT NULL",
    "ws_registration_valid_until": "registers_municipalregistration (valid_until)",
    "ws_pointrecord_on": "registers_pointrecord (\"on\")",
    # Fines assessed and paid per month; appeal outcomes over a period.
    "ws_violation_issued_on": "workflows_violationnotice (issued_on)",
    "ws_violation_paid_on": "workflows_violationnotice (paid_on) WHERE paid_on IS NOT NULL",
    "ws_appeal_decided_on": "appeal_appealcase (decided_on) WHERE decided_on IS NOT NULL",
}


def forwards(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute(FUNCTION)
    for name, target in INDEXES.items():
        schema_editor.execute(f"CREATE INDEX IF NOT EXISTS {name} ON {target}")


def backwards(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    for name in INDEXES:
        schema_editor.execute(f"DROP INDEX IF EXISTS {name}")
    schema_editor.execute("DROP FUNCTION IF EXISTS ws_searchkey(text)")


class Migration(migrations.Migration):
    dependencies = [
        ("workspace", "0001_initial"),
        ("cases", "0002_deadline_subject"),
        ("registers", "0004_vrtevalue_pointrecord"),
        ("violation", "0001_initial"),
        ("appeal", "0002_notice_moved_to_violation"),
    ]

    operations = [
        TrigramExtension(),
        UnaccentExtension(),
        migrations.RunPython(forwards, backwards),
    ]
