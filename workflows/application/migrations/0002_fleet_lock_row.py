from django.db import migrations


def create_fleet_lock_row(apps, schema_editor):
    # The row every place in the fleet is given under (Art. 22 §2); `fleet_lock` creates it
    # too if it is missing (a flushed test database), so this only saves the first insert.
    apps.get_model("application", "FleetLock").objects.get_or_create(id=1)


class Migration(migrations.Migration):

    dependencies = [("application", "0001_initial")]

    operations = [migrations.RunPython(create_fleet_lock_row, migrations.RunPython.noop)]
