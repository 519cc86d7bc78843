"""Which register rows a user may see: a driver their own, staff all."""

from __future__ import annotations

from django.db.models import QuerySet

from accounts.models import User
from accounts.roles import is_staff_member
from registers.models import Authorization, Driver


def drivers_visible_to(user: User) -> QuerySet[Driver]:
    if is_staff_member(user):
        return Driver.objects.all()
    return Driver.objects.filter(user=user) if user.is_authenticated else Driver.objects.none()


def authorizations_visible_to(user: User) -> QuerySet[Authorization]:
    base = Authorization.objects.select_related("holder", "vehicle")
    if is_staff_member(user):
        return base
    if not user.is_authenticated:
        return base.none()
    return base.filter(holder__user=user)


def driver_of(user: User) -> Driver | None:
    return Driver.objects.filter(user=user).first() if user.is_authenticated else None
