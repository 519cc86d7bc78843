"""The transfer's inspection edges now have the names every kind's inspection step uses
(workflows.steps.inspection): the timeline of existing cases is renamed with them."""

from django.db import migrations

from core.db import triggers_ignored

# The timeline is append-only (a trigger refuses updates); renaming an edge is the one
# rewrite it allows, so that old steps keep their label on the case page.
APPEND_ONLY = "cases.AuditEvent:audit_events_append_only"

RENAMED = {"inspection_passed": "pass_inspection", "inspection_failed": "fail_inspection"}


def forward(apps, schema_editor):
    with triggers_ignored(APPEND_ONLY):
        _forward(apps)


def _forward(apps):
    events = apps.get_model("cases", "AuditEvent").objects.filter(case__kind="transfer")
    for old, new in RENAMED.items():
        events.filter(transition=old).update(transition=new)


def backward(apps, schema_editor):
    with triggers_ignored(APPEND_ONLY):
        _backward(apps)


def _backward(apps):
    events = apps.get_model("cases", "AuditEvent").objects.filter(case__kind="transfer")
    for old, new in RENAMED.items():
        events.filter(transition=new).update(transition=old)


class Migration(migrations.Migration):
    dependencies = [("transfer", "0001_initial"), ("cases", "0002_deadline_subject")]

    operations = [migrations.RunPython(forward, backward)]
