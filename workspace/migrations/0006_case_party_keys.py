"""The search keys of a case's parties' names, kept on the case by the database
(PostgreSQL; issue 25): `Case.applicant_key`, its applicant's `Driver.name_key`, and
`Case.holder_key`, its Termo's holder's when he is not the applicant ('' otherwise).

A search naming thousands of drivers ("condutor 99") walks the newest open cases until a
page is full, testing each case's applicant and Termo holder by name. Joined, each case
walked cost two index lookups more than its own row: 28 ms for the 9,000 cases walked
for one name at a million cases, 7 ms testing the keys on the case's own row.

One rule computes both keys, the trigger on the case's row, on its insert and on every
write of its applicant, its Termo or the keys themselves (what Django writes there is
replaced). Renaming a driver and handing a Termo to another holder only touch the cases
they change, and that rule writes them again. Triggers, not services: the database keeps
them however a row is written (a service, the admin, an import, the bench's seed). Not on
SQLite, where a later migration that rebuilds a table would drop them silently: there the
search tests the joined rows (workspace.search.cases_named)."""

from django.db import migrations

FUNCTIONS = r"""
CREATE OR REPLACE FUNCTION ws_case_party_keys() RETURNS trigger LANGUAGE plpgsql AS
$$
BEGIN
  NEW.applicant_key := coalesce(
    (SELECT d.name_key FROM registers_driver d WHERE d.id = NEW.applicant_id), '');
  NEW.holder_key := coalesce(
    (SELECT d.name_key
       FROM registers_authorization a JOIN registers_driver d ON d.id = a.holder_id
      WHERE a.id = NEW.authorization_id AND a.holder_id IS DISTINCT FROM NEW.applicant_id),
    '');
  RETURN NEW;
END
$$;

CREATE OR REPLACE FUNCTION ws_driver_renamed() RETURNS trigger LANGUAGE plpgsql AS
$$
BEGIN
  UPDATE cases_case SET applicant_key = '' WHERE applicant_id = NEW.id;
  UPDATE cases_case SET holder_key = ''
   WHERE authorization_id IN (SELECT a.id FROM registers_authorization a WHERE a.holder_id = NEW.id);
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION ws_termo_holder_changed() RETURNS trigger LANGUAGE plpgsql AS
$$
BEGIN
  UPDATE cases_case SET holder_key = '' WHERE authorization_id = NEW.id;
  RETURN NULL;
END
$$;
"""

TRIGGERS = """
CREATE TRIGGER ws_case_party_keys
  BEFORE INSERT OR UPDATE OF applicant_id, authorization_id, applicant_key, holder_key
  ON cases_case FOR EACH ROW EXECUTE FUNCTION ws_case_party_keys();

CREATE TRIGGER ws_driver_renamed
  AFTER UPDATE OF name ON registers_driver FOR EACH ROW
  WHEN (OLD.name_key IS DISTINCT FROM NEW.name_key) EXECUTE FUNCTION ws_driver_renamed();

CREATE TRIGGER ws_termo_holder_changed
  AFTER UPDATE OF holder_id ON registers_authorization FOR EACH ROW
  WHEN (OLD.holder_id IS DISTINCT FROM NEW.holder_id) EXECUTE FUNCTION ws_termo_holder_changed();
"""

# Every case with a party, written again by the case's own rule.
FILL = (
    "UPDATE cases_case SET applicant_key = '' "
    "WHERE applicant_id IS NOT NULL OR authorization_id IS NOT NULL"
)


def forwards(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute(FUNCTIONS)
    schema_editor.execute(TRIGGERS)
    schema_editor.execute(FILL)
    # The new columns' statistics, now: without them PostgreSQL guesses a broad search's
    # words name five cases and reads every case to sort them (0.4 s at a million), until
    # autovacuum's analyze comes round.
    schema_editor.execute("ANALYZE cases_case")


def backwards(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute(
        "DROP TRIGGER IF EXISTS ws_case_party_keys ON cases_case;"
        "DROP TRIGGER IF EXISTS ws_driver_renamed ON registers_driver;"
        "DROP TRIGGER IF EXISTS ws_termo_holder_changed ON registers_authorization;"
        "DROP FUNCTION IF EXISTS ws_case_party_keys();"
        "DROP FUNCTION IF EXISTS ws_driver_renamed();"
        "DROP FUNCTION IF EXISTS ws_termo_holder_changed();"
    )


class Migration(migrations.Migration):
    dependencies = [
        ("workspace", "0005_driver_name_parts"),
        ("cases", "0012_case_party_keys"),
    ]

    operations = [migrations.RunPython(forwards, backwards)]
