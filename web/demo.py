"""Demo data for the embedded default, so a new user's first command shows a working system.

Every row is keyed by a natural key (username, CPF, plate, authorization number, IM number,
census year), so loading again creates nothing and never overwrites what someone changed by
hand while trying the system. The one case is filed through the real service, so its number,
state and audit trail are exactly what a driver filing at the portal would produce.

The CPF, CNH and RENAVAM numbers below were generated once with validate_docbr and fixed
here: random numbers would make every machine's demo different and break idempotency.
None of them is in the register sample (`register_import/sample`), so the corrected sample
imports on the demo without a clash (tests/register_import/test_sample_imports_on_the_demo).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import models, transaction
from django.utils import timezone
from django.utils.text import slugify

from accounts.models import User
from accounts.roles import Role
from accounts.services import roles_ensure, user_grant_role
from cases.models import Case, CaseKind
from cases.services.transitions import case_act, local_today
from municipal.demo import municipal_demo_load
from registers.models import (
    Authorization,
    Driver,
    MunicipalRegistration,
    PopulationFigure,
    Vehicle,
    VrteValue,
)
from registers.services.registrations import registration_number_claim
from workflows.advertising.services import advertising_approve, advertising_file
from workflows.appeal.models import CommissionSeat
from workflows.complaint.models import ComplaintCase
from workflows.complaint.services import complaint_file
from workflows.renewal.cycle import renewal_cycle_start
from workflows.substitution.tracking import vehicle_deadlines_backfill
from workflows.suspension.models import SuspensionGround
from workflows.suspension.services import suspension_file
from workflows.violation.models import ViolationNotice
from workflows.violation.services import violation_notices_issue, violation_send_notice

DEMO_PASSWORD = "demo12345"


@dataclass(frozen=True)
class DemoUser:
    username: str
    first_name: str
    last_name: str
    role: Role
    label: str
    superuser: bool = False


@dataclass(frozen=True)
class DemoHolder:
    """A holder with his vehicle, Termo and IM; `username` links a demo login to him."""

    name: str
    cpf: str
    cnh: str
    cnh_category: str
    address: str
    district: str
    phone: str
    plate: str
    renavam: str
    make: str
    model: str
    manufacture_year: int
    capacity: int
    authorization: str
    granted_on: dt.date
    predates_law: bool
    # Stored in the register's style (IM-<year>/00901 …, registers.numbers), numbered past
    # the 500 IMs of the register sample (0001/2026-0500/2026) so the sample imports on
    # the demo without a clash.
    registration: str
    # How long ago the current IM started: staggered so renewals do not all fall together.
    registration_age_days: int
    username: str = ""


DEMO_USERS: list[DemoUser] = [
    DemoUser("motorista", "José Carlos", "Ferreira", Role.DRIVER, "Taxista"),
    DemoUser(
        "motorista2", "Maria Aparecida", "Souza", Role.DRIVER, "Taxista (com pedido de suspensão)"
    ),
    DemoUser("servidor", "Ana Paula", "Mendes", Role.CLERK, "Servidor da Secretaria de Finanças"),
    DemoUser("fiscal", "Roberto", "Alves", Role.FISCAL_AGENT, "Agente fiscal"),
    DemoUser(
        "comissao",
        "Cláudia",
        "Ribeiro",
        Role.COMMISSION_MEMBER,
        "Comissão de recursos, cadeira I (Poder Público)",
    ),
    DemoUser(
        "comissao2",
        "Sebastião",
        "Lima",
        Role.COMMISSION_MEMBER,
        "Comissão de recursos, cadeira II (taxistas)",
    ),
    DemoUser(
        "comissao3",
        "Helena",
        "Costa",
        Role.COMMISSION_MEMBER,
        "Comissão de recursos, cadeira III (sociedade civil)",
    ),
    DemoUser("prefeito", "Prefeito", "Municipal", Role.MAYOR, "Prefeito"),
    DemoUser(
        "admin", "Administrador", "do Sistema", Role.ADMINISTRATOR, "Administrador", superuser=True
    ),
]

DEMO_LOGINS: list[tuple[str, str, str]] = [
    (user.username, DEMO_PASSWORD, user.label) for user in DEMO_USERS
]

# Old plates (ABC-1234) are stored without the dash; three of each format so both show up.
DEMO_HOLDERS: list[DemoHolder] = [
    DemoHolder(
        name="José Carlos Ferreira",
        cpf="72943648345",
        cnh="68481864597",
        cnh_category="D",
        address="Rua Sete de Setembro, 112",
        district="Centro",
        phone="(27) 99811-2031",
        plate="MRK4821",
        renavam="57349777091",
        make="Chevrolet",
        model="Spin",
        manufacture_year=2019,
        capacity=7,
        authorization="TA-0001/2023",
        granted_on=dt.date(2015, 3, 11),
        predates_law=True,
        registration="IM-0901",
        registration_age_days=40,
        username="motorista",
    ),
    DemoHolder(
        name="Maria Aparecida Souza",
        cpf="09288661654",
        cnh="10345993939",
        cnh_category="B",
        address="Avenida Pedro Gomes, 45",
        district="Centro",
        phone="(27) 99745-1188",
        plate="RQT7B52",
        renavam="25553769990",
        make="Fiat",
        model="Cronos",
        manufacture_year=2021,
        capacity=5,
        authorization="TA-0002/2023",
        granted_on=dt.date(2020, 8, 3),
        predates_law=True,
        registration="IM-0902",
        registration_age_days=95,
        username="motorista2",
    ),
    DemoHolder(
        name="Antônio Lopes da Silva",
        cpf="50459285467",
        cnh="24660373680",
        cnh_category="B",
        address="Rua Espírito Santo, 230",
        district="São José",
        phone="(27) 99632-4450",
        plate="MSA3309",
        renavam="43243165475",
        make="Volkswagen",
        model="Virtus",
        manufacture_year=2020,
        capacity=5,
        authorization="TA-0003/2023",
        granted_on=dt.date(2023, 9, 15),
        predates_law=False,
        registration="IM-0903",
        registration_age_days=150,
        username="",
    ),
    DemoHolder(
        name="Francisca Oliveira Santos",
        cpf="83432919565",
        cnh="17687981766",
        cnh_category="C",
        address="Rua Minas Gerais, 18",
        district="Vila Nova",
        phone="(27) 99918-7712",
        plate="RQE2F41",
        renavam="69781106998",
        make="Toyota",
        model="Corolla",
        manufacture_year=2023,
        capacity=5,
        authorization="TA-0004/2023",
        granted_on=dt.date(2023, 11, 6),
        predates_law=False,
        registration="IM-0904",
        registration_age_days=210,
        username="",
    ),
    DemoHolder(
        name="Sebastião Rodrigues Pereira",
        cpf="87711853807",
        cnh="19235499011",
        cnh_category="B",
        address="Rua Bahia, 77",
        district="Bela Vista",
        phone="(27) 99870-3345",
        plate="MTB6618",
        renavam="75689348586",
        make="Renault",
        model="Logan",
        manufacture_year=2022,
        capacity=5,
        authorization="TA-0005/2024",
        granted_on=dt.date(2024, 2, 19),
        predates_law=False,
        registration="IM-0905",
        registration_age_days=270,
        username="",
    ),
    DemoHolder(
        name="Luciana Gomes Batista",
        cpf="53478489288",
        cnh="84600552310",
        cnh_category="B",
        address="Rua Sergipe, 301",
        district="Centro",
        phone="(27) 99654-0918",
        plate="RBC9H07",
        renavam="22800922868",
        make="Hyundai",
        model="HB20S",
        manufacture_year=2024,
        capacity=5,
        authorization="TA-0006/2024",
        granted_on=dt.date(2024, 6, 3),
        predates_law=False,
        registration="IM-0906",
        registration_age_days=330,
        username="",
    ),
]

POPULATION_YEAR = 2022
POPULATION = 11641
POPULATION_SOURCE = "IBGE Censo 2022"

# The driver whose pending suspension fills the clerk's queue on first start.
SUSPENSION_USERNAME = "motorista2"
SUSPENSION_DAYS = 30


def _get_or_create(
    model: type[models.Model],
    counts: dict[str, int],
    key: str,
    *,
    validate: bool = False,
    defaults: dict[str, Any],
    **lookup: Any,
) -> Any:
    """Fetch by natural key or create; `validate` runs the model's validators on creation.

    Validating catches a mistyped hard-coded document before it reaches the database, where
    nothing else would check its digits.
    """
    row = model._default_manager.filter(**lookup).first()
    if row is not None:
        return row
    row = model(**lookup, **defaults)
    if validate:
        row.full_clean()
    row.save()
    counts[key] += 1
    return row


def _one_year_from(start: dt.date) -> dt.date:
    """The last day of a licence valid for one year from `start` (29 Feb → 28 Feb)."""
    try:
        anniversary = start.replace(year=start.year + 1)
    except ValueError:
        anniversary = dt.date(start.year + 1, 3, 1)
    return anniversary - dt.timedelta(days=1)


def _users(counts: dict[str, int]) -> dict[str, User]:
    users: dict[str, User] = {}
    for spec in DEMO_USERS:
        user = User.objects.filter(username=spec.username).first()
        if user is None:
            user = User(
                username=spec.username,
                first_name=spec.first_name,
                last_name=spec.last_name,
                email=f"{spec.username}@example.org",
                is_staff=spec.superuser,
                is_superuser=spec.superuser,
                # A matrícula for the staff, printed on the acts they sign (Art. 47 VI).
                employee_number="" if spec.role == Role.DRIVER else f"{1040 + len(users)}-7",
            )
            # Only on creation: whoever changed a demo password keeps the new one.
            user.set_password(DEMO_PASSWORD)
            user.save()
            counts["users"] += 1
        # Granting is idempotent (a group membership), so a removed role comes back.
        user_grant_role(user=user, role=spec.role)
        users[spec.username] = user
    return users


def _registers(counts: dict[str, int], users: dict[str, User], today: dt.date) -> None:
    for spec in DEMO_HOLDERS:
        user = users.get(spec.username) if spec.username else None
        driver = _get_or_create(
            Driver,
            counts,
            "drivers",
            validate=True,
            cpf=spec.cpf,
            defaults={
                "user": user,
                "kind": Driver.Kind.HOLDER,
                "name": spec.name,
                "cnh_number": spec.cnh,
                "cnh_category": spec.cnh_category,
                "cnh_expires_on": today + dt.timedelta(days=3 * 365),
                "email": f"{slugify(spec.name).replace('-', '.')}@example.org",
                "phone": spec.phone,
                "address": spec.address,
                "district": spec.district,
                "city": "Mantenópolis",
                "postal_code": "29770-000",
            },
        )
        if user is not None and driver.user_id is None:
            # The login was deleted and recreated: reconnect it to its register.
            driver.user = user
            driver.save(update_fields=["user"])
        vehicle = _get_or_create(
            Vehicle,
            counts,
            "vehicles",
            validate=True,
            plate=spec.plate,
            defaults={
                "renavam": spec.renavam,
                "make": spec.make,
                "model": spec.model,
                "manufacture_year": spec.manufacture_year,
                "doors": 4,
                "capacity": spec.capacity,
                "air_conditioning": True,
                "airbag": True,
                "colour": "branca",
                "owner": driver,
            },
        )
        authorization = _get_or_create(
            Authorization,
            counts,
            "authorizations",
            number=spec.authorization,
            defaults={
                "holder": driver,
                "vehicle": vehicle,
                "granted_on": spec.granted_on,
                "predates_law": spec.predates_law,
            },
        )
        valid_from = today - dt.timedelta(days=spec.registration_age_days)
        before = counts["registrations"]
        registration = _get_or_create(
            MunicipalRegistration,
            counts,
            "registrations",
            # In the register's style, the year's series moved past it (issue 24 §6).
            number=registration_number_claim(spec.registration, year=valid_from.year),
            defaults={
                "authorization": authorization,
                "vehicle": vehicle,
                "valid_from": valid_from,
                "valid_until": _one_year_from(valid_from),
            },
        )
        if counts["registrations"] > before:
            # The IM's yearly cycle: reminders 30 and 7 days before, then the expiry.
            renewal_cycle_start(registration=registration, actor=None)
    _get_or_create(
        PopulationFigure,
        counts,
        "population_figures",
        year=POPULATION_YEAR,
        defaults={"population": POPULATION, "source": POPULATION_SOURCE},
    )


def _suspension(counts: dict[str, int], users: dict[str, User]) -> None:
    """File one request so the clerk's queue is not empty, unless the driver has any case.

    "Any case", not "an open suspension": once someone has played the demo through
    (accepted, denied, withdrawn), loading again must not put a fresh request back.
    """
    spec = next(h for h in DEMO_HOLDERS if h.username == SUSPENSION_USERNAME)
    driver = Driver.objects.get(cpf=spec.cpf)
    if Case.objects.filter(applicant=driver).exists():
        return
    if not Authorization.objects.filter(holder=driver, status=Authorization.Status.ACTIVE).exists():
        return  # nothing to suspend; the service would refuse anyway
    # The holder files it himself, as at the portal; a clerk does it at the counter if the
    # login is not linked to the register.
    actor = driver.user or users["servidor"]
    suspension_file(
        actor=actor,
        driver=driver,
        ground=SuspensionGround.VEHICLE_SUBSTITUTION.value,
        days=SUSPENSION_DAYS,
        reason="Troca do veículo por um modelo mais novo (dados de demonstração).",
    )
    counts["cases"] += 1


def _enforcement(counts: dict[str, int], users: dict[str, User]) -> None:
    """A violation notice with its registered letter waiting to be posted, and a
    passenger's complaint waiting for triage — once, on a fresh database."""
    if ViolationNotice.objects.exists() or ComplaintCase.objects.exists():
        return
    spec = next(h for h in DEMO_HOLDERS if h.username == "motorista")
    authorization = Authorization.objects.get(number=spec.authorization)
    if authorization.status != Authorization.Status.ACTIVE:
        return
    now = timezone.now()
    [notice] = violation_notices_issue(
        agent=users["fiscal"],
        authorization=authorization,
        items=["X"],
        occurred_at=now - dt.timedelta(hours=3),
        place="Ponto da Praça Central",
        description="Tabela de preços não afixada (dados de demonstração).",
        # Each act signed by who took it, as on the pages (documents.signing.keys).
        password=DEMO_PASSWORD,
    )
    violation_send_notice(case=notice, actor=users["servidor"], password=DEMO_PASSWORD)
    complaint_file(
        plate=authorization.vehicle.plate,
        occurred_at=now - dt.timedelta(days=1),
        place="Rodoviária",
        account="O motorista recusou a corrida curta (dados de demonstração).",
    )
    counts["cases"] += 2


