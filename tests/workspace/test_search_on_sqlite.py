"""The same search on the embedded SQLite default: `ws_searchkey` comes from Python there
(the migration's PostgreSQL extensions and indexes are skipped), and a name without its
accents, a punctuated CPF, a plate with its dash, the Termo and the case number still
find the case. Run in a child process on a fresh SQLite file, as a first install would."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PROBE = r"""
import datetime as dt, json
from django.utils import timezone
from accounts.models import User
from accounts.roles import Role
from accounts.services import user_grant_role
from registers.models import Authorization, Driver, Vehicle
from workflows.suspension.models import SuspensionCase
from workspace.search import CaseFilter, search_cases

clerk = User.objects.create(username="clerk")
user_grant_role(user=clerk, role=Role.CLERK)
driver = Driver.objects.create(
    kind="holder", name="José Conceição D'Ávila", cpf="52998224725", cnh_number="02650306461",
    cnh_category="B", cnh_expires_on=dt.date(2030, 1, 1), address="Rua Principal, 1",
)
vehicle = Vehicle.objects.create(
    plate="QAB1C23", renavam="63955391001", make="Chevrolet", model="Spin",
    manufacture_year=2024, doors=4, capacity=5,
)
taxi = Authorization.objects.create(
    number="TA-2026/000007", holder=driver, vehicle=vehicle, granted_on=dt.date(2024, 1, 1)
)
SuspensionCase.objects.create(
    number="2026/000031", year=2026, sequence=31, kind="suspension", state="filed",
    authorization=taxi, applicant=driver, opened_at=timezone.now(),
    ground="vehicle_substitution", requested_days=30,
)
queries = ["jose conceicao", "JOSÉ", "davila", "529.982.247-25", "qab-1c23",
           "ta-2026/000007", "2026/31", "maria"]
found = {q: [c.number for c in search_cases(user=clerk, filters=CaseFilter(q=q))]
         for q in queries}
# Broad (more drivers named than FEW): the cases walked, each applicant tested on the
# joined row and a Termo's holder when he is another, or the case has no applicant.
from workspace import search as search_module
maria = Driver.objects.create(
    kind="holder", name="Maria Silva", cpf="39053344705", cnh_number="12345678900",
    cnh_category="B", cnh_expires_on=dt.date(2030, 1, 1), address="Rua Principal, 2",
)
for sequence, applicant in ((32, maria), (33, None)):
    SuspensionCase.objects.create(
        number=f"2026/0000{sequence}", year=2026, sequence=sequence, kind="suspension",
        state="filed", authorization=taxi, applicant=applicant, opened_at=timezone.now(),
        ground="vehicle_substitution", requested_days=30,
    )
search_module.FEW = 0
found["broad jose"] = [
    c.number for c in search_cases(user=clerk, filters=CaseFilter(q="jose", status="all"))
]
found["broad silva"] = [
    c.number for c in search_cases(user=clerk, filters=CaseFilter(q="silva", status="all"))
]
print("RESULT" + json.dumps(found))
"""


def test_search_is_tolerant_on_the_embedded_sqlite_default(tmp_path):
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("DJANGO_SETTINGS_MODULE", "DATABASE_URL", "REDIS_URL")
    }
    env.update(
        DEBUG="1",
        VAR_DIR=str(tmp_path),
        DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}",
        DJANGO_SETTINGS_MODULE="config.settings",
    )
    manage = [sys.executable, str(ROOT / "manage.py")]
    subprocess.run([*manage, "migrate", "-v0"], env=env, cwd=ROOT, check=True, timeout=300)
    shell = subprocess.run(
        [*manage, "shell", "-c", PROBE],
        env=env, cwd=ROOT, check=True, timeout=120, capture_output=True, text=True,
    )
    line = next(out for out in shell.stdout.splitlines() if out.startswith("RESULT"))
    found = json.loads(line.removeprefix("RESULT"))
    assert found == {
        "jose conceicao": ["2026/000031"],
        "JOSÉ": ["2026/000031"],
        "davila": ["2026/000031"],
        "529.982.247-25": ["2026/000031"],
        "qab-1c23": ["2026/000031"],
        "ta-2026/000007": ["2026/000031"],
        "2026/31": ["2026/000031"],
        "maria": [],
        "broad jose": ["2026/000033", "2026/000032", "2026/000031"],
        "broad silva": ["2026/000032"],
    }
