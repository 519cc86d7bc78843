"""The demo data a new user logs in with: complete, valid, and safe to load again."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.contrib.auth import authenticate
from django.contrib.auth.models import Group
from django.core.management import call_command
from validate_docbr import CNH, CPF, RENAVAM

from accounts.models import User
from accounts.roles import has_role
from cases.models import AuditEvent, Case
from cases.selectors import QueueFilter, case_queue
from cases.services.transitions import case_act, local_today
from law.statute import PUBLICATION_DATE
from registers.models import (
    Authorization,
    Driver,
    MunicipalRegistration,
    PopulationFigure,
    Vehicle,
)
from registers.validators import normalize_plate
from web.demo import DEMO_HOLDERS, DEMO_LOGINS, DEMO_PASSWORD, DEMO_USERS, demo_load
from workflows.advertising.models import AdvertisingCase, AdvertisingState
from workflows.suspension.models import SuspensionCase, SuspensionGround, SuspensionState

pytestmark = pytest.mark.django_db

FIRST_LOAD = {
    "users": 9,
    "drivers": 6,
    "vehicles": 6,
    "authorizations": 6,
    "registrations": 6,
    "population_figures": 1,
    "vrte_values": 2,
    "commission_seats": 3,
    "cases": 4,
}
TABLES = [
    User,
    Group,
    Driver,
    Vehicle,
    Authorization,
    MunicipalRegistration,
    PopulationFigure,
    Case,
    AuditEvent,
]


def _row_counts() -> dict[str, int]:
    return {model.__name__: model.objects.count() for model in TABLES}


def test_loading_twice_creates_nothing_the_second_time():
    assert demo_load() == FIRST_LOAD
    after_first = _row_counts()
    assert demo_load() == dict.fromkeys(FIRST_LOAD, 0)
    assert _row_counts() == after_first


def test_load_demo_command_reports_what_it_created(capsys):
    call_command("load_demo")
    first = capsys.readouterr().out
    call_command("load_demo")
    second = capsys.readouterr().out
    assert "9 usuários" in first and "4 processos" in first
    assert "3 cadeiras da comissão" in first
    assert "nada novo a criar" in second
    assert "motorista2" in second  # the logins are shown every time


def test_each_demo_user_has_its_role():
    demo_load()
    for spec in DEMO_USERS:
        user = User.objects.get(username=spec.username)
        assert has_role(user, spec.role), spec.username
        assert user.groups.filter(name=spec.role.value).exists(), spec.username
    admin = User.objects.get(username="admin")
    assert admin.is_superuser and admin.is_staff
    assert not User.objects.get(username="servidor").is_staff
    for username in ("motorista", "motorista2"):
        assert Driver.objects.get(user__username=username).kind == Driver.Kind.HOLDER


def test_demo_passwords_work_and_a_changed_one_survives_a_reload():
    demo_load()
    for username, password, _label in DEMO_LOGINS:
        assert password == DEMO_PASSWORD
        assert authenticate(username=username, password=password) is not None, username
    user = User.objects.get(username="fiscal")
    user.set_password("outra-senha-forte-987")
    user.save()
    demo_load()
    assert authenticate(username="fiscal", password="outra-senha-forte-987") is not None
    assert authenticate(username="fiscal", password=DEMO_PASSWORD) is None


def test_hard_coded_documents_have_valid_check_digits():
    # Checked on the constants too, so a typo fails here even before any database work.
    for spec in DEMO_HOLDERS:
        assert CPF().validate(spec.cpf), spec.cpf
        assert CNH().validate(spec.cnh), spec.cnh
        assert RENAVAM().validate(spec.renavam), spec.renavam
        assert normalize_plate(spec.plate) == spec.plate


def test_each_demo_driver_and_vehicle_validates():
    demo_load()
    drivers = Driver.objects.all()
    assert drivers.count() == len(DEMO_HOLDERS)
    for driver in drivers:
        driver.full_clean()
        assert CPF().validate(driver.cpf) and CNH().validate(driver.cnh_number)
    vehicles = Vehicle.objects.all()
    plates = set(vehicles.values_list("plate", flat=True))
    assert {"MRK4821", "RQT7B52"} <= plates  # old format stored without dash, and Mercosul
    for vehicle in vehicles:
        vehicle.full_clean()
        assert vehicle.colour == "branca"
        assert 2019 <= vehicle.manufacture_year <= 2024
    assert Vehicle.objects.get(plate="MRK4821").display_plate == "MRK-4821"


def test_registers_around_the_drivers():
    demo_load()
    today = local_today()
    for driver in Driver.objects.all():
        authorization = driver.authorizations.get()
        assert authorization.status == Authorization.Status.ACTIVE
        registration = authorization.registrations.get()
        assert registration.is_valid_on(today)
        assert (registration.valid_until - registration.valid_from).days in (364, 365)
    old = Authorization.objects.filter(predates_law=True)
    assert old.count() == 2
    assert all(a.granted_on < PUBLICATION_DATE for a in old)
    assert Authorization.objects.filter(number="TA-0001/2023").exists()
    figure = PopulationFigure.objects.get(year=2022)
    assert (figure.population, figure.source) == (11641, "IBGE Censo 2022")


def test_demo_suspension_case_is_in_the_clerk_queue():
    demo_load()
    case = SuspensionCase.objects.get()
    assert re.fullmatch(r"\d{4}/\d{6}", case.number)
    assert case.applicant.user.username == "motorista2"
    assert (case.state, case.ground, case.requested_days) == (
        SuspensionState.FILED,
        SuspensionGround.VEHICLE_SUBSTITUTION,
        30,
    )
    opened = AuditEvent.objects.get(case=case)
    assert (opened.transition, opened.actor.username) == ("open", "motorista2")
    clerk = User.objects.get(username="servidor")
    queue = case_queue(user=clerk, filters=QueueFilter(), today=local_today())
    assert sorted(queue.values_list("kind", flat=True)) == [
        "advertising", "complaint", "suspension", "violation",
    ]
    assert case.pk in {row.pk for row in queue}


def test_no_new_case_once_the_demo_case_was_played_through():
    demo_load()
    case = SuspensionCase.objects.get()
    case_act(case=case, action="withdraw", actor=User.objects.get(username="motorista2"))
    assert demo_load()["cases"] == 0
    assert SuspensionCase.objects.count() == 1


def test_art_67_the_demo_taxi_carries_an_advertisement_in_force():
    demo_load()
    case = AdvertisingCase.objects.get()
    today = local_today()
    assert (case.state, case.authorized_from, case.end_on) == (
        AdvertisingState.AUTHORIZED, today, today + dt.timedelta(days=89),
    )
    assert case.authorization.number == "TA-0003/2023"
    assert case.in_force_on(today)
