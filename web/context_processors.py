from django.http import HttpRequest

from accounts.roles import ALL_CASES_ROLES, Role, roles_of


def roles(request: HttpRequest) -> dict[str, object]:
    mine = roles_of(getattr(request, "user", None))
    return {
        "my_roles": mine,
        "is_driver": Role.DRIVER in mine,
        "is_staff_role": bool(mine - {Role.DRIVER}),
        "is_agent": Role.FISCAL_AGENT in mine,
        "is_clerk": Role.CLERK in mine,
        "sees_every_case": bool(mine & ALL_CASES_ROLES),
    }
