from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("cases", "0008_roleday_processing_time"),
    ]

    operations = [
        migrations.AddField(
            model_name="deadline",
            name="start_basis",
            field=models.CharField(
                blank=True,
                help_text="O fato de que o prazo se conta (AR, entrega pessoal, constatação…); "
                "vazio: o da regra.",
                max_length=24,
                verbose_name="início contado de",
            ),
        ),
    ]
