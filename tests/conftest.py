from __future__ import annotations

import pytest

from accounts.roles import Role
from tests.factories import AuthorizationFactory, UserFactory


@pytest.fixture
def clerk():
    return UserFactory(role=Role.CLERK, username="clerk")


@pytest.fixture
def clerk_client(client, clerk):  # type: ignore[no-untyped-def]
    """The test client signed in as the clerk: her pages, and the API by her session."""
    client.force_login(clerk)
    return client


@pytest.fixture
def mayor():
    return UserFactory(role=Role.MAYOR, username="mayor")


@pytest.fixture
def authorization():
    return AuthorizationFactory()


@pytest.fixture
def driver(authorization):
    return authorization.holder


@pytest.fixture(autouse=True)
def _media_in_tmp(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"


@pytest.fixture(autouse=True)
def _dashboard_counted_at_each_request(settings):
    """The dashboard's figures are kept in the cache (Redis, shared by the test processes)
    by scope and period, not by database: a test counts its own rows.
    tests/workspace/test_dashboard_cache.py turns the cache on."""
    settings.DASHBOARD_CACHE_SECONDS = 0


@pytest.fixture(autouse=True)
def _roster_fleet_counted_at_each_request(settings):
    """The roster's fleets are kept in the cache by month and day, not by database: a test
    counts its own authorizations. tests/roster/test_roster_fleet_counts.py turns it on."""
    settings.ROSTER_FLEET_CACHE_SECONDS = 0


@pytest.fixture(autouse=True)
def _search_asks_whether_broad_each_time(settings):
    """Whether a search's words are broad is remembered in the cache by its words, not by
    database: a test asks its own register. tests/workspace/test_broad_search_remembered.py
    turns it on."""
    settings.SEARCH_BROAD_CACHE_SECONDS = 0


@pytest.fixture(autouse=True)
def _processing_times_read_at_each_request(settings):
    """A process keeps the measured times it read (cases.selectors.measured_times), by
    database: a test measures its own. tests/cases/test_processing_times_kept.py keeps them."""
    settings.PROCESSING_TIMES_KEPT_SECONDS = 0


@pytest.fixture(autouse=True)
def _site_language():
    """Each test starts in the site's language: a request in another one leaves that
    language active in the test's thread, and a label written afterwards would be in it."""
    from django.conf import settings as django_settings
    from django.utils import translation

    translation.activate(django_settings.LANGUAGE_CODE)
    yield
    translation.activate(django_settings.LANGUAGE_CODE)


@pytest.fixture
def worker_env():
    """Extra environment for the worker process (a test module may override it)."""
    return {}


@pytest.fixture
def celery_worker_process(transactional_db, tmp_path, worker_env):
    """A real Celery worker in its own process, consuming from Redis, on the test database.

    Function-scoped and paired with transactional_db, so what a test commits is what the
    worker reads.
    """
    import os
    import subprocess
    import sys
    import time

    import redis
    from django.conf import settings
    from django.db import connection

    queue = settings.CELERY_TASK_DEFAULT_QUEUE
    # Messages left by earlier tests point at rows that no longer exist.
    redis.Redis.from_url(settings.CELERY_BROKER_URL).delete(queue)
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings_test",
        "DATABASE_URL": _database_url_for(connection.settings_dict),
        "CELERY_BROKER_URL": settings.CELERY_BROKER_URL,
        **worker_env,
    }
    log = tmp_path / "worker.log"
    with open(log, "wb") as out:
        process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "celery",
                "-A",
                "config",
                "worker",
                "--pool=solo",
                "--loglevel=INFO",
                "-Q",
                queue,
                "--without-heartbeat",
                "--without-gossip",
                "--without-mingle",
                "-n",
                f"test-{os.getpid()}@localhost",
            ],
            cwd=settings.BASE_DIR,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    deadline = time.monotonic() + 60
    while b"ready." not in log.read_bytes():
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            raise RuntimeError("worker did not start:\n" + log.read_text())
        time.sleep(0.2)
    try:
        yield WorkerHandle(queue=queue, log=log)
    finally:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
        redis.Redis.from_url(settings.CELERY_BROKER_URL).delete(queue)


class WorkerHandle:
    def __init__(self, *, queue, log):
        self.queue = queue
        self.log = log

    def send(self, task, *args):
        return task.apply_async(args=args)

    def wait_for(self, predicate, *, timeout=60.0, interval=0.2):
        import time

        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if predicate():
                return True
            time.sleep(interval)
        raise AssertionError("condition not met in time; worker log:\n" + self.log.read_text())


def _database_url_for(settings_dict) -> str:
    user = settings_dict.get("USER") or ""
    password = settings_dict.get("PASSWORD") or ""
    auth = f"{user}:{password}@" if password else (f"{user}@" if user else "")
    host = settings_dict.get("HOST") or "127.0.0.1"
    port = settings_dict.get("PORT") or 5432
    return f"postgres://{auth}{host}:{port}/{settings_dict['NAME']}"


@pytest.fixture(scope="session")
def dev_chain(tmp_path_factory):
    """The development certificate chain (NOT VALID), made once per test session.

    Its paths are also put in the environment, so a worker process the tests start signs
    with the same chain.
    """
    import os

    from documents.signing.devchain import DEV_PASSPHRASE, dev_chain_create

    chain = dev_chain_create(tmp_path_factory.mktemp("signing"))
    os.environ["SIGNING_SEAL_PKCS12"] = str(chain.seal)
    os.environ["SIGNING_SEAL_PASSPHRASE"] = DEV_PASSPHRASE
    os.environ["SIGNING_TRUST_ROOTS"] = str(chain.root)
    os.environ["SIGNING_USERS_CA_PKCS12"] = str(chain.users_ca)
    os.environ["SIGNING_USERS_CA_PASSPHRASE"] = DEV_PASSPHRASE
    os.environ["SIGNING_UPLOAD_TRUST_ROOTS"] = str(chain.icp_test_root)
    return chain


@pytest.fixture(autouse=True)
def _signing_with_dev_chain(settings, dev_chain):
    """Every official document is sealed by the development chain, as in the demo."""
    from documents.signing.devchain import DEV_PASSPHRASE

    settings.SIGNING_SEAL_PKCS12 = str(dev_chain.seal)
    settings.SIGNING_SEAL_PASSPHRASE = DEV_PASSPHRASE
    settings.SIGNING_SEAL_PKCS11_MODULE = ""
    settings.SIGNING_TIMESTAMP_URL = ""
    settings.SIGNING_TRUST_ROOTS = [str(dev_chain.root)]
    settings.SIGNING_USERS_CA_PKCS12 = str(dev_chain.users_ca)
    settings.SIGNING_USERS_CA_PASSPHRASE = DEV_PASSPHRASE
    settings.SIGNING_UPLOAD_TRUST_ROOTS = [str(dev_chain.icp_test_root)]
