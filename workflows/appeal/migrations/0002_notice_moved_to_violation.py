"""The violation notice moved from the `workflows` app to `violation`."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('appeal', '0001_initial'),
        ('violation', '0001_initial'),
    ]

    operations = [
        # Same table, same constraint: only the model the field points to moved apps.
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name='appealcase',
                    name='notice',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='appeals', to='violation.violationnotice', verbose_name='auto de infração recorrido'),
                ),
            ],
            database_operations=[],
        ),
    ]
