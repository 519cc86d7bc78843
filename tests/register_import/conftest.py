from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
import time_machine

from accounts.roles import Role
from tests.factories import UserFactory

SAMPLE = Path(__file__).resolve().parents[2] / "register_import" / "sample"
# The sample was written for this day: its IMs and CNHs are valid on it.
SAMPLE_DAY = dt.datetime(2026, 12, 1, 10, tzinfo=ZoneInfo("America/Sao_Paulo"))


@pytest.fixture
def on_sample_day():
    with time_machine.travel(SAMPLE_DAY, tick=False):
        yield


@pytest.fixture
def sample_bytes() -> bytes:
    return (SAMPLE / "registro-atual.csv").read_bytes()


@pytest.fixture
def corrected_bytes() -> bytes:
    return (SAMPLE / "registro-atual-corrigido.csv").read_bytes()


@pytest.fixture
def deliberate_errors() -> set[tuple[int, str, str]]:
    manifest = json.loads((SAMPLE / "erros-deliberados.json").read_text())
    return {(e["line"], e["column"], e["code"]) for e in manifest}


@pytest.fixture
def importer():
    return UserFactory(role=Role.CLERK, username="importer")
