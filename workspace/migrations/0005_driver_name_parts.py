"""Every piece of each word of a driver's name, indexed (PostgreSQL; issue 25).

A word is in a name (`name_key LIKE '%word%'`, the search's rule) exactly when it is one
of the pieces of one of the name's words: the query's words have no space, and the key
has nothing but letters, digits and spaces. The trigram index could not say it cheaply
for a word of fewer than three letters (no trigram: "12" in "condutor 12") nor for a word
every name has ("condutor"): PostgreSQL read its bitmap of every driver, 60 ms at a
million cases, to decide whether a search was broad. Here each word is one key of a GIN
index (`ws_wordparts(name_key) @> ARRAY[...]`), whatever its length or how common.

An expression index, not a column: nothing is stored beside the row, and the database
keeps it on every write of the name, however it is made (a service, the admin, an import,
the bench's seed). Pieces are cut at `PART_LENGTH` letters (workspace.search.PART_LENGTH):
a longer query word is looked up by its first letters and then compared whole. PL/pgSQL,
not SQL: an SQL function with a subquery was planned anew for every row the index read
(150 ms a row building it)."""

from django.db import migrations

PART_LENGTH = 20

FUNCTION = rf"""
CREATE OR REPLACE FUNCTION ws_wordparts(key text) RETURNS text[]
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE STRICT AS
$$
DECLARE
  parts text[] := '{{}}';
  word text;
  start int;
  size int;
BEGIN
  FOREACH word IN ARRAY string_to_array(key, ' ') LOOP
    FOR start IN 1 .. length(word) LOOP
      FOR size IN 1 .. least(length(word) - start + 1, {PART_LENGTH}) LOOP
        parts := parts || substr(word, start, size);
      END LOOP;
    END LOOP;
  END LOOP;
  RETURN parts;
END
$$
"""

INDEX = (
    "CREATE INDEX IF NOT EXISTS ws_driver_name_parts ON registers_driver "
    "USING gin (ws_wordparts(name_key))"
)


def forwards(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute(FUNCTION)
    schema_editor.execute(INDEX)


def backwards(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute("DROP INDEX IF EXISTS ws_driver_name_parts")
    schema_editor.execute("DROP FUNCTION IF EXISTS ws_wordparts(text)")


class Migration(migrations.Migration):
    dependencies = [("workspace", "0004_driver_name_key_index")]

    operations = [migrations.RunPython(forwards, backwards)]