# Art. 67: the holder whose taxi carries an authorized advertisement in the demo.
ADVERTISING_AUTHORIZATION = "TA-0003/2023"
# The smallest PDF the upload check accepts: the layout of the demo's advertisement.
_LAYOUT_PDF = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"


def _advertising(counts: dict[str, int], users: dict[str, User]) -> None:
    """An advertisement on the doors, authorized and in force for 90 days (Art. 67), filed
    at the counter, its layout accepted and the mayor's decision taken — once."""
    if Case.objects.filter(kind=CaseKind.ADVERTISING).exists():
        return
    authorization = Authorization.objects.filter(number=ADVERTISING_AUTHORIZATION).first()
    if authorization is None or authorization.status != Authorization.Status.ACTIVE:
        return
    today = local_today()
    case = advertising_file(
        actor=users["servidor"],
        holder=authorization.holder,
        placement="side_doors",
        text="Supermercado Bom Preço — ofertas toda semana (dados de demonstração).",
        advertiser="Supermercado Bom Preço Ltda.",
        start_on=today,
        end_on=today + dt.timedelta(days=89),
        proofs={"layout": [SimpleUploadedFile("leiaute.pdf", _LAYOUT_PDF)]},
        today=today,
    )
    case_act(
        case=case, action="review_document", actor=users["servidor"], item="layout",
        decision="accept",
    )
    case_act(case=case, action="accept", actor=users["servidor"])
    advertising_approve(case=case, actor=users["prefeito"], today=today)
    counts["cases"] += 1


