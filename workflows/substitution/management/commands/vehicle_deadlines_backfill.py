"""Set the vehicle age and colour-change rows (Arts. 10 §2, 12, 70) that are missing."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from cases.services.transitions import local_today
from workflows.substitution.tracking import vehicle_deadlines_backfill


class Command(BaseCommand):
    help = (
        "Set the vehicle age (Art. 12) and colour-change (Arts. 10 §2, 70) deadline rows of "
        "every authorization in force that lacks them. Safe to run again."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--today",
            type=dt.date.fromisoformat,
            default=None,
            help="The local date to count from (YYYY-MM-DD); default: today.",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        report = vehicle_deadlines_backfill(today=options["today"] or local_today())
        self.stdout.write(
            f"{report.authorizations} authorizations checked, {report.rows} rows set."
        )
        if report.irregular:
            self.stdout.write(
                self.style.WARNING(
                    "Not white, with no transition (Art. 10 II e): " + ", ".join(report.irregular)
                )
            )
