"""`makemessages` that also extracts the statute package's marker `N_` and `_l`, and
writes the source language's catalogue from the English one.

The pure `law` package cannot import Django's gettext; it marks its messages with `N_`
and `cases.errors.from_law` translates them. Workflows use `gettext_lazy as _l`.
The Portuguese catalogue maps each msgid to itself (why: core/source_catalogue.py).
"""

from typing import Any

from django.conf import settings
from django.core.management.commands.makemessages import Command as BaseCommand

from core.source_catalogue import write_source_catalogue


class Command(BaseCommand):
    xgettext_options = [*BaseCommand.xgettext_options, "--keyword=N_", "--keyword=_l"]

    def handle(self, *args: Any, **options: Any) -> None:
        super().handle(*args, **options)
        if "en" in (options.get("locale") or []):
            written = write_source_catalogue(settings.BASE_DIR)
            self.stdout.write(f"source catalogue {written.relative_to(settings.BASE_DIR)}")
