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
        ('registers', '0004_vrtevalue_pointrecord'),
    ]

    operations = [
        # The table exists since workflows 0001-0005; only Django's picture of it moves.
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='RevocationCase',
                    fields=[
                        ('case_ptr', models.OneToOneField(auto_created=True, on_delete=django.db.models.deletion.CASCADE, parent_link=True, primary_key=True, serialize=False, to='cases.case')),
                        ('ground_article', models.CharField(max_length=60, verbose_name='fundamento (artigo)')),
                        ('reason', models.TextField(verbose_name='motivo')),
                        ('opened_by_system', models.BooleanField(default=False, verbose_name='aberto pelo sistema')),
                        ('received_on', models.DateField(blank=True, null=True, verbose_name='notificado em')),
                        ('defence_due_on', models.DateField(blank=True, help_text='Art. 59 §2: 10 dias úteis contados do recebimento da notificação.', null=True, verbose_name='último dia para recorrer')),
                        ('defence_filed_on', models.DateField(blank=True, null=True, verbose_name='recurso apresentado em')),
                        ('defence', models.TextField(blank=True, verbose_name='razões do recurso')),
                        ('decided_on', models.DateField(blank=True, null=True, verbose_name='decidido em')),
                        ('decision_grounds', models.TextField(blank=True, help_text='Art. 59 §3: decisão baseada e fundamentada nos autos.', verbose_name='fundamentação da decisão')),
                        ('auxiliary', models.ForeignKey(blank=True, help_text='Preenchido quando a cassação é da autorização do auxiliar: o vínculo termina e a autorização do titular continua (Art. 27 §2).', null=True, on_delete=django.db.models.deletion.PROTECT, related_name='revocations_as_auxiliary', to='registers.driver', verbose_name='taxista auxiliar cassado')),
                    ],
                    options={
                        'verbose_name': 'cassação',
                        'verbose_name_plural': 'cassações',
                        'db_table': 'workflows_revocationcase',
                    },
                    bases=('cases.case',),
                ),
            ],
            database_operations=[],
        ),
    ]
