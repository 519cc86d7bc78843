"""Which drivers a workspace export names, for the LGPD read log (accounts.services.
personal_data_read): an export is a reading of every driver in it, by whoever asked.

Only the tables that name drivers are listed; the others are counts and sums.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.db.models import Q, QuerySet, Sum
from django.http import QueryDict
from django.utils.http import urlencode

from accounts.models import User
from law import points as law_points
from registers.models import Driver, PointRecord
from workspace.dashboard import NEARING_SHARE
from workspace.forms import CaseSearchForm
from workspace.search import search_cases


def export_drivers(
    user: User, dataset: str, params: dict[str, Any], today: dt.date
) -> QuerySet[Driver]:
    """The drivers the table `dataset` names for `user` (none for an aggregate table)."""
    if dataset == "cases":
        form = CaseSearchForm(QueryDict(urlencode(params, doseq=True)))
        if not form.is_valid():
            return Driver.objects.none()
        cases = search_cases(user=user, filters=form.filters()).order_by()
        return Driver.objects.filter(pk__in=cases.values("applicant_id"))
    if dataset == "points":
        # The same rule as dashboard.points_table: drivers nearing a limit (Art. 59 V d-e).
        short_start = law_points.window_start(today, law_points.SHORT_WINDOW_MONTHS)
        long_start = law_points.window_start(today, law_points.LONG_WINDOW_MONTHS)
        near = (
            PointRecord.objects.filter(on__gt=long_start, on__lte=today)
            .values("driver_id")
            .annotate(
                short=Sum("points", filter=Q(on__gt=short_start)),
                long=Sum("points"),
            )
            .filter(
                Q(short__gte=law_points.SHORT_WINDOW_MAX_POINTS * NEARING_SHARE)
                | Q(long__gte=law_points.LONG_WINDOW_MAX_POINTS * NEARING_SHARE)
            )
            .values("driver_id")
        )
        return Driver.objects.filter(pk__in=near)
    return Driver.objects.none()
