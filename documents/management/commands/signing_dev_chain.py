"""manage.py signing_dev_chain — the development certificate chain (NOT VALID), so the demo
and the tests sign and validate real signatures (documents.signing.devchain)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from accounts.models import User
from documents.signing.devchain import dev_chain_create
from documents.signing.keys import signing_key_ensure


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
        parser.add_argument(
            "--user",
            action="append",
            default=[],
            metavar="LOGIN:SENHA",
            help="Cria já a chave de assinatura deste usuário (certificado da AC de "
            "desenvolvimento, cifrado com a senha dele). Repetível.",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        chain = dev_chain_create(Path(options["folder"]), force=options["force"])
        self.stdout.write(f"Cadeia de desenvolvimento (SEM VALIDADE) em {chain.folder}")
        for pair in options["user"]:
            login, _sep, password = pair.partition(":")
            user = User.objects.filter(username=login, is_active=True).first()
            if user is None or not user.check_password(password):
                raise CommandError(f"Usuário ou senha não conferem: {login}")
            key = signing_key_ensure(user=user, password=password)
            self.stdout.write(f"  chave de {login}: {key.subject}")
