"""manage.py signing_dev_chain — the development certificate chain (NOT VALID), so the demo
and the tests sign and validate real signatures (documents.signing.devchain)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand

from documents.signing.devchain import dev_chain_create


class Command(BaseCommand):
    help = (
        "Gera a cadeia de certificados de desenvolvimento (raiz, selo do Município, AC dos "
        "servidores e uma raiz no estilo ICP-Brasil para testes), marcada SEM VALIDADE."
    )

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument(
            "--folder",
            default=str(settings.SIGNING_DEV_CHAIN_DIR),
            help="Pasta onde gravar (padrão: VAR_DIR/signing/dev).",
        )
        parser.add_argument(
            "--force", action="store_true", help="Gera de novo mesmo que a cadeia exista."
        )

    def handle(self, *args: Any, **options: Any) -> None:
        chain = dev_chain_create(Path(options["folder"]), force=options["force"])
        self.stdout.write(f"Cadeia de desenvolvimento (SEM VALIDADE) em {chain.folder}")
