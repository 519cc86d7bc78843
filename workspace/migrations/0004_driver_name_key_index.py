"""The drivers' names searched by their stored key (registers.Driver.name_key): the
trigram index moves from the expression `ws_searchkey(name)` to the column, so that a
recheck reads the key instead of computing it again for every driver (issue 25)."""

from django.db import migrations

NEW = "CREATE INDEX IF NOT EXISTS ws_driver_name_key_trgm ON registers_driver USING gin (name_key gin_trgm_ops)"
OLD = "CREATE INDEX IF NOT EXISTS ws_driver_name_trgm ON registers_driver USING gin (ws_searchkey(name) gin_trgm_ops)"


def forwards(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute(NEW)
    schema_editor.execute("DROP INDEX IF EXISTS ws_driver_name_trgm")


def backwards(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute(OLD)
    schema_editor.execute("DROP INDEX IF EXISTS ws_driver_name_key_trgm")


class Migration(migrations.Migration):
    dependencies = [
        ("workspace", "0003_month_totals"),
        ("registers", "0010_driver_name_key"),
    ]

    operations = [migrations.RunPython(forwards, backwards)]
