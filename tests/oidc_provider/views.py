"""The provider's own behaviour: its login page, gov.br's claims and levels, and the
misbehaviours the tests ask for through the state file."""

from __future__ import annotations

import json
import os
import time
from html import escape
from pathlib import Path
from typing import Any

from django.contrib.auth import login
from django.contrib.auth.models import User
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect
from django.views.decorators.csrf import csrf_exempt
from oauth2_provider.decorators import protected_resource
from oauth2_provider.oauth2_validators import OAuth2Validator
from oauth2_provider.views import TokenView as BaseTokenView


def state() -> dict[str, Any]:
    path = Path(os.environ["PROVIDER_STATE"])
    return json.loads(path.read_text()) if path.exists() else {}


@csrf_exempt
def login_page(request: HttpRequest) -> HttpResponse:
    """The person "proves" who he is by typing his CPF and name (a test provider)."""
    if request.method == "POST":
        cpf = request.POST["cpf"]
        user, _created = User.objects.get_or_create(username=cpf)
        user.first_name = request.POST.get("name", "")
        user.email = request.POST.get("email", "")
        user.save()
        login(request, user)
        return redirect(request.POST.get("next") or "/")
    next_url = escape(request.GET.get("next", ""))
    return HttpResponse(
        "<!doctype html><title>gov.br (teste)</title><h1>Conta gov.br (teste)</h1>"
        '<form method="post">'
        f'<input type="hidden" name="next" value="{next_url}">'
        '<label>CPF <input name="cpf"></label>'
        '<label>Nome <input name="name"></label>'
        '<label>E-mail <input name="email"></label>'
        "<button>Entrar no gov.br</button></form>"
    )


class GovBrValidator(OAuth2Validator):
    """gov.br's ID token: `sub` is the CPF; name and e-mail; RS256."""

    oidc_claim_scope = None  # every claim, whatever the scopes

    def get_additional_claims(self, request: Any) -> dict[str, Any]:
        user = request.user
        return {"sub": user.username, "name": user.first_name, "email": user.email}

    def get_id_token_dictionary(self, token: Any, token_handler: Any, request: Any) -> Any:
        claims, expiration = super().get_id_token_dictionary(token, token_handler, request)
        mode = state().get("mode", "normal")
        if mode == "wrong_nonce":
            claims["nonce"] = "not-the-nonce-the-client-sent"
        elif mode == "expired":
            now = int(time.time())
            claims["iat"], claims["exp"] = now - 7200, now - 3600
        return claims, expiration


class TokenView(BaseTokenView):
    """The token endpoint, whose ID token's signature is spoiled in "tampered" mode."""

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        response = super().post(request, *args, **kwargs)
        if state().get("mode") == "tampered" and response.status_code == 200:
            body = json.loads(response.content)
            head, payload, signature = body["id_token"].split(".")
            # The same header and claims, another signature: only the key check can tell.
            flipped = ("A" if signature[10] != "A" else "B").join((signature[:10], signature[11:]))
            body["id_token"] = ".".join((head, payload, flipped))
            response.content = json.dumps(body).encode()
        return response


@protected_resource(scopes=["openid"])
def levels(request: HttpRequest, cpf: str) -> JsonResponse:
    """gov.br's "níveis" of an account: the ids it has (1 bronze, 2 prata, 3 ouro)."""
    owner = request.resource_owner  # type: ignore[attr-defined]
    if owner.username != cpf:
        return JsonResponse({"error": "forbidden"}, status=403)
    level = int(state().get("levels", {}).get(cpf, 1))
    rows = [{"id": str(i), "dataAtualizacao": "2026-01-01 00:00:00"} for i in range(1, level + 1)]
    return JsonResponse(rows, safe=False)
