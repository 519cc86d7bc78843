"""manage.py import_register FILE [--confirm] — the municipality's current register.

Without --confirm it is a dry run: it prints every rejection (line, column, rule, article)
and can write them to a spreadsheet with --report. With --confirm it imports all rows or
none.
"""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError, CommandParser

from accounts.models import User
from cases.errors import DomainError
from register_import.exports import report_write
from register_import.models import ImportJob
from register_import.services import import_apply, import_check, import_start


class Command(BaseCommand):
    help = "Importa o cadastro existente (CSV ou XLSX): conferência e, com --confirm, importação."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", type=Path)
        parser.add_argument("--confirm", action="store_true", help="importa se não houver erros")
        parser.add_argument("--report", type=Path, help="grava as rejeições (.csv ou .xlsx)")
        parser.add_argument("--user", default="admin", help="usuário que responde pela importação")

    def handle(self, *args: object, **options: object) -> None:
        path = options["file"]
        assert isinstance(path, Path)
        if not path.is_file():
            raise CommandError(f"Arquivo não encontrado: {path}")
        actor = User.objects.filter(username=options["user"]).first()
        if actor is None:
            raise CommandError(f"Usuário não encontrado: {options['user']}")
        job = import_start(actor=actor, file_name=path.name, content=path.read_bytes())
        job = import_check(job=job, progress=self._bar("conferência"))
        if job.message:
            raise CommandError(job.message)
        for error in job.errors:
            article = f" [{error['article']}]" if error["article"] else ""
            self.stdout.write(
                f"linha {error['line']}, {error['column']}: {error['message']}{article}"
            )
        self._flags(job)
        report = options["report"]
        if report and (job.errors or job.flags or job.fleet_notice):
            assert isinstance(report, Path)
            report.write_bytes(report_write(job, fmt=report.suffix.lstrip(".") or "csv"))
        self.stdout.write(
            f"{job.total_rows} linhas, {len(job.errors)} rejeições, "
            f"{len(job.flags)} sinalizações, {job.already} já importadas"
        )
        if job.errors:
            raise CommandError("Corrija as rejeições e rode de novo; nada foi importado.")
        if not options["confirm"]:
            self.stdout.write("Conferência sem erros. Rode com --confirm para importar.")
            return
        try:
            job = import_apply(job=job, actor=actor, progress=self._bar("importação"))
        except DomainError as exc:
            raise CommandError(str(exc)) from exc
        self._flags(job)
        self.stdout.write(
            self.style.SUCCESS(f"{job.created} autorizações importadas, {job.already} já existiam")
        )

    def _flags(self, job: ImportJob) -> None:
        """Art. 69: the rows imported with something for the Secretaria, and the fleet."""
        for flag in job.flags:
            case = f" — cassação {flag['case']} aberta" if flag.get("case") else ""
            self.stdout.write(
                f"sinalização: linha {flag['line']}, {flag['column']}: {flag['message']} "
                f"[{flag['article']}]{case}"
            )
        if job.fleet_notice:
            self.stdout.write(self.style.WARNING(job.fleet_notice))

    def _bar(self, label: str):  # noqa: ANN202 - a progress callback
        width, shown = 30, [-1]

        def show(done: int, total: int) -> None:
            filled = width * done // total if total else width
            if filled == shown[0] and done < total:
                return  # redraw only when the bar grows
            shown[0] = filled
            self.stderr.write(
                f"\r{label}: [{'#' * filled}{'.' * (width - filled)}] {done}/{total}",
                ending="\n" if done >= total else "",
            )
            self.stderr.flush()

        return show