def demo_load() -> dict[str, int]:
    """Load the demo logins, registers and one pending case; return how many rows were new."""
    counts = dict.fromkeys(
        [
            "users",
            "drivers",
            "vehicles",
            "authorizations",
            "registrations",
            "population_figures",
            "vrte_values",
            "commission_seats",
            "cases",
        ],
        0,
    )
    # Registers in one transaction, so a failure leaves no half-made holder behind; the
    # case afterwards, because its service opens its own durable transaction.
    with transaction.atomic():
        roles_ensure()
        users = _users(counts)
        _registers(counts, users, local_today())
        _vrte(counts)
        _commission(counts, users)
    _suspension(counts, users)
    _enforcement(counts, users)
    _advertising(counts, users)
    # The vehicle age (Art. 12) and colour (Art. 70) deadlines of the demo taxis.
    vehicle_deadlines_backfill(today=local_today())
    # Stands, tariffs, lost property, roster and a cooperative (each once, when empty).
    municipal_demo_load(clerk=users["servidor"], today=local_today())
    return counts


# Art. 52: who holds each seat of the appeal commission.
DEMO_SEATS = {"I": "comissao", "II": "comissao2", "III": "comissao3"}


def _commission(counts: dict[str, int], users: dict[str, User]) -> None:
    for seat, username in DEMO_SEATS.items():
        _, created = CommissionSeat.objects.get_or_create(
            seat=seat,
            holder=users[username],
            defaults={"since": dt.date(2025, 1, 1), "appointment": "Demonstração"},
        )
        counts["commission_seats"] += int(created)


# Art. 54: the VRTE in reais per year (demo figures in the order of the real ones).
DEMO_VRTE = {2025: Decimal("4.6022"), 2026: Decimal("4.7331")}


def _vrte(counts: dict[str, int]) -> None:
    for year, value in DEMO_VRTE.items():
        _, created = VrteValue.objects.get_or_create(
            year=year, defaults={"value": value, "source": "Demonstração"}
        )
        counts["vrte_values"] += int(created)
