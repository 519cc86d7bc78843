"""Which notifications a user may see: a driver those addressed to them, staff all."""

from __future__ import annotations

from django.db.models import QuerySet

from accounts.models import User
from accounts.roles import Role, has_role, is_staff_member
from cases.selectors import cases_visible_to
from notifications.models import Notification


def notifications_visible_to(user: User) -> QuerySet[Notification]:
    base = Notification.objects.select_related("case", "recipient", "letter")
    if not user.is_authenticated:
        return base.none()
    if is_staff_member(user):
        return base.filter(case__in=cases_visible_to(user))
    return base.filter(recipient__user=user)


def letters_to_post(user: User) -> QuerySet[Notification]:
    """Registered letters written and not yet taken to the post office (Art. 46), oldest
    first, whatever the state of their case — a closed appeal's decision letter waits here
    too (issue 24 §6). Only clerks record a posting (notifications.post)."""
    if not has_role(user, Role.CLERK):
        return Notification.objects.none()
    return (
        notifications_visible_to(user)
        .filter(channel=Notification.Channel.REGISTERED_POST, status=Notification.Status.QUEUED)
        .order_by("created_at", "id")
    )
