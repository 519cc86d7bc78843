"""The violation notice moved from the `workflows` app to `violation`."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('complaint', '0001_initial'),
        ('violation', '0001_initial'),
    ]

    operations = [
        # Same tables (the link table keeps its name and columns): only the target moved apps.
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name='complaintcase',
                    name='notices',
                    field=models.ManyToManyField(blank=True, related_name='complaints', to='violation.violationnotice', verbose_name='autos de infração lavrados a partir dela'),
                ),
            ],
            database_operations=[],
        ),
    ]
