"""The cases before the appeal commission as a stored flag with its own indexes (issue 25).

At a million cases the commission judges a sixth of them, and its scope as a rule (an OR
over the kinds it decides and the notices behind appeals) made every list of its walk the
whole table. The flag is computed for the existing cases by the current code's rule
(cases.services.commission), before the indexes are built over it.
"""

import datetime
import django.db.models.functions.comparison
from django.conf import settings
from django.db import migrations, models


def backfill(apps, schema_editor):  # type: ignore[no-untyped-def]
    """Existing cases get the flag the rule gives them; on an empty database (tests)
    there is nothing to do."""
    Case = apps.get_model("cases", "Case")
    if not Case.objects.exists():
        return
    from cases.services.commission import cases_commission_refresh

    cases_commission_refresh()


def analyze(apps, schema_editor):  # type: ignore[no-untyped-def]
    """The planner's figures for the new column and indexes, before the commission's first
    list (a sixth of the cases changed; autovacuum would come to it in its own time)."""
    Case = apps.get_model("cases", "Case")
    if schema_editor.connection.vendor == "postgresql" and Case.objects.exists():
        schema_editor.execute("ANALYZE cases_case")


class Migration(migrations.Migration):

    dependencies = [
        ('cases', '0009_deadline_start_basis'),
        ('registers', '0010_driver_name_key'),
        # The rule reads the appeals' notices.
        ('appeal', '0003_amounts_fit_their_columns'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name='case',
            name='before_commission',
            field=models.BooleanField(db_default=False, default=False, editable=False, help_text='Processo que a comissão de recursos julga, ou que um processo julgado por ela alcança (o auto de um recurso). Art. 52.', verbose_name='perante a comissão de recursos'),
        ),
        migrations.RunPython(backfill, migrations.RunPython.noop),
        migrations.AddIndex(
            model_name='case',
            index=models.Index(django.db.models.functions.comparison.Coalesce('next_due_on', models.Value(datetime.date(9999, 12, 31), output_field=models.DateField())), models.F('opened_at'), models.F('id'), condition=models.Q(('closed_at__isnull', True), ('before_commission', True)), include=('next_due_on',), name='case_judged_queue_idx'),
        ),
        migrations.AddIndex(
            model_name='case',
            index=models.Index(models.F('kind'), django.db.models.functions.comparison.Coalesce('next_due_on', models.Value(datetime.date(9999, 12, 31), output_field=models.DateField())), models.F('opened_at'), models.F('id'), condition=models.Q(('closed_at__isnull', True), ('before_commission', True)), include=('next_due_on',), name='case_judged_queue_kind_idx'),
        ),
        migrations.AddIndex(
            model_name='case',
            index=models.Index(models.F('state'), django.db.models.functions.comparison.Coalesce('next_due_on', models.Value(datetime.date(9999, 12, 31), output_field=models.DateField())), models.F('opened_at'), models.F('id'), condition=models.Q(('closed_at__isnull', True), ('before_commission', True)), include=('next_due_on',), name='case_judged_queue_state_idx'),
        ),
        migrations.AddIndex(
            model_name='case',
            index=models.Index(condition=models.Q(('before_commission', True)), fields=['-opened_at', '-id'], name='case_judged_opened_idx'),
        ),
        migrations.AddIndex(
            model_name='case',
            index=models.Index(condition=models.Q(('before_commission', True)), fields=['applicant'], name='case_judged_applicant_idx'),
        ),
        migrations.AddIndex(
            model_name='case',
            index=models.Index(condition=models.Q(('before_commission', True)), fields=['authorization'], name='case_judged_authorization_idx'),
        ),
        migrations.RunPython(analyze, migrations.RunPython.noop),
    ]
