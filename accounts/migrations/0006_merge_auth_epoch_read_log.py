from django.db import migrations


class Migration(migrations.Migration):
    """Two branches each added a 0005 (the session epoch; the read log's what and why)."""

    dependencies = [
        ("accounts", "0005_access_read_log_what_why"),
        ("accounts", "0005_accounts_auth_epoch"),
    ]

    operations = []
