"""`manage.py run_embedded`: the whole system on one machine with nothing else installed.

This is what `bin/run` starts for a new user: SQLite and the filesystem broker under var/
(see settings), the schema migrated, the demo data loaded, then the web server, one Celery
worker and the beat scheduler as child processes of this one. This process only supervises:
a stop signal stops every child, and a child that dies on its own takes the others down
with it, because a web server without its worker would silently never send e-mail or apply
a legal deadline.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from typing import Any

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.urls import reverse

from web.demo import DEMO_LOGINS, demo_load
from web.management.commands.load_demo import summary

# Children get this long to stop cleanly (the worker finishes its current task) before
# they are killed.
STOP_GRACE_SECONDS = 10.0
POLL_SECONDS = 0.2


def _transport_options() -> dict[str, Any]:
    """The filesystem transport's options; empty when another broker (Redis) is set."""
    if not str(settings.CELERY_BROKER_URL).startswith("filesystem://"):
        return {}
    return dict(getattr(settings, "CELERY_BROKER_TRANSPORT_OPTIONS", None) or {})


def broker_folders() -> list[Path]:
    """Every folder the filesystem transport is configured with.

    kombu does not create its data folders, and a worker started without them fails on
    its first poll, so they must exist before the children start.
    """
    options = _transport_options()
    keys = ["data_folder_in", "data_folder_out", "processed_folder", "control_folder"]
    return list(dict.fromkeys(Path(options[key]) for key in keys if options.get(key)))


def children_cwd() -> Path:
    """Where the children run: the project root (the broker's folders are all configured)."""
    return Path(settings.BASE_DIR)


def folders_prepare() -> None:
    """Create var/ and everything under it that the processes expect to exist."""
    database = settings.DATABASES["default"]
    needed = [Path(settings.VAR_DIR), Path(settings.MEDIA_ROOT), *broker_folders()]
    if settings.EMAIL_BACKEND.endswith("filebased.EmailBackend"):
        needed.append(Path(settings.EMAIL_FILE_PATH))
    if database["ENGINE"] == "django.db.backends.sqlite3":
        needed.append(Path(database["NAME"]).parent)
    needed.append(Path(settings.CELERY_BEAT_SCHEDULE_FILENAME).parent)
    for folder in needed:
        folder.mkdir(parents=True, exist_ok=True)


