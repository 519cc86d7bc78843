"""Production is configured by the environment and refuses to start half-configured."""

from __future__ import annotations

import os
import subprocess
import sys

from django.conf import settings

START = "import django; django.setup(); print('started')"


def _start(**env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items()
             if k not in {"SECRET_KEY", "ALLOWED_HOSTS", "DEBUG", "DATABASE_URL"}}
    clean.update(DJANGO_SETTINGS_MODULE="config.settings", **env)
    return subprocess.run([sys.executable, "-c", START], env=clean, cwd=settings.BASE_DIR,
                          capture_output=True, text=True, timeout=60, check=False)


def test_without_debug_a_missing_secret_key_stops_start_up_with_its_name():
    result = _start(DEBUG="false", ALLOWED_HOSTS="taxi.example.org")
    assert result.returncode != 0
    assert "SECRET_KEY" in result.stderr
    assert "started" not in result.stdout


def test_without_debug_missing_allowed_hosts_stops_start_up():
    result = _start(DEBUG="false", SECRET_KEY="x" * 60)
    assert result.returncode != 0
    assert "ALLOWED_HOSTS" in result.stderr


def test_the_embedded_default_starts_with_nothing_set():
    result = _start(DEBUG="true")
    assert result.returncode == 0, result.stderr
    assert "started" in result.stdout


def test_legal_time_and_language():
    assert settings.TIME_ZONE == "America/Sao_Paulo"
    assert settings.LANGUAGE_CODE == "pt-br"
    assert "en" in dict(settings.LANGUAGES)
