"""How a person is named on screen and on paper: one function, used everywhere (issue 24
§6: the history showed "servidor", "fiscal" or an applicant's e-mail).

A person is his name and the body he acts for — "Ana Souza (Secretaria)" — never his
login: a login is a credential, and an e-mail is personal data the reader need not see.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _l

from accounts.models import User
from accounts.roles import Role, roles_of, roles_remember

# The body a person acts for, the one that decides first when he has several roles.
ROLE_SHORT: tuple[tuple[str, str | Promise], ...] = (
    (Role.MAYOR, _l("Prefeito")),
    (Role.COMMISSION_MEMBER, _l("Comissão de Recursos")),
    (Role.CLERK, _l("Secretaria")),
    (Role.FISCAL_AGENT, _l("Fiscalização")),
    (Role.ADMINISTRATOR, _l("Administração")),
    (Role.DRIVER, _l("Taxista")),
)


def role_short(user: User) -> str:
    """The body `user` acts for ("Secretaria"), or "" without a role. Groups prefetched
    with the user (`prefetch_related("actor__groups")`) are read without a query."""
    prefetched = getattr(user, "_prefetched_objects_cache", {}).get("groups")
    if prefetched is not None and getattr(user, "_role_cache", None) is None:
        roles_remember(user, [group.name for group in prefetched])
    mine = roles_of(user)
    return next((str(label) for role, label in ROLE_SHORT if role in mine), "")


def person_label(user: User | None, *, with_role: bool = True) -> str:
    """ "Ana Souza (Secretaria)": the person's name and his body. Without a name, the body
    alone, or the login when it is not an e-mail; None is the system. `with_role=False`
    where every person listed is of the same body (the clerks' queue's assignees)."""
    if user is None:
        return _("sistema")
    name = user.get_full_name().strip()
    role = role_short(user) if with_role else ""
    if not name:
        name = user.username if "@" not in user.username else ""
    if name and role:
        return f"{name} ({role})"
    return name or role or _("usuário sem nome")


def person_labels(user_ids: Iterable[int | None]) -> dict[int, str]:
    """`person_label` of many users by id, in one query whatever their number: what a
    label reads of each (his names, his groups), a row per group he is in."""
    ids = {pk for pk in user_ids if pk is not None}
    if not ids:
        return {}
    rows = User.objects.filter(pk__in=ids).values_list(
        "pk", "username", "first_name", "last_name", "is_superuser", "groups__name"
    )
    users: dict[int, User] = {}
    groups: dict[int, list[str]] = {}
    for pk, username, first_name, last_name, is_superuser, group in rows:
        if pk not in users:
            users[pk] = User(
                pk=pk,
                username=username,
                first_name=first_name,
                last_name=last_name,
                is_superuser=is_superuser,
            )
            groups[pk] = []
        if group is not None:
            groups[pk].append(group)
    for pk, user in users.items():
        roles_remember(user, groups[pk])
    return {pk: person_label(user) for pk, user in users.items()}
