"""The suspension, the violation notice and the revocation became sub-apps of their own
(`workflows.suspension`, `workflows.violation`, `workflows.revocation`).

Their models leave this app's state only: the tables keep their names (each model's
`db_table`) and their rows, and the new apps' 0001 migrations took the models over. The
content types follow the models, so that the permissions and admin log rows that point at
them stay attached.
"""

from django.db import migrations

# model name -> the app label it moved to
MOVED = {
    "suspensioncase": "suspension",
    "violationnotice": "violation",
    "penaltyperiod": "violation",
    "revocationcase": "revocation",
}


def _relabel(apps, schema_editor, *, forwards: bool) -> None:
    content_type = apps.get_model("contenttypes", "ContentType")
    rows = content_type.objects.using(schema_editor.connection.alias)
    for model, label in MOVED.items():
        old, new = ("workflows", label) if forwards else (label, "workflows")
        # A row under the new label exists only if post_migrate already ran with the new
        # apps installed; the old row is then left as it is (remove_stale_contenttypes).
        if not rows.filter(app_label=new, model=model).exists():
            rows.filter(app_label=old, model=model).update(app_label=new)


def content_types_forwards(apps, schema_editor) -> None:
    _relabel(apps, schema_editor, forwards=True)


def content_types_backwards(apps, schema_editor) -> None:
    _relabel(apps, schema_editor, forwards=False)


class Migration(migrations.Migration):

    dependencies = [
        ('contenttypes', '0002_remove_content_type_name'),
        ('workflows', '0005_revocation_process'),
        ('suspension', '0001_initial'),
        ('violation', '0001_initial'),
        ('revocation', '0001_initial'),
        # The foreign keys that pointed here point to the new apps first.
        ('appeal', '0002_notice_moved_to_violation'),
        ('complaint', '0002_notices_moved_to_violation'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.RemoveField(
                    model_name='revocationcase',
                    name='auxiliary',
                ),
                migrations.RemoveField(
                    model_name='revocationcase',
                    name='case_ptr',
                ),
                migrations.RemoveField(
                    model_name='suspensioncase',
                    name='case_ptr',
                ),
                migrations.RemoveField(
                    model_name='violationnotice',
                    name='agent',
                ),
                migrations.RemoveField(
                    model_name='violationnotice',
                    name='case_ptr',
                ),
                migrations.RemoveField(
                    model_name='violationnotice',
                    name='offender',
                ),
                migrations.RemoveField(
                    model_name='violationnotice',
                    name='vehicle',
                ),
                migrations.DeleteModel(
                    name='PenaltyPeriod',
                ),
                migrations.DeleteModel(
                    name='RevocationCase',
                ),
                migrations.DeleteModel(
                    name='SuspensionCase',
                ),
                migrations.DeleteModel(
                    name='ViolationNotice',
                ),
            ],
            database_operations=[],
        ),
        migrations.RunPython(content_types_forwards, content_types_backwards),
    ]
