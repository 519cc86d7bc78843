"""The application's `accept_documents` is now the intake step's `accept`, as in every
request kind (workflows.steps.intake): the timeline of existing cases is renamed with it."""

from django.db import migrations


def forward(apps, schema_editor):
    apps.get_model("cases", "AuditEvent").objects.filter(
        case__kind="application", transition="accept_documents"
    ).update(transition="accept")


def backward(apps, schema_editor):
    apps.get_model("cases", "AuditEvent").objects.filter(
        case__kind="application", transition="accept"
    ).update(transition="accept_documents")


class Migration(migrations.Migration):
    dependencies = [("application", "0002_fleet_lock_row"), ("cases", "0002_deadline_subject")]

    operations = [migrations.RunPython(forward, backward)]
