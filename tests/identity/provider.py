"""The `govbr` fixture: the test OpenID Connect provider (tests/oidc_provider) in its own
process on a free localhost port, and the settings that point this application at it."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
import requests

ROOT = Path(__file__).resolve().parents[2]
CLIENT_ID = "taxi-mantenopolis"
CLIENT_SECRET = "segredo-de-teste"  # noqa: S105 — the test provider's client only
CALLBACKS = ("/entrar/com/govbr/retorno/", "/entrar/com/acessocidadao/retorno/")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class TestProvider:
    base: str
    state_file: Path

    def _write(self, **changes: object) -> None:
        data = json.loads(self.state_file.read_text()) if self.state_file.exists() else {}
        data.update(changes)
        self.state_file.write_text(json.dumps(data))

    def set_mode(self, mode: str) -> None:
        """normal | wrong_nonce | expired | tampered"""
        self._write(mode=mode)

    def set_level(self, cpf: str, level: int) -> None:
        data = json.loads(self.state_file.read_text()) if self.state_file.exists() else {}
        self._write(levels={**data.get("levels", {}), cpf: level})

    def as_acesso_cidadao(self) -> dict[str, object]:
        """The same provider configured as Acesso Cidadão: no levels API, so its accounts
        count as the configured level."""
        return {
            "label": "Acesso Cidadão",
            "discovery_url": f"{self.base}/o/.well-known/openid-configuration",
            "client_id": CLIENT_ID,
            "client_secret": CLIENT_SECRET,
            "scopes": "openid profile email",
            "cpf_claim": "sub",
            "levels_url": "",
            "default_level": "prata",
            "timeout": 5.0,
        }

    def settings(self) -> dict[str, dict[str, object]]:
        return {
            "govbr": {
                "label": "gov.br",
                "discovery_url": f"{self.base}/o/.well-known/openid-configuration",
                "client_id": CLIENT_ID,
                "client_secret": CLIENT_SECRET,
                "scopes": "openid email profile govbr_confiabilidades",
                "cpf_claim": "sub",
                "levels_url": f"{self.base}/confiabilidades/v3/contas/{{cpf}}/niveis",
                "raise_level_url": f"{self.base}/nivel/",
                "timeout": 5.0,
            }
        }


@pytest.fixture(scope="session")
def govbr_process(live_server, tmp_path_factory) -> Iterator[TestProvider]:
    """One provider for the session; its redirect URIs are the test client's and the
    live server's (the browser tests)."""
    folder = tmp_path_factory.mktemp("oidc-provider")
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    redirects = " ".join(
        f"{host}{callback}"
        for host in ("http://testserver", str(live_server.url))
        for callback in CALLBACKS
    )
    logouts = " ".join(f"{host}/" for host in ("http://testserver", str(live_server.url)))
    env = {
        **os.environ,
        "PROVIDER_DB": str(folder / "provider.sqlite3"),
        "PROVIDER_STATE": str(folder / "state.json"),
        "PROVIDER_ISSUER": f"{base}/o",
        "PYTHONPATH": str(ROOT),
    }
    env.pop("DJANGO_SETTINGS_MODULE", None)
    log = (folder / "provider.log").open("w")
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "tests.oidc_provider.serve",
            str(port),
            CLIENT_ID,
            CLIENT_SECRET,
            redirects,
            logouts,
        ],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                requests.get(f"{base}/o/.well-known/openid-configuration", timeout=2)
                break
            except requests.ConnectionError:
                if process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError((folder / "provider.log").read_text()) from None
                time.sleep(0.3)
        yield TestProvider(base=base, state_file=folder / "state.json")
    finally:
        process.terminate()
        process.wait(timeout=10)
        log.close()


@pytest.fixture
def govbr(govbr_process, settings) -> TestProvider:
    """The provider, configured here as gov.br, in its normal mode, every account at
    bronze."""
    govbr_process.set_mode("normal")
    govbr_process._write(levels={})  # every account bronze until a test raises it
    settings.IDENTITY_PROVIDERS = govbr_process.settings()
    return govbr_process
