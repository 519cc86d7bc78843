"""Which notifications a user may see: a driver those addressed to them, staff all."""

from __future__ import annotations

from django.db.models import QuerySet

from accounts.models import User
from accounts.roles import is_staff_member
from cases.selectors import cases_visible_to
from notifications.models import Notification


def notifications_visible_to(user: User) -> QuerySet[Notification]:
    base = Notification.objects.select_related("case", "recipient", "letter")
    if not user.is_authenticated:
        return base.none()
    if is_staff_member(user):
        return base.filter(case__in=cases_visible_to(user))
    return base.filter(recipient__user=user)
