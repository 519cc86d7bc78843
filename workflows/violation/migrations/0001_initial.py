"""The model(s) moved here from the `workflows` app, whose migrations created the table(s).

State only: the tables keep their names (`db_table`), so no row is copied or touched.
"""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('workflows', '0005_revocation_process'),
        ('cases', '0002_deadline_subject'),
        ('registers', '0004_vrtevalue_pointrecord'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        # The table exists since workflows 0001-0005; only Django's picture of it moves.
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='ViolationNotice',
                    fields=[
                        ('case_ptr', models.OneToOneField(auto_created=True, on_delete=django.db.models.deletion.CASCADE, parent_link=True, primary_key=True, serialize=False, to='cases.case')),
                        ('item', models.CharField(max_length=6, verbose_name='dispositivo infringido (Art. 58)')),
                        ('place', models.CharField(max_length=250, verbose_name='local')),
                        ('occurred_at', models.DateTimeField(verbose_name='data e hora da infração')),
                        ('issued_on', models.DateField(verbose_name='lavrado em')),
                        ('offender_signed', models.BooleanField(default=False, help_text='Art. 47 §1: a assinatura não é confissão; a falta dela não invalida.', verbose_name='assinado pelo infrator')),
                        ('description', models.TextField(blank=True, verbose_name='descrição')),
                        ('fine_vrte', models.DecimalField(decimal_places=2, max_digits=9, verbose_name='multa (VRTE)')),
                        ('received_on', models.DateField(blank=True, null=True, verbose_name='notificado em')),
                        ('paid_on', models.DateField(blank=True, null=True, verbose_name='pago em')),
                        ('vrte_value', models.DecimalField(blank=True, decimal_places=4, help_text='Art. 54.', max_digits=10, null=True, verbose_name='VRTE na data da infração (R$)')),
                        ('fine_reais', models.DecimalField(blank=True, decimal_places=2, max_digits=12, null=True, verbose_name='multa (R$)')),
                        ('assessment', models.JSONField(blank=True, default=dict, help_text='O resultado de law.penalties.assess na lavratura (Art. 59).', verbose_name='penalidades apuradas')),
                        ('penalties_applied_on', models.DateField(blank=True, null=True, verbose_name='penalidades aplicadas em')),
                        ('agent', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='violations_issued', to=settings.AUTH_USER_MODEL, verbose_name='agente fiscal')),
                        ('offender', models.ForeignKey(blank=True, help_text='Vazio: condutor não identificado; os pontos vão ao titular (Art. 50).', null=True, on_delete=django.db.models.deletion.PROTECT, related_name='violations', to='registers.driver', verbose_name='condutor identificado')),
                        ('vehicle', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='violations', to='registers.vehicle', verbose_name='veículo')),
                    ],
                    options={
                        'verbose_name': 'auto de infração',
                        'verbose_name_plural': 'autos de infração',
                        'db_table': 'workflows_violationnotice',
                    },
                    bases=('cases.case',),
                ),
                migrations.CreateModel(
                    name='PenaltyPeriod',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('kind', models.CharField(choices=[('suspension', 'suspensão (Art. 59 III)'), ('impediment', 'impedimento de circulação (Art. 59 IV)')], max_length=12, verbose_name='tipo')),
                        ('starts_on', models.DateField(verbose_name='início')),
                        ('ends_on', models.DateField(verbose_name='último dia')),
                        ('ended_on', models.DateField(blank=True, null=True, verbose_name='encerrado em')),
                        ('authorization', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='penalty_periods', to='registers.authorization', verbose_name='termo de autorização')),
                        ('violation', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='penalty_periods', to='violation.violationnotice', verbose_name='auto de infração')),
                    ],
                    options={
                        'verbose_name': 'período de penalidade',
                        'verbose_name_plural': 'períodos de penalidade',
                        'db_table': 'workflows_penaltyperiod',
                        'ordering': ['starts_on', 'id'],
                    },
                ),
            ],
            database_operations=[],
        ),
    ]
