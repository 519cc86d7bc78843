"""Issue 12 §6: production settings refuse to start with DEBUG on (a public host name),
while the embedded default (local hosts) still starts with DEBUG."""

from __future__ import annotations

import os
import subprocess
import sys

from django.conf import settings

START = "import django; django.setup(); print('started')"


def _start(**env: str) -> subprocess.CompletedProcess[str]:
    clean = {
        k: v
        for k, v in os.environ.items()
        if k not in {"SECRET_KEY", "ALLOWED_HOSTS", "DEBUG", "EMBEDDED", "DATABASE_URL"}
    }
    clean.update(DJANGO_SETTINGS_MODULE="config.settings", **env)
    return subprocess.run(
        [sys.executable, "-c", START],
        env=clean,
        cwd=settings.BASE_DIR,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_debug_with_a_public_host_stops_start_up_naming_debug():
    result = _start(DEBUG="true", ALLOWED_HOSTS="taxi.mantenopolis.es.gov.br", SECRET_KEY="x" * 60)
    assert result.returncode != 0
    assert "DEBUG" in result.stderr and "taxi.mantenopolis.es.gov.br" in result.stderr
    assert "started" not in result.stdout


def test_debug_on_local_hosts_still_starts():
    result = _start(DEBUG="true", ALLOWED_HOSTS="localhost,127.0.0.1")
    assert result.returncode == 0, result.stderr


def test_embedded_mode_with_a_public_host_stops_start_up():
    """The embedded mode's known secret key must never sign a public site's sessions."""
    result = _start(EMBEDDED="true", ALLOWED_HOSTS="taxi.mantenopolis.es.gov.br")
    assert result.returncode != 0
    assert "EMBEDDED" in result.stderr and "taxi.mantenopolis.es.gov.br" in result.stderr


def test_embedded_mode_starts_without_secrets():
    result = _start(EMBEDDED="true")
    assert result.returncode == 0, result.stderr
