"""Issue 12 item 9 and issue 20 point 5: schemathesis against the served OpenAPI schema,
with a driver's and a clerk's token, on a real server (gunicorn) over the test database,
with every check: no server error, no response, status, header or content type the schema
does not declare, no schema-valid request refused and no schema-violating one accepted.
The schema says what the API accepts (patterns, lengths, ranges, enums, nullable).

Settings in `schemathesis.toml` beside this file (seed, examples, the per-operation
exclusions and their reasons); hooks in `hooks.py` (a fresh Idempotency-Key per request).
Bounded and repeatable: FUZZ_EXAMPLES examples per operation (CI default 2) and a fixed
seed; FUZZ_SECONDS caps each token's run as a safety net only. The issue's audit ran
about 20,000 requests: FUZZ_EXAMPLES=100 FUZZ_SECONDS=1800 comes close. FUZZ_PATHS, a
regular expression on the path (`^/api/roster/`), runs only the operations it matches:
to check one fix without the whole API.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
import requests
from django.conf import settings
from django.db import connection

from accounts.authentication import api_token_issue
from accounts.roles import Role
from tests.conftest import _database_url_for
from tests.factories import SuspensionCaseFactory, UserFactory, ViolationNoticeFactory
from tests.faults.conftest import free_port, wait_until

pytestmark = pytest.mark.fuzz

EXAMPLES = os.environ.get("FUZZ_EXAMPLES", "2")
SECONDS = os.environ.get("FUZZ_SECONDS", "120")
PATHS = os.environ.get("FUZZ_PATHS", "")
HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent


@pytest.fixture
def server(transactional_db, tmp_path):
    """gunicorn serving the application on a free port, on the test database."""
    port = free_port()
    log = tmp_path / "gunicorn.log"
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings_test",
        "DATABASE_URL": _database_url_for(connection.settings_dict),
    }
    with open(log, "wb") as out:
        process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "gunicorn",
                "config.wsgi:application",
                "--bind",
                f"127.0.0.1:{port}",
                "--workers",
                "2",
                "--timeout",
                "60",
            ],
            cwd=settings.BASE_DIR,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    base = f"http://127.0.0.1:{port}"

    def up() -> bool:
        if process.poll() is not None:
            raise AssertionError("gunicorn exited:\n" + log.read_text())
        try:
            return requests.get(f"{base}/api/schema/", timeout=30).status_code == 200
        # Still starting, or building the schema on a busy machine: ask again.
        except (requests.ConnectionError, requests.Timeout):
            return False

    try:
        wait_until(up, timeout=90, what="gunicorn up", log=log)
        yield base, log
    finally:
        process.terminate()
        process.wait(timeout=30)


def _schema_file(base: str, folder: Path) -> Path:
    """The served schema, saved once: on a busy machine building it takes longer than the
    CLI's own 10-second read timeout for the schema."""
    response = requests.get(f"{base}/api/schema/", timeout=120)
    response.raise_for_status()
    path = folder / "openapi.yaml"
    path.write_bytes(response.content)
    return path


def _run(base: str, schema: Path, token: str, report: Path) -> tuple[int, str]:
    # In the test's folder: the CLI leaves a `.schemathesis/` cache where it runs.
    result = subprocess.run(
        [
            str(Path(sys.executable).with_name("schemathesis")),
            "--config-file",
            str(HERE / "schemathesis.toml"),
            "run",
            str(schema),
            "--url",
            base,
            "-H",
            f"Authorization: Token {token}",
            "--max-examples",
            EXAMPLES,
            "--max-time",
            SECONDS,
            "--phases",
            "examples,coverage,fuzzing",
            "--no-color",
            "--report",
            "junit",
            "--report-junit-path",
            str(report),
            *(["--include-path-regex", PATHS] if PATHS else []),
        ],
        cwd=report.parent,
        env={**os.environ, "SCHEMATHESIS_HOOKS": "tests.fuzz.hooks", "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=int(SECONDS) + 240,
    )
    return result.returncode, result.stdout + result.stderr


def test_the_api_accepts_what_its_schema_allows_and_answers_within_it(server, tmp_path):
    base, log = server
    driver_case = SuspensionCaseFactory()
    ViolationNoticeFactory(authorization=driver_case.authorization, notified=True)
    driver = driver_case.applicant.user
    clerk = UserFactory(role=Role.CLERK)
    schema = _schema_file(base, tmp_path)
    failures = {}
    for who, user in (("driver", driver), ("clerk", clerk)):
        token = api_token_issue(user=user).key
        code, output = _run(base, schema, token, tmp_path / f"{who}.xml")
        (tmp_path / f"{who}.txt").write_text(output)
        if code != 0:
            failures[who] = output[-12000:]
    assert not failures, "\n\n".join(f"== {who} ==\n{out}" for who, out in failures.items())
    assert "Internal Server Error" not in log.read_text()
