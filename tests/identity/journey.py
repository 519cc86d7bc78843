"""Logging in through the test provider without a browser: Django's test client is the
browser on our side, a `requests` session the same browser at the provider."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import requests
from django.test import Client

from tests.identity.provider import TestProvider


def provider_round_trip(
    client: Client,
    govbr: TestProvider,
    *,
    cpf: str,
    name: str = "",
    email: str = "",
    next_url: str = "",
    spoil_state: bool = False,
    key: str = "govbr",
):
    """Click "Entrar com gov.br", prove who one is at the provider, come back; the answer
    of our callback."""
    start = client.get(f"/entrar/com/{key}/" + (f"?next={next_url}" if next_url else ""))
    assert start.status_code == 302, start.content
    authorize = start["Location"]
    query = parse_qs(urlsplit(authorize).query)
    assert query["code_challenge_method"] == ["S256"] and query["code_challenge"]
    assert query["nonce"] and query["state"]
    at_provider = requests.Session()
    to_login = at_provider.get(authorize, allow_redirects=False, timeout=10)
    assert to_login.status_code == 302, to_login.text
    login_next = parse_qs(urlsplit(to_login.headers["Location"]).query)["next"][0]
    logged = at_provider.post(
        f"{govbr.base}/login/",
        {"cpf": cpf, "name": name, "email": email, "next": login_next},
        allow_redirects=False,
        timeout=10,
    )
    back = at_provider.get(
        govbr.base + logged.headers["Location"], allow_redirects=False, timeout=10
    )
    assert back.status_code == 302, back.text
    callback = urlsplit(back.headers["Location"])
    assert callback.netloc == "testserver", back.headers["Location"]
    query_string = callback.query
    if spoil_state:
        query_string = query_string.replace("state=", "state=x")
    return client.get(f"{callback.path}?{query_string}")


def signed_in_user_id(client: Client) -> str | None:
    return client.session.get("_auth_user_id")
