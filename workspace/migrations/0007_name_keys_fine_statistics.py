"""The names the search compares, described to PostgreSQL's planner by a histogram ten
times as fine as its default (issue 25).

A name is searched by its pieces (`LIKE '%59%'`), and the planner guesses how many names
hold a piece from the names in its histogram: 101 of them by default. A piece that four
drivers in a hundred have ("condutor 59": 9,400 of 250,000) may be in none of those 101,
and the planner then guesses 25 drivers, reads them all through the trigram index and
sorts them: 120 to 175 ms, where walking the names in order takes 1 to 4 — for two of the
ninety two-digit numbers in the bench's seed, each for the drivers' list and for the
cases' (their applicant's and their Termo's holder's keys). With 1,001 names in the
histogram such a piece is in about forty of them, and the guess is right within a few
percent. ANALYZE reads 300,000 rows of each table instead of 30,000 (3 s at a million
cases)."""

from django.db import migrations

TARGET = 1000
"""PostgreSQL's largest useful target is 10,000; 1,000 keeps ANALYZE quick."""

NAME_KEYS = (
    ("registers_driver", "name_key"),
    ("cases_case", "applicant_key"),
    ("cases_case", "holder_key"),
)


def _set(schema_editor, target: int) -> None:
    if schema_editor.connection.vendor != "postgresql":
        return
    for table, column in NAME_KEYS:
        schema_editor.execute(
            f'ALTER TABLE "{table}" ALTER COLUMN "{column}" SET STATISTICS {target}'
        )
    for table in dict(NAME_KEYS):
        columns = ", ".join(f'"{c}"' for t, c in NAME_KEYS if t == table)
        schema_editor.execute(f'ANALYZE "{table}" ({columns})')


def forwards(apps, schema_editor):
    _set(schema_editor, TARGET)


def backwards(apps, schema_editor):
    _set(schema_editor, -1)  # the server's default_statistics_target


class Migration(migrations.Migration):
    dependencies = [
        ("workspace", "0006_case_party_keys"),
    ]

    operations = [migrations.RunPython(forwards, backwards)]
