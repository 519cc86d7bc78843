"""Who may see what: one access policy per kind of record, in one table of role × relation.

A user reaches a record through a *relation*:

- **owner** — the record is his: the driver a case, a Termo, a vehicle or a notice is
  about, the staff member who asked for an export or saved a search;
- **party** — he is named in a case that is another's (the auxiliary driver who is the
  offender of a notice on his titular's Termo, Art. 27; a successor in a transfer);
- **judging** — the appeal commission (Art. 52) and a record reached by a case before it:
  the appeal, the notice appealed against, the driver, vehicle and Termo they name;
- **handling** — the staff whose work is every record of that kind;
- **public** — anyone, signed in or not (a published act: a stand, a tariff table).

`POLICY[record][role]` says which relations open a record of that kind to a role; a role
not listed reaches none. The scoping selectors read it (`cases.selectors.cases_visible_to`,
`cases.policy` for the registers, `documents.selectors.documents_in_scope`,
`notifications.selectors.notifications_visible_to` and `letters_in_scope`), and `ROUTES`
says which kind of record every route that takes an id shows, so that
`tests/access/test_every_route.py` walks the URLconf and checks each route, for each role,
against this table (and that staff reading a driver's record write the LGPD read log): a
route missing here fails that test. The admin row is checked on every model the admin
shows (`tests/access/test_admin_pages.py`); README's "Who can see what" prints the table
(`policy_markdown`, kept equal by a test).

Pure data and two questions; it imports nothing of the project but the roles.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import models
from django.utils.translation import gettext_lazy as _

from accounts.roles import STAFF_ROLES, Role, roles_of


class Record(models.TextChoices):
    CASE = "case", _("processo")
    DRIVER = "driver", _("taxista")
    VEHICLE = "vehicle", _("veículo")
    AUTHORIZATION = "authorization", _("Termo de Autorização")
    DOCUMENT = "document", _("documento")
    NOTIFICATION = "notification", _("notificação")
    LETTER = "letter", _("carta registrada e AR")
    EXPORT = "export", _("exportação")
    SAVED_SEARCH = "saved_search", _("busca salva")
    SEARCH_HIT = "search_hit", _("resultado de busca")
    IMPORT_JOB = "import_job", _("importação do cadastro")
    MUNICIPAL_ROW = "municipal_row", _("cadastro municipal (pontos, tarifas, achados…)")
    PUBLISHED_ACT = "published_act", _("ato publicado (ponto de táxi, tabela de tarifas)")
    ADMIN_PAGE = "admin_page", _("página do administrador")


class Relation(models.TextChoices):
    OWNER = "owner", _("titular")
    PARTY = "party", _("parte no processo")
    JUDGING = "judging", _("comissão que julga")
    HANDLING = "handling", _("servidor que trata")
    PUBLIC = "public", _("qualquer pessoa")


OWNER, PARTY, JUDGING, HANDLING, PUBLIC = (
    Relation.OWNER,
    Relation.PARTY,
    Relation.JUDGING,
    Relation.HANDLING,
    Relation.PUBLIC,
)
ANYONE = "anyone"
"""The row of the table that holds for every visitor, signed in or not."""
DRIVER, CLERK, FISCAL, COMMISSION, MAYOR, ADMIN = (
    Role.DRIVER,
    Role.CLERK,
    Role.FISCAL_AGENT,
    Role.COMMISSION_MEMBER,
    Role.MAYOR,
    Role.ADMINISTRATOR,
)

# The staff who handle every case (the Secretaria, the fiscal agents who issue notices,
# the mayor who decides, the administrator). The commission judges appeals and sees only
# what it judges (Art. 52): never the whole register.
_CASE_WORKERS = {CLERK: {HANDLING}, FISCAL: {HANDLING}, MAYOR: {HANDLING}, ADMIN: {HANDLING}}

POLICY: dict[str, dict[str, frozenset[str]]] = {
    kind: {role: frozenset(relations) for role, relations in table.items()}
    for kind, table in {
        # A driver his own cases and those naming him (the offender of a notice).
        Record.CASE: {DRIVER: {OWNER, PARTY}, COMMISSION: {JUDGING}, **_CASE_WORKERS},
        # A driver's file (CPF, CNH, address, points): the commission only of a driver
        # with a case before it. The driver reads his own through the portal.
        Record.DRIVER: {DRIVER: {OWNER}, COMMISSION: {JUDGING}, **_CASE_WORKERS},
        Record.VEHICLE: {DRIVER: {OWNER}, COMMISSION: {JUDGING}, **_CASE_WORKERS},
        Record.AUTHORIZATION: {DRIVER: {OWNER}, COMMISSION: {JUDGING}, **_CASE_WORKERS},
        # Official PDFs and uploaded files follow their case; a Termo its holder.
        Record.DOCUMENT: {DRIVER: {OWNER, PARTY}, COMMISSION: {JUDGING}, **_CASE_WORKERS},
        # A notice is read by its addressee; the commission those of the cases it judges.
        Record.NOTIFICATION: {DRIVER: {OWNER}, COMMISSION: {JUDGING}, **_CASE_WORKERS},
        # A registered letter and its scanned AR card: the addressee and the staff who
        # handle cases (who may record posting and AR is the service's question, Art. 46).
        # Not the commission: the mailbox of every e-mail is not what it judges.
        Record.LETTER: {DRIVER: {OWNER}, **_CASE_WORKERS},
        # An export holds what its author could see when he asked: his alone.
        Record.EXPORT: {
            CLERK: {OWNER},
            FISCAL: {OWNER},
            COMMISSION: {OWNER},
            MAYOR: {OWNER},
            ADMIN: {OWNER},
        },
        Record.SAVED_SEARCH: {
            CLERK: {OWNER},
            FISCAL: {OWNER},
            COMMISSION: {OWNER},
            MAYOR: {OWNER},
            ADMIN: {OWNER},
        },
        # What the search box finds is what each register's own row above allows.
        Record.SEARCH_HIT: {COMMISSION: {JUDGING}, **_CASE_WORKERS},
        # The Art. 69 import is the Secretaria's.
        Record.IMPORT_JOB: {CLERK: {HANDLING}, ADMIN: {HANDLING}},
        # Stands, tariffs, lost property, roster, associations: kept by the Secretaria
        # (Arts. 32 §2 II, 37 VII, 37 XVIII), read by every servant.
        # A driver reaches his own rows (the lost object he handed in, his shifts).
        Record.MUNICIPAL_ROW: {DRIVER: {OWNER}, COMMISSION: {HANDLING}, **_CASE_WORKERS},
        # A stand's act and a tariff table are published (Arts. 31, 32 §2): anyone.
        Record.PUBLISHED_ACT: {ANYONE: {PUBLIC}},
        Record.ADMIN_PAGE: {ADMIN: {HANDLING}},
    }.items()
}


def relations_granted(user: object, record: str) -> frozenset[str]:
    """The relations through which `user` may reach a record of kind `record`."""
    table = POLICY[record]
    granted: set[str] = set(table.get(ANYONE, frozenset()))
    for role in roles_of(user):
        granted |= table.get(role, frozenset())
    return frozenset(granted)


def may_reach(user: object, record: str, holding: frozenset[str] | set[str]) -> bool:
    """Whether `user`, standing in the relations `holding` to a record of kind `record`,
    may open it."""
    return bool(relations_granted(user, record) & set(holding))


@dataclass(frozen=True)
class Route:
    """What a route with an id shows: the kind of record; whether the page is the staff's
    view of it (a driver reads his own through the portal, not there); whether it is an
    act (a form or a POST), which the workflow or the register's keeper may still refuse
    to a role that sees the record; `only`, the roles the page serves at all, when
    fewer than those who see the record."""

    record: str
    staff_page: bool = False
    action: bool = False
    only: frozenset[str] = frozenset()
    personal: bool = True
    """Whether the page shows a driver's personal data (then staff opening it write the
    LGPD read log; the access walk checks it)."""
    driver_acts: bool = False
    """A staff page whose act (any method but GET, HEAD, OPTIONS) a driver may take too:
    his own arrival at a stand (Art. 36)."""
    writers: frozenset[str] = frozenset()
    """The roles that may change something through the route, when fewer than those who
    see the record (a municipal register's keepers): on an act's page every method (its
    GET is the act's form), on a read any method but GET, HEAD and OPTIONS."""


_R = Route
_STAFF = True

REGISTER_KEEPERS = frozenset({CLERK, ADMIN})
"""The Secretaria de Finanças keeps the municipal registers (Arts. 32 §2 II, 37 VII,
37 XVIII): only its clerks and the administrator change them."""
# Arrivals and departures at a stand are the line keepers' (Art. 36: the fiscal agents
# too, municipal.permissions.LINE_KEEPERS), not the registers' keepers alone.
_LINE_ROUTES = {"stand-depart", "api-stand-departure", "api-stand-line"}

# A driver opens the lost object he handed in, and records his own arrival at a stand.
_DRIVERS_TOO = {"lost-item", "lost-item-receipt", "api-lost-item"}
_MUNICIPAL_READS = {
    "lost-item",
    "lost-item-receipt",
    "association",
    "api-lost-item",
    "api-roster-entry",
    "api-association",
    "api-stand-line",
}

ROUTES: dict[str, Route] = {
    # cases and what hangs from a case
    "case": _R(Record.CASE),
    "case-claim": _R(Record.CASE, action=True),
    "case-action": _R(Record.CASE),
    "inspection-record": _R(Record.CASE, _STAFF),
    "deadline-retry": _R(Record.CASE, _STAFF),
    "api-case": _R(Record.CASE),
    "api-case-claim": _R(Record.CASE, _STAFF),
    "api-case-action": _R(Record.CASE),
    "api-inspection-result": _R(Record.CASE, _STAFF),
    "api-complaint-convert": _R(Record.CASE, _STAFF),
    "api-application": _R(Record.CASE),
    "api-appeal": _R(Record.CASE),
    "api-appeal-vote": _R(Record.CASE, action=True),
    "api-clandestine": _R(Record.CASE, _STAFF),
    "violation-penalties": _R(Record.CASE),
    "violation-payment-guide": _R(Record.CASE),
    "violation-impediment-lift": _R(Record.CASE, _STAFF),
    "application-detail": _R(Record.CASE),
    # The driver files his appeal; the Secretaria may file it for him at the counter.
    "appeal-new": _R(Record.CASE, action=True, only=frozenset({DRIVER, CLERK})),
    "appeal-detail": _R(Record.CASE),
    "clandestine-detail": _R(Record.CASE, _STAFF),
    # documents
    "document": _R(Record.DOCUMENT),
    "official-document-pdf": _R(Record.DOCUMENT),
    "document-preview": _R(Record.DOCUMENT, _STAFF),
    "document-render-retry": _R(Record.DOCUMENT, _STAFF),
    # notifications and letters
    "notification-posting": _R(Record.LETTER),
    "notification-attempt": _R(Record.LETTER),
    "notification-receipt": _R(Record.LETTER),
    "notification-ar-scan": _R(Record.LETTER),
    # The Secretaria puts a letter back in the queue; the addressee only reads his own.
    "notification-resend": _R(Record.LETTER, _STAFF),
    "api-notification-posting": _R(Record.LETTER),
    "api-notification-attempts": _R(Record.LETTER),
    "api-notification-receipt": _R(Record.LETTER),
    "api-notification-personal-delivery": _R(Record.LETTER),
    "api-notification-resend": _R(Record.LETTER, _STAFF),
    # the registers' files
    "workspace-driver": _R(Record.DRIVER, _STAFF),
    # The Secretaria issues the identification of Art. 4 X from the driver's file.
    "workspace-driver-card": _R(Record.DRIVER, _STAFF, action=True, only=frozenset({CLERK})),
    "workspace-vehicle": _R(Record.VEHICLE, _STAFF),
    "workspace-authorization": _R(Record.AUTHORIZATION, _STAFF),
    # exports, saved searches, the import
    "workspace-export-job": _R(Record.EXPORT),
    "workspace-export-progress": _R(Record.EXPORT),
    "workspace-export-file": _R(Record.EXPORT),
    "workspace-filter-delete": _R(Record.SAVED_SEARCH),
    "register-import-job": _R(Record.IMPORT_JOB),
    "register-import-progress": _R(Record.IMPORT_JOB),
    "register-import-report": _R(Record.IMPORT_JOB),
    "register-import-confirm": _R(Record.IMPORT_JOB),
    # municipal registers
    **{
        name: _R(
            Record.MUNICIPAL_ROW,
            staff_page=name not in _DRIVERS_TOO,
            action=name not in _MUNICIPAL_READS,
            writers=frozenset() if name in _LINE_ROUTES else REGISTER_KEEPERS,
            driver_acts=name == "api-stand-line",
        )
        for name in (
            "stand-edit",
            "stand-assign",
            "stand-release",
            "stand-revoke",
            "stand-depart",
            "tariff-publish",
            "tariff-discard",
            "lost-item",
            "lost-item-hand-in",
            "lost-item-close",
            "lost-item-receipt",
            "roster-remove",
            "association",
            "member-add",
            "member-end",
            "parking-approve",
            "vehicle-add",
            "use-start",
            "use-end",
            "api-stand-assign",
            "api-stand-release",
            "api-stand-revoke",
            "api-stand-line",
            "api-stand-departure",
            "api-tariff-publish",
            "api-tariff-discard",
            "api-lost-item",
            "api-lost-item-hand-in",
            "api-lost-item-close",
            "api-roster-entry",
            "api-association",
            "api-association-parking",
            "api-association-members",
            "api-member-end",
            "api-association-vehicles",
            "api-executive-use",
            "api-use-end",
        )
    },
    **{
        name: _R(Record.PUBLISHED_ACT)
        for name in ("stand", "stand-sign", "tariff", "tariff-print", "api-stand")
    },
    # A driver records his own arrival at a stand (Art. 36); the line keepers any taxi's.
    "stand-arrive": _R(Record.PUBLISHED_ACT, action=True),
}
"""Every route whose path takes the id of a record, by URL name."""

PUBLIC_ROUTES: dict[str, str] = {
    "verify-plate": "Art. 39: anyone checks a taxi by its plate (what it shows is public)",
    "verify-code": "the verification code printed on an official document",
    "signup-confirm": "the single-use link mailed to who signs up",
    "roster-day": "a date, not a record: the day's roster (staff page, no personal data)",
    "calendar-withdraw": "a date, not a record: the municipal calendar (administrator)",
    "api-calendar-day": "a date, not a record: the municipal calendar",
    "workspace-export": "a dataset's name, not a record: the dashboard's tables",
    "service-charter": "a case kind's name, not a record: the public Carta de Serviços",
    "api-verify-code": "the verification code printed on an official document",
    "identity-login": "a provider's key (gov.br, Acesso Cidadão), not a record",
    "identity-callback": "a provider's key (gov.br, Acesso Cidadão), not a record",
    "login-unlock": "the single-use link mailed to the owner of a locked user name",
    "password_reset_confirm": "the single-use link mailed for a password reset",
    "identity-session-end": "one of the user's own sessions, looked up among his own only "
    "(another's answers 404: tests/identity/test_sessions.py)",
}
"""Routes that take a value which names no private record, with the reason."""


READING_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


def route_closed_to(user: object, name: str, method: str = "GET") -> bool:
    """Whether the route `name` is closed to the roles of `user` whatever record it names:
    a staff page for someone not on the staff, a page for fewer roles (`only`), a change
    (or an act's form) for a role not among its `writers`, or a kind of record the roles
    reach through no relation. That refusal is 403, answered before any record is looked
    up; a record the roles could reach but this user does not is the other refusal, 404
    (the scoping selectors), as README's API section says."""
    route = ROUTES.get(name)
    if route is None:
        return False
    roles = roles_of(user)
    reads = method in READING_METHODS
    return (
        (route.staff_page and not roles & STAFF_ROLES and (reads or not route.driver_acts))
        or bool(route.only and not roles & route.only)
        or bool(route.writers and (route.action or not reads) and not roles & route.writers)
        or not relations_granted(user, route.record)
    )


def policy_markdown() -> str:
    """The table as README shows it ("Who can see what"); a test keeps the two equal."""
    roles = [DRIVER, CLERK, FISCAL, COMMISSION, MAYOR, ADMIN]
    header = ["record", *[str(r.value) for r in roles], "anyone"]
    lines = ["| " + " | ".join(header) + " |", "|" + " --- |" * len(header)]
    for record in Record:
        table = POLICY[record]
        cells = [
            ", ".join(sorted(str(x) for x in table.get(role, ()))) or "—"
            for role in [*roles, ANYONE]
        ]
        lines.append(f"| {record.value} | " + " | ".join(cells) + " |")
    return "\n".join(lines)
