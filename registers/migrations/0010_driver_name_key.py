"""The driver's name as the search compares it, kept by the database (issue 25).

`ws_searchkey` is created by workspace's 0002 (an IMMUTABLE wrapper of `unaccent` on
PostgreSQL; registered from Python on the embedded SQLite default), so this column comes
after it. workspace's 0004 moves the name's trigram index onto it."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('registers', '0009_import69_flags_two_termos'),
        ('workspace', '0002_search_indexes'),
    ]

    operations = [
        migrations.AddField(
            model_name='driver',
            name='name_key',
            field=models.GeneratedField(db_persist=True, expression=models.Func(models.F('name'), function='ws_searchkey', output_field=models.TextField()), output_field=models.TextField(), verbose_name='nome (chave de busca)'),
        ),
    ]
