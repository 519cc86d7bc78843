"""One IM number style on screen: the register's own, IM-2026/00001 (issue 24 §6). The
spreadsheet's 0001/2026 and the older papers' IM-0001 are the same number of the same
yearly series (Art. 18: the IM is issued yearly; Art. 69: existing IMs are kept)."""

from __future__ import annotations

import datetime as dt
import re

import pytest

from registers.models import MunicipalRegistration
from registers.numbers import registration_number_canonical
from registers.services.existing import existing_authorization_record
from registers.services.registrations import registration_create
from tests.factories import DriverFactory, VehicleFactory
from web.demo import demo_load


@pytest.mark.parametrize(
    ("typed", "year", "shown"),
    [
        ("IM-2026/00001", 2026, "IM-2026/00001"),
        ("0001/2026", 2026, "IM-2026/00001"),
        ("IM-0001", 2025, "IM-2025/00001"),
        ("im 2026/12", 2026, "IM-2026/00012"),
        ("A-17", 2026, "A-17"),  # not of the series: kept as the municipality wrote it
    ],
)
def test_every_known_spelling_of_an_im_number_becomes_the_registers_style(typed, year, shown):
    assert registration_number_canonical(typed, year=year) == shown


@pytest.mark.django_db
def test_art_69_an_existing_im_is_stored_in_the_registers_style_and_never_issued_again():
    holder = DriverFactory()
    vehicle = VehicleFactory()
    _, kept = existing_authorization_record(
        number="T-0001",
        holder=holder,
        vehicle=vehicle,
        granted_on=dt.date(2015, 3, 11),
        registration_number="0002/2026",
        valid_from=dt.date(2026, 3, 1),
        valid_until=dt.date(2027, 2, 28),
    )
    assert kept.number == "IM-2026/00002"

    issued = registration_create(
        authorization=kept.authorization, vehicle=vehicle, valid_from=dt.date(2026, 5, 1)
    )

    assert issued.number == "IM-2026/00003"
    assert MunicipalRegistration.objects.filter(number__startswith="IM-2026/").count() == 2


@pytest.mark.django_db
def test_the_demo_stores_its_ims_in_the_registers_style():
    demo_load()
    numbers = list(MunicipalRegistration.objects.values_list("number", flat=True))
    assert numbers and all(re.fullmatch(r"IM-\d{4}/\d{5}", n) for n in numbers), numbers
    # Clear of the register sample's IMs (0001/2026-0500/2026), which import on the demo.
    assert all(int(n[-5:]) > 500 for n in numbers), numbers
