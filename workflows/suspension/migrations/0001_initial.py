"""The model(s) moved here from the `workflows` app, whose migrations created the table(s).

State only: the tables keep their names (`db_table`), so no row is copied or touched.
"""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('workflows', '0005_revocation_process'),
        ('cases', '0002_deadline_subject'),
    ]

    operations = [
        # The table exists since workflows 0001-0005; only Django's picture of it moves.
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='SuspensionCase',
                    fields=[
                        ('case_ptr', models.OneToOneField(auto_created=True, on_delete=django.db.models.deletion.CASCADE, parent_link=True, primary_key=True, serialize=False, to='cases.case')),
                        ('ground', models.CharField(choices=[('I', 'I — Furto ou roubo do veículo'), ('II', 'II — Acidente grave ou destruição total do veículo'), ('III', 'III — Sentença judicial de perda da posse ou propriedade'), ('IV', 'IV — Substituição do veículo')], max_length=3, verbose_name='motivo (Art. 24)')),
                        ('requested_days', models.PositiveSmallIntegerField(help_text='Art. 24: no máximo 120 dias.', verbose_name='dias solicitados')),
                        ('reason', models.TextField(blank=True, verbose_name='relato')),
                        ('start_on', models.DateField(blank=True, null=True, verbose_name='início')),
                        ('end_on', models.DateField(blank=True, null=True, verbose_name='último dia')),
                        ('extension_requested_days', models.PositiveSmallIntegerField(blank=True, null=True, verbose_name='prorrogação solicitada (dias)')),
                        ('extension_days', models.PositiveSmallIntegerField(blank=True, help_text='Art. 24: uma prorrogação, por igual período no máximo.', null=True, verbose_name='prorrogação concedida (dias)')),
                    ],
                    options={
                        'verbose_name': 'suspensão a pedido',
                        'verbose_name_plural': 'suspensões a pedido',
                        'db_table': 'workflows_suspensioncase',
                    },
                    bases=('cases.case',),
                ),
            ],
            database_operations=[],
        ),
    ]
