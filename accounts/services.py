from __future__ import annotations

from django.contrib.auth.models import Group

from accounts.models import User
from accounts.roles import Role


def roles_ensure() -> None:
    """Create one group per role; idempotent, run by migrations and the demo loader."""
    for role in Role:
        Group.objects.get_or_create(name=role.value)


def user_grant_role(*, user: User, role: Role) -> None:
    group, _ = Group.objects.get_or_create(name=role.value)
    user.groups.add(group)
    if hasattr(user, "_role_cache"):
        del user._role_cache
