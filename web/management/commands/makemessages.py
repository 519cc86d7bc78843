"""`makemessages` that also extracts the statute package's marker `N_` and `_l`.

The pure `law` package cannot import Django's gettext; it marks its messages with `N_`
and `cases.errors.from_law` translates them. Workflows use `gettext_lazy as _l`.
"""

from django.core.management.commands.makemessages import Command as BaseCommand


class Command(BaseCommand):
    xgettext_options = [*BaseCommand.xgettext_options, "--keyword=N_", "--keyword=_l"]
