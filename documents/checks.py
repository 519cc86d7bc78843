"""`manage.py check --deploy`: production must not seal with the development chain."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.checks import Tags, Warning, register


@register(Tags.security, deploy=True)
def seal_is_not_the_development_chain(app_configs: Any, **kwargs: Any) -> list[Warning]:
    if settings.SIGNING_SEAL_PKCS11_MODULE:
        return []
    seal = Path(settings.SIGNING_SEAL_PKCS12).resolve()
    dev = Path(settings.SIGNING_DEV_CHAIN_DIR).resolve()
    if dev in seal.parents:
        return [
            Warning(
                "SIGNING_SEAL_PKCS12 is the development chain (TESTE — SEM VALIDADE).",
                hint="Set SIGNING_SEAL_PKCS12 and SIGNING_SEAL_PASSPHRASE to the "
                "municipality's e-CNPJ, or SIGNING_SEAL_PKCS11_MODULE (README, Signatures).",
                id="documents.W001",
            )
        ]
    return []
