"""The identity providers (gov.br, Acesso Cidadão) by configuration, and the one function
that asks a provider how sure it is of a person (`assurance_level`).

Each provider is an OpenID Connect client of Authlib: authorization code with PKCE
(S256), state and nonce kept in the session and checked on return, the ID token's
signature checked against the keys the provider publishes (JWKS), and its issuer,
audience and expiry checked. Settings per provider in IDENTITY_PROVIDERS (see
config/settings.py and the README): discovery URL, client id and secret, scopes, the claim
that carries the CPF, the levels API, the page where a citizen raises his level.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

import requests
from authlib.integrations.django_client import OAuth
from django.conf import settings

from identity.levels import Level

log = logging.getLogger(__name__)

# gov.br's level ids in its confiabilidades API ("niveis").
GOVBR_LEVEL_IDS = {"1": Level.BRONZE, "2": Level.PRATA, "3": Level.OURO}


@dataclass(frozen=True)
class Provider:
    key: str
    label: str
    discovery_url: str
    client_id: str
    client_secret: str
    scopes: str
    cpf_claim: str = "sub"
    levels_url: str = ""
    default_level: str = "bronze"
    raise_level_url: str = ""
    timeout: float = 10.0


def providers() -> list[Provider]:
    """The providers configured, in the order of the setting (an empty list: local
    accounts only, and the login page shows no provider's button)."""
    return [Provider(key=key, **conf) for key, conf in settings.IDENTITY_PROVIDERS.items()]


def provider(key: str) -> Provider | None:
    return next((p for p in providers() if p.key == key), None)


def client(p: Provider) -> Any:
    """Authlib's client for the provider (built per use: settings may change in tests,
    and a login is rare enough that reading the discovery document each time is cheap)."""
    oauth = OAuth()
    return oauth.register(
        name=p.key,
        client_id=p.client_id,
        client_secret=p.client_secret,
        server_metadata_url=p.discovery_url,
        client_kwargs={"scope": p.scopes, "code_challenge_method": "S256", "timeout": p.timeout},
    )


def assurance_level(p: Provider, *, token: dict[str, Any], cpf: str) -> Level:
    """How sure the provider is of this person: gov.br's levels come from its own API
    ("confiabilidades", read with the access token), not from the ID token. A provider
    without such an API gives its configured default level. When the API cannot be read
    the lowest level is assumed: a failure never raises a level."""
    if not p.levels_url:
        return Level.named(p.default_level)
    url = p.levels_url.format(cpf=cpf)
    try:
        answer = requests.get(
            url,
            headers={"Authorization": f"Bearer {token['access_token']}"},
            timeout=p.timeout,
        )
        answer.raise_for_status()
        rows = answer.json()
    except (requests.RequestException, ValueError, KeyError):
        log.warning("identity: levels of %s could not be read from %s", p.key, url)
        return Level.BRONZE
    levels = [GOVBR_LEVEL_IDS.get(str(row.get("id")), Level.NONE) for row in rows or []]
    return max(levels, default=Level.BRONZE)