def port_check(port: int) -> None:
    """Fail before migrating if the port is taken, with a message rather than a traceback."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        # The same option the development server sets, so a socket left in TIME_WAIT by a
        # previous run does not count as busy.
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(("127.0.0.1", port))
        except OSError as exc:
            raise CommandError(
                f"A porta {port} já está em uso ({exc.strerror}). "
                "Use outra com --port, por exemplo: bin/run --port 8001"
            ) from exc


def child_environment(port: int = 8000) -> dict[str, str]:
    """The children's environment: ours, with paths pinned and output unbuffered.

    Documents, QR codes and e-mail links carry the address the site is served at (unless
    PUBLIC_BASE_URL says otherwise): `bin/run --port 8741` must not print links to 8000.
    """
    env = dict(os.environ)
    env.setdefault("PUBLIC_BASE_URL", f"http://127.0.0.1:{port}")
    # Children run in another directory: relative paths would point elsewhere there.
    env["VAR_DIR"] = str(Path(settings.VAR_DIR).resolve())
    env["MEDIA_ROOT"] = str(Path(settings.MEDIA_ROOT).resolve())
    base = str(Path(settings.BASE_DIR))
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [base, env.get("PYTHONPATH", "")]))
    # Logs reach the terminal (or a redirected file) as they happen, not when a buffer fills.
    env["PYTHONUNBUFFERED"] = "1"
    return env


def child_commands(port: int, *, worker: bool) -> list[tuple[str, list[str]]]:
    """(Portuguese name, argv) of every child, the web server first."""
    python = sys.executable
    manage = str(Path(settings.BASE_DIR) / "manage.py")
    commands = [
        ("servidor web", [python, manage, "runserver", f"127.0.0.1:{port}", "--noreload"]),
    ]
    if worker:
        commands += [
            # Solo pool: tasks run one at a time in the worker's main thread, so SQLite sees
            # one writer from the worker. Gossip, mingle and heartbeats are how several
            # workers learn about each other; there is only one here, so they would only
            # add broadcast round-trips through the broker folder.
            (
                "worker Celery",
                [
                    python,
                    "-m",
                    "celery",
                    "-A",
                    "config",
                    "worker",
                    "--pool=solo",
                    "--loglevel=INFO",
                    "--without-gossip",
                    "--without-mingle",
                    "--without-heartbeat",
                ],
            ),
            # Its schedule file is settings.CELERY_BEAT_SCHEDULE_FILENAME, under var/.
            (
                "agendador Celery beat",
                [python, "-m", "celery", "-A", "config", "beat", "--loglevel=INFO"],
            ),
        ]
    return commands


@dataclass
class Supervisor:
    """Starts the children and stops them all together; `run` returns the exit status."""

    commands: list[tuple[str, list[str]]]
    cwd: Path
    env: dict[str, str]
    write: Callable[[str], None]
    children: list[tuple[str, subprocess.Popen[bytes]]] = field(default_factory=list)
    stop_signal: int | None = None
    force: bool = False

    def _on_signal(self, signum: int, frame: FrameType | None) -> None:
        # Only flags: the main loop does the stopping, outside the signal handler.
        if self.stop_signal is not None:
            self.force = True  # a second Ctrl-C: do not wait for a clean stop
        self.stop_signal = signum

    def run(self, on_started: Callable[[], None]) -> int:
        previous = {
            sig: signal.signal(sig, self._on_signal) for sig in (signal.SIGINT, signal.SIGTERM)
        }
        try:
            for name, argv in self.commands:
                if self.stop_signal is not None:
                    break
                self.children.append((name, subprocess.Popen(argv, cwd=self.cwd, env=self.env)))
            if self.stop_signal is None:
                on_started()
            return self._watch()
        finally:
            # Whatever happened above (even an exception), no child outlives us.
            self.stop_all()
            for sig, handler in previous.items():
                signal.signal(sig, handler)

    def _watch(self) -> int:
        while self.stop_signal is None:
            for name, child in self.children:
                code = child.poll()
                # On Ctrl-C in a terminal the children get SIGINT too and may exit first:
                # that is the stop we asked for, not a failure.
                if code is not None and self.stop_signal is None:
                    self.write(
                        f"O processo “{name}” terminou sozinho (código {code}); "
                        "encerrando os demais."
                    )
                    return 1
            time.sleep(POLL_SECONDS)
        self.write("Encerrando: " + ", ".join(name for name, _ in self.children) + "…")
        return 0

    def stop_all(self) -> None:
        """SIGTERM to every child still running, then SIGKILL to any that outstays the grace."""
        running = [child for _, child in self.children if child.poll() is None]
        for child in running:
            child.terminate()
        deadline = time.monotonic() + STOP_GRACE_SECONDS
        while running and time.monotonic() < deadline and not self.force:
            running = [child for child in running if child.poll() is None]
            if running:
                time.sleep(POLL_SECONDS)
        for child in running:
            if child.poll() is None:
                child.kill()
        for _, child in self.children:
            child.wait()


class Command(BaseCommand):
    help = (
        "Executa o sistema completo nesta máquina (SQLite e fila em arquivos sob var/): "
        "aplica as migrações, carrega a demonstração e inicia o servidor web, um worker "
        "Celery e o agendador. Ctrl-C encerra tudo."
    )

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument(
            "--port", type=int, default=8000, help="Porta do servidor web (padrão: 8000)."
        )
        parser.add_argument(
            "--no-worker",
            action="store_true",
            help="Não inicia o worker nem o agendador (somente o site).",
        )

    def _say(self, message: str) -> None:
        self.stdout.write(message)
        # Children write straight to the same stream: flush so lines stay in order.
        self.stdout.flush()

    def handle(self, *args: Any, **options: Any) -> None:
        port: int = options["port"]
        worker = not options["no_worker"]
        port_check(port)
        if "PUBLIC_BASE_URL" not in os.environ:
            # The demo's documents are issued here, before the children start.
            settings.PUBLIC_BASE_URL = f"http://127.0.0.1:{port}"
        folders_prepare()
        call_command("migrate", interactive=False, verbosity=options["verbosity"])
        # The demo signs out of the box with the development chain (NOT VALID); a
        # configured seal is left alone.
        call_command("signing_dev_chain", verbosity=options["verbosity"])
        self._say(summary(demo_load()))
        # Each demo user's own signing key (NOT VALID), so a signed act works at once.
        call_command(
            "signing_dev_chain",
            verbosity=options["verbosity"],
            user=[f"{login}:{password}" for login, password, _label in DEMO_LOGINS],
        )

        def started() -> None:
            address = f"http://127.0.0.1:{port}"
            lines = [
                "",
                "Táxi Mantenópolis em execução (modo embarcado).",
                f"  Endereço:               {address}{reverse('home')}",
                f"  Documentação da API:    {address}{reverse('api-docs')}",
                "  Logins de demonstração:",
                *(
                    f"    {username:<12} senha {password}  — {label}"
                    for username, password, label in DEMO_LOGINS
                ),
            ]
            if not worker:
                lines.append(
                    "  Sem worker nem agendador (--no-worker): e-mails e prazos "
                    "ficam na fila até o próximo início com worker."
                )
            lines += ["Pressione Ctrl-C para encerrar tudo.", ""]
            self._say("\n".join(lines))

        supervisor = Supervisor(
            commands=child_commands(port, worker=worker),
            cwd=children_cwd(),
            env=child_environment(port),
            write=self._say,
        )
        if supervisor.run(started) != 0:
            raise CommandError(
                "O modo embarcado parou porque um dos processos falhou.", returncode=1
            )
        self._say("Encerrado.")
