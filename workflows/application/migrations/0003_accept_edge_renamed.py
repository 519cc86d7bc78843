"""The application's `accept_documents` is now the intake step's `accept`, as in every
request kind (workflows.steps.intake): the timeline of existing cases is renamed with it."""

from django.db import migrations

from core.db import triggers_ignored

# The timeline is append-only (a trigger refuses updates); renaming an edge is the one
# rewrite it allows, so that old steps keep their label on the case page.
APPEND_ONLY = "cases.AuditEvent:audit_events_append_only"


def forward(apps, schema_editor):
    with triggers_ignored(APPEND_ONLY):
        _forward(apps)


def _forward(apps):
    apps.get_model("cases", "AuditEvent").objects.filter(
        case__kind="application", transition="accept_documents"
    ).update(transition="accept")


def backward(apps, schema_editor):
    with triggers_ignored(APPEND_ONLY):
        _backward(apps)


def _backward(apps):
    apps.get_model("cases", "AuditEvent").objects.filter(
        case__kind="application", transition="accept"
    ).update(transition="accept_documents")


class Migration(migrations.Migration):
    dependencies = [("application", "0002_fleet_lock_row"), ("cases", "0002_deadline_subject")]

    operations = [migrations.RunPython(forward, backward)]
