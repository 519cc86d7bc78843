"""The production stack's shape (compose.yaml), read as data: what must hold for it to
start in order, keep its data and be restorable. (Starting it needs Docker; the restore
itself is tested for real in test_backup_restore.py.)"""

from __future__ import annotations

import re
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
COMPOSE = yaml.safe_load((ROOT / "compose.yaml").read_text())
SERVICES = COMPOSE["services"]
APP = ("web", "worker", "beat")


def test_web_workers_and_beat_start_only_after_the_database_is_migrated():
    assert SERVICES["migrate"]["depends_on"]["db"]["condition"] == "service_healthy"
    assert "migrate --noinput" in SERVICES["migrate"]["command"]
    for name in APP:
        depends = SERVICES[name]["depends_on"]
        assert depends["migrate"]["condition"] == "service_completed_successfully", name
        assert depends["redis"]["condition"] == "service_healthy", name
        assert "migrate" not in str(SERVICES[name]["command"]), name


def test_the_database_redis_and_web_report_their_health():
    for name in ("db", "redis", "web"):
        assert SERVICES[name]["healthcheck"]["test"], name


def test_several_workers_and_exactly_one_scheduler():
    assert SERVICES["worker"]["deploy"]["replicas"] >= 2
    assert SERVICES["beat"]["deploy"]["replicas"] == 1


def test_documents_database_and_backups_are_on_volumes():
    for name in ("web", "worker", "backup"):  # the scheduler reads no document
        assert any(str(v).startswith("media:/data/media") for v in SERVICES[name]["volumes"]), name
    assert "pgdata:/var/lib/postgresql/data" in SERVICES["db"]["volumes"]
    assert "backups:/backups" in SERVICES["backup"]["volumes"]
    assert "bin/backup" in SERVICES["backup"]["command"]
    assert SERVICES["backup"]["environment"]["BACKUP_KEEP_DAYS"]


def test_mail_leaves_through_the_relay():
    assert "mail" in SERVICES
    assert SERVICES["web"]["environment"]["EMAIL_HOST"].endswith(":-mail}")


def test_every_variable_compose_reads_is_in_env_example():
    used = set(re.findall(r"\$\{([A-Z_]+)", (ROOT / "compose.yaml").read_text()))
    example = (ROOT / ".env.example").read_text()
    documented = set(re.findall(r"^([A-Z_]+)=", example, flags=re.MULTILINE))
    assert used - documented == set()
