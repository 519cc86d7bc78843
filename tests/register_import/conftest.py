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


COLUMN = {  # positions in the sample's header
    "termo": 0,
    "titular_nome": 2,
    "titular_cpf": 3,
    "titular_cnh": 4,
    "titular_cnh_validade": 6,
    "placa": 11,
    "ano_fabricacao": 15,
    "cor": 19,
}


@pytest.fixture
def deliberate_flags() -> set[tuple[int, str, str]]:
    manifest = json.loads((SAMPLE / "sinalizacoes-deliberadas.json").read_text())
    return {(e["line"], e["column"], e["code"]) for e in manifest}


@pytest.fixture
def small_file(corrected_bytes):
    """The header and the first `rows` rows of the corrected sample, with cells changed:
    `changes` maps a file line (the header is line 1) to {column: value}."""

    def make(rows: int, changes: dict[int, dict[str, str]] | None = None) -> bytes:
        lines = corrected_bytes.decode("utf-8").splitlines()[: rows + 1]
        for line, cells in (changes or {}).items():
            values = lines[line - 1].split(";")
            for column, value in cells.items():
                values[COLUMN[column]] = value
            lines[line - 1] = ";".join(values)
        return ("\n".join(lines) + "\n").encode("utf-8")

    return make
