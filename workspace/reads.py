"""Which drivers a workspace export names, for the LGPD read log (accounts.services.
personal_data_read): an export is a reading of every driver in it, by whoever asked.

The case list names its applicants; a dashboard table, the drivers it carries
(`Table.drivers`).
"""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from django.http import QueryDict
from django.utils.http import urlencode

from accounts.models import User
from registers.models import Driver
from workspace.dashboard import Table
from workspace.forms import CaseSearchForm
from workspace.search import search_cases


def export_drivers(
    user: User, dataset: str, params: dict[str, Any], table: Table
) -> QuerySet[Driver]:
    """The drivers the export of `table` (the table `dataset`) names for `user`."""
    if dataset == "cases":
        form = CaseSearchForm(QueryDict(urlencode(params, doseq=True)))
        if not form.is_valid():
            return Driver.objects.none()
        cases = search_cases(user=user, filters=form.filters()).order_by()
        return Driver.objects.filter(pk__in=cases.values("applicant_id"))
    # A dashboard table lists the drivers it names (the points nearing a limit), as the
    # figures it was written from had them.
    if table.drivers:
        return Driver.objects.filter(pk__in=table.drivers)
    return Driver.objects.none()
