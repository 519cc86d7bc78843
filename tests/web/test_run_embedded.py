"""`run_embedded` as a new user meets it: a real process tree on SQLite and the file broker.

Nothing is mocked: the command runs in a subprocess with the environment `bin/run` gives it,
so this test fails if the embedded default stops being runnable without PostgreSQL or Redis.
"""

from __future__ import annotations

import http.cookiejar
import os
import re
import signal
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from celery import Celery
from django.conf import settings
from pypdf import PdfReader

START_TIMEOUT = 240.0
STOP_TIMEOUT = 15.0


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _wait_for(what: str, check: Callable[[], bool], timeout: float, log: Path) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():
            return
        time.sleep(0.3)
    pytest.fail(f"timed out waiting for {what}; output:\n{log.read_text(errors='replace')}")


def _children_of(pid: int) -> list[int]:
    """Direct children, from /proc (Linux), so the test can prove none is left behind."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # the process ended while we looked
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@dataclass
class Embedded:
    process: subprocess.Popen[bytes]
    port: int
    var_dir: Path
    log: Path


@pytest.fixture
def embedded(tmp_path: Path) -> Iterator[Embedded]:
    port = _free_port()
    var_dir = tmp_path / "var"
    env = dict(os.environ)
    # The test settings put PostgreSQL, Redis and secrets in os.environ; a new user has none.
    for name in (
        "DATABASE_URL",
        "CELERY_BROKER_URL",
        "REDIS_URL",
        "SECRET_KEY",
        "ALLOWED_HOSTS",
        "SECURE_SSL_REDIRECT",
        "MEDIA_ROOT",
    ):
        env.pop(name, None)
    # What bin/run exports: the embedded mode, DEBUG off (issue 24 §7).
    env.pop("DEBUG", None)
    env.pop("PUBLIC_BASE_URL", None)
    env.update(EMBEDDED="true", VAR_DIR=str(var_dir), DJANGO_SETTINGS_MODULE="config.settings")
    log = tmp_path / "output.log"
    with log.open("wb") as out:
        process = subprocess.Popen(
            [sys.executable, "manage.py", "run_embedded", "--port", str(port)],
            cwd=settings.BASE_DIR,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            # Its own group, so the cleanup below can reach every child even if the
            # command under test fails to stop them.
            start_new_session=True,
        )
    try:
        yield Embedded(process, port, var_dir, log)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def _get(
    opener: urllib.request.OpenerDirector,
    url: str,
    data: bytes | None = None,
) -> tuple[int, str, str]:
    try:
        with opener.open(url, data=data, timeout=5) as response:
            return response.status, response.geturl(), response.read().decode()
    except urllib.error.HTTPError as exc:
        return exc.code, url, ""


def _answers(opener: urllib.request.OpenerDirector, url: str) -> bool:
    try:
        return _get(opener, url)[0] == 200
    except (urllib.error.URLError, OSError):
        return False


def test_embedded_default_serves_works_and_stops_on_ctrl_c(embedded: Embedded) -> None:
    process, log = embedded.process, embedded.log
    base = f"http://127.0.0.1:{embedded.port}"
    jar = http.cookiejar.CookieJar()
    browser = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))

    # Migrate, demo data and three processes, all from nothing.
    _wait_for("the web server", lambda: _answers(browser, f"{base}/"), START_TIMEOUT, log)
    status, _url, page = _get(browser, f"{base}/entrar/")
    assert status == 200
    assert 'name="username"' in page and 'name="password"' in page

    # A demo login works against the SQLite database the command migrated and loaded.
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
    assert token is not None
    form = urllib.parse.urlencode(
        {
            "csrfmiddlewaretoken": token.group(1),
            "username": "servidor",
            "password": "demo12345",
        }
    ).encode()
    status, landed, queue = _get(browser, f"{base}/entrar/", form)
    assert status == 200 and landed.endswith("/processos/"), landed
    assert re.search(r"\d{4}/\d{6}", queue), "the demo case should be in the clerk queue"

    # The worker consumes from the filesystem broker: send it a task through the folders.
    _wait_for(
        "the worker", lambda: " ready." in log.read_text(errors="replace"), START_TIMEOUT, log
    )
    broker = embedded.var_dir / "broker"
    probe = Celery("probe", broker="filesystem://")
    probe.conf.broker_transport_options = {
        "data_folder_in": str(broker),
        "data_folder_out": str(broker),
        # The worker runs in the broker folder and keeps its exchange tables there.
        "control_folder": str(broker / "control"),
    }
    task_id = probe.send_task("cases.tasks.sweep_deadlines").id
    _wait_for(
        "the worker to run the task",
        lambda: f"[{task_id}] succeeded" in log.read_text(errors="replace"),
        20.0,
        log,
    )

    # A newcomer's mistyped address gets the site's own page in Portuguese, not Django's
    # debug page listing every URL pattern; the icon the pages name is served.
    status, _url, _page = _get(browser, f"{base}/nao-existe/")
    assert status == 404
    missing = urllib.request.Request(f"{base}/nao-existe/")
    try:
        browser.open(missing, timeout=5)
    except urllib.error.HTTPError as exc:
        body = exc.read().decode()
    assert "URLconf" not in body and "Página não encontrada" in body, body[:500]
    assert _get(browser, f"{base}/favicon.ico")[0] == 200

    # Documents carry the address the site is served at (a free port, never 8000).
    def issued_pdf() -> Path | None:
        with sqlite3.connect(embedded.var_dir / "db.sqlite3") as db:
            row = db.execute(
                "SELECT file FROM documents_officialdocument WHERE file != '' LIMIT 1"
            ).fetchone()
        return embedded.var_dir / "media" / row[0] if row else None

    _wait_for("a rendered document", lambda: issued_pdf() is not None, 30.0, log)
    pdf = issued_pdf()
    assert pdf is not None
    text = "".join(page.extract_text() or "" for page in PdfReader(pdf).pages)
    assert f"127.0.0.1:{embedded.port}" in text.replace("\n", ""), text[-400:]

    children = _children_of(process.pid)
    assert len(children) == 3, children  # web server, worker, beat
    process.send_signal(signal.SIGINT)
    assert process.wait(timeout=STOP_TIMEOUT) == 0, log.read_text(errors="replace")
    deadline = time.monotonic() + 5
    while any(_alive(pid) for pid in children) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not [pid for pid in children if _alive(pid)]
    assert "Encerrado." in log.read_text(errors="replace")
