"""How sure we are of who a citizen is (gov.br's levels), and the level each act needs.

gov.br tells, per account, which "confiabilidades" it has: bronze (a self-declared
account), prata (checked against a bank or the driving-licence base) and ouro (biometrics
or an ICP-Brasil certificate). An act a citizen takes on his own behalf needs the level
of `act_levels()`, one table the municipality may change in settings
(`ASSURANCE_LEVELS`, `ASSURANCE_STRICT_LEVEL`). The check runs in one place,
`assurance_check`, which `cases.services.transitions.case_open` calls for every case a
citizen opens, whether from a portal page or the API.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from urllib.parse import urlencode

from django.conf import settings
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from accounts.roles import is_staff_member
from identity.context import current_request
from identity.errors import ASSURANCE_LEVEL_TOO_LOW, IdentityRequired


class Level(enum.IntEnum):
    """gov.br's levels in order; NONE is a session that did not come through a provider."""

    NONE = 0
    BRONZE = 1
    PRATA = 2
    OURO = 3

    @property
    def label(self) -> str:
        return str(LEVEL_LABELS[self])

    @classmethod
    def named(cls, name: str) -> Level:
        """`"prata"` → Level.PRATA; "any" (or "qualquer") is NONE: no level needed."""
        key = name.strip().lower()
        if key in {"any", "qualquer", ""}:
            return cls.NONE
        return cls[key.upper()]


LEVEL_LABELS = {
    Level.NONE: gettext_lazy("sem nível (conta local)"),
    Level.BRONZE: gettext_lazy("bronze"),
    Level.PRATA: gettext_lazy("prata"),
    Level.OURO: gettext_lazy("ouro"),
}


class Act(enum.StrEnum):
    """What a citizen does that the level table names."""

    COMPLAINT = "complaint"  # a passenger's complaint (Art. 39)
    REQUEST = "request"  # filing any request (application, renewal, suspension…)
    APPEAL = "appeal"  # Arts. 63-66
    TRANSFER = "transfer"  # Art. 25
    CANCELLATION = "cancellation"  # Art. 23
    TERMO_SIGNATURE = "termo_signature"  # signing a Termo de Autorização (Art. 8)


ACT_LABELS = {
    Act.COMPLAINT: gettext_lazy("registrar uma reclamação"),
    Act.REQUEST: gettext_lazy("protocolar um requerimento"),
    Act.APPEAL: gettext_lazy("interpor um recurso"),
    Act.TRANSFER: gettext_lazy("pedir a transferência da autorização"),
    Act.CANCELLATION: gettext_lazy("pedir o cancelamento da autorização"),
    Act.TERMO_SIGNATURE: gettext_lazy("assinar o Termo de Autorização"),
}

# The acts the municipality may ask "prata or ouro" of at once (ASSURANCE_STRICT_LEVEL).
STRICT_ACTS = frozenset({Act.APPEAL, Act.TRANSFER, Act.CANCELLATION, Act.TERMO_SIGNATURE})

# A case kind opened by a citizen is this act; any other kind is a request.
_ACT_OF_KIND = {
    "complaint": Act.COMPLAINT,
    "appeal": Act.APPEAL,
    "transfer": Act.TRANSFER,
    "cancellation": Act.CANCELLATION,
}


def act_of_kind(kind: str) -> Act:
    return _ACT_OF_KIND.get(kind, Act.REQUEST)


def act_levels() -> dict[Act, Level]:
    """The one table: the level each act needs, with the settings' overrides applied."""
    strict = Level.named(getattr(settings, "ASSURANCE_STRICT_LEVEL", "prata"))
    table = {
        Act.COMPLAINT: Level.NONE,
        Act.REQUEST: Level.PRATA,
        **{act: strict for act in STRICT_ACTS},
    }
    overrides: Mapping[str, str] = getattr(settings, "ASSURANCE_LEVELS", {}) or {}
    for act, level in overrides.items():
        table[Act(act)] = Level.named(level)
    return table


def providers_configured() -> bool:
    return bool(getattr(settings, "IDENTITY_PROVIDERS", {}))


# The session keys a provider login writes (identity.services.session_start_external).
SESSION_LEVEL = "identity_level"
SESSION_PROVIDER = "identity_provider"


def session_level() -> tuple[Level, str]:
    """The level and provider of the request being served (NONE, "" outside one)."""
    request = current_request()
    if request is None or not hasattr(request, "session"):
        return Level.NONE, ""
    return Level(int(request.session.get(SESSION_LEVEL, 0))), request.session.get(
        SESSION_PROVIDER, ""
    )


def assurance_check(*, actor: object, act: Act) -> dict[str, str] | None:
    """Refuse the act if the citizen's session is below the level it needs.

    Returns what the act's timeline records (level and provider), or None when no level
    applies: no provider is configured (the municipality runs on local accounts), nobody
    is signed in (a passenger's anonymous complaint), the actor is staff (acting for the
    municipality, not as a citizen), or the code runs outside a request (a task or a
    command acts on the municipality's behalf)."""
    if not providers_configured() or actor is None:
        return None
    if not getattr(actor, "is_authenticated", False) or is_staff_member(actor):
        return None
    request = current_request()
    if request is None:
        return None
    level, provider = session_level()
    needed = act_levels()[act]
    if level < needed:
        raise IdentityRequired(
            _(
                "Para %(act)s é preciso entrar com uma conta gov.br de nível %(needed)s ou "
                "superior; sua sessão tem %(level)s. Eleve o nível da sua conta no gov.br "
                "e entre de novo."
            )
            % {"act": ACT_LABELS[act], "needed": needed.label, "level": level.label},
            code=ASSURANCE_LEVEL_TOO_LOW,
            resume_url=reverse("identity-level")
            + "?"
            + urlencode({"nivel": needed.name.lower(), "next": resume_path(request)}),
        )
    return {"assurance_level": level.name.lower(), "identity_provider": provider}


def resume_path(request: object) -> str:
    """Where to send the user back after he gave the proof: the page he was on.

    A POST is not replayed (its one-time token is spent): the page that sent it, when it
    is ours, else the address posted to."""
    path: str = request.get_full_path()  # type: ignore[attr-defined]
    if request.method != "GET":  # type: ignore[attr-defined]
        from django.utils.http import url_has_allowed_host_and_scheme

        referer = request.META.get("HTTP_REFERER", "")  # type: ignore[attr-defined]
        if referer and url_has_allowed_host_and_scheme(
            referer,
            allowed_hosts={request.get_host()},  # type: ignore[attr-defined]
            require_https=request.is_secure(),  # type: ignore[attr-defined]
        ):
            from urllib.parse import urlsplit

            parts = urlsplit(referer)
            path = parts.path + (f"?{parts.query}" if parts.query else "")
    return path
