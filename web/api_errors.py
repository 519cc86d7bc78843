"""One error contract for the whole API, and one mapping from failures to it.

Every error answer is `{"detail", "code", "article"}`, plus `fields` (field name → list of
messages) when the request had bad fields: 400 rule or input, 401 not signed in, 403 role,
404 not found, 409 state, 413 too large, 429 too many requests. Messages are in the
request's language (pt-BR unless Accept-Language asks for English). Nothing here decides a
rule; it only translates an exception into that shape, so no failure becomes a 500.
"""

from __future__ import annotations

from decimal import InvalidOperation
from typing import Any

from django.core.exceptions import ObjectDoesNotExist, RequestDataTooBig, SuspiciousOperation
from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import DataError
from django.http import Http404, HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from rest_framework import exceptions
from rest_framework.renderers import JSONRenderer

from cases.errors import DomainError


def error_body(
    detail: str, code: str, *, article: str = "", fields: dict[str, list[str]] | None = None
) -> dict[str, Any]:
    body: dict[str, Any] = {"detail": str(detail), "code": code, "article": article}
    if fields:
        body["fields"] = fields
    return body


ERROR_CONTENT_TYPE = "application/json"


def error_encode(body: dict[str, Any]) -> bytes:
    """The one encoding of every error body: UTF-8 JSON, compact, accents as they are.

    The same bytes whoever answers (an API view, a middleware, Django's 404/500 handlers),
    so a client parses one format; DRF's JSON renderer writes the successes the same way.
    """
    return JSONRenderer().render(body)


def error_response(
    body: dict[str, Any], status: int, headers: dict[str, str] | None = None
) -> HttpResponse:
    """An error answer; every error body under /api/ is made here."""
    response = HttpResponse(error_encode(body), status=status, content_type=ERROR_CONTENT_TYPE)
    for name, value in (headers or {}).items():
        response[name] = value
    return response


def _flatten(errors: Any) -> list[str]:
    """Every message in a DRF error structure (lists, dicts of nested serializers)."""
    if isinstance(errors, dict):
        return [text for value in errors.values() for text in _flatten(value)]
    if isinstance(errors, list | tuple):
        return [text for value in errors for text in _flatten(value)]
    return [str(errors)]


def _field_messages(errors: Any, prefix: str = "") -> dict[str, list[str]]:
    """Per-field messages, nested fields joined with dots (`proofs.0`)."""
    if not isinstance(errors, dict):
        return {prefix or "detail": _flatten(errors)}
    out: dict[str, list[str]] = {}
    for key, value in errors.items():
        name = f"{prefix}.{key}" if prefix else str(key)
        if isinstance(value, dict):
            out.update(_field_messages(value, name))
        elif isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            for index, item in enumerate(value):
                if item:
                    out.update(_field_messages(item, f"{name}.{index}"))
        else:
            out[name] = _flatten(value)
    return out


NON_FIELD_KEYS = ("non_field_errors", "__all__", "detail")


def validation_body(errors: Any) -> dict[str, Any]:
    """A 400 body for a serializer's or a model's per-field errors.

    Messages not tied to one field become the detail; the others go to `fields`, and the
    detail then names the first bad field so a client that shows one line still helps.
    """
    fields = _field_messages(errors) if isinstance(errors, dict) else {}
    general: list[str] = []
    for key in NON_FIELD_KEYS:
        general += fields.pop(key, [])
    if not isinstance(errors, dict):
        general = _flatten(errors)
    if general:
        detail = " ".join(general)
    elif fields:
        name, messages = next(iter(fields.items()))
        detail = _("Verifique o campo %(field)s: %(message)s") % {
            "field": name,
            "message": " ".join(messages),
        }
    else:
        detail = _("Dados inválidos.")
    return error_body(detail, "invalid", fields=fields or None)


def _not_found() -> dict[str, Any]:
    return error_body(_("Não encontrado."), "not_found")


BIGINT_MAX = 2**63 - 1


def id_overflows(kwargs: dict[str, Any] | None) -> bool:
    """Whether an id in the address is past the largest bigint the database holds."""
    return any(isinstance(v, int) and abs(v) > BIGINT_MAX for v in (kwargs or {}).values())


def exception_handler(exc: Exception, context: dict[str, Any]) -> HttpResponse | None:
    """DRF's EXCEPTION_HANDLER: every failure as the Error body.

    A plain response, not DRF's: an error is JSON whatever the client's Accept asked (the
    browsable API included), written by the one encoder.
    """
    body, code, headers = _map(exc, context.get("kwargs"))
    if body is None:
        return None
    return error_response(body, code, headers)


def _map(
    exc: Exception, kwargs: dict[str, Any] | None = None
) -> tuple[dict[str, Any] | None, int, dict[str, str]]:
    if isinstance(exc, DomainError):
        body = error_body(exc.message, exc.code, article=exc.article, fields=exc.fields)
        retry_after = getattr(exc, "retry_after", None)
        return body, exc.http_status, {"Retry-After": str(retry_after)} if retry_after else {}
    if isinstance(exc, exceptions.ValidationError):
        return validation_body(exc.detail), 400, {}
    if isinstance(exc, DjangoValidationError):
        errors = exc.message_dict if hasattr(exc, "error_dict") else exc.messages
        return validation_body(errors), 400, {}
    if isinstance(exc, ObjectDoesNotExist | Http404 | exceptions.NotFound):
        return _not_found(), 404, {}
    if isinstance(exc, OverflowError):
        # An id in the address beyond the database's integer range names no row; any other
        # number or date past what Python or the database holds is bad input.
        if id_overflows(kwargs):
            return _not_found(), 404, {}
        return error_body(_("Valor fora dos limites aceitos."), "out_of_range"), 400, {}
    if isinstance(exc, exceptions.NotAuthenticated | exceptions.AuthenticationFailed):
        detail = (
            _("Credenciais inválidas ou expiradas.")
            if isinstance(exc, exceptions.AuthenticationFailed)
            else _("Entre com seu usuário ou envie um token para usar a API.")
        )
        code = (
            "authentication_failed"
            if isinstance(exc, exceptions.AuthenticationFailed)
            else "not_authenticated"
        )
        return error_body(detail, code), 401, {"WWW-Authenticate": 'Token realm="api"'}
    if isinstance(exc, exceptions.PermissionDenied | DjangoPermissionDenied):
        # A permission class's own message says what the role lacks; DRF's default does not.
        own = str(getattr(exc, "detail", "") or (exc.args[0] if exc.args else ""))
        default = str(exceptions.PermissionDenied.default_detail)
        detail = own if own and own != default else _("Você não tem permissão para esta ação.")
        return error_body(detail, "not_permitted"), 403, {}
    if isinstance(exc, exceptions.Throttled):
        wait = int(exc.wait or 60)
        if exc.default_code != exceptions.Throttled.default_code:
            # A throttle of our own (a login lockout) says what it is itself.
            return error_body(str(exc.detail), exc.default_code), 429, {"Retry-After": str(wait)}
        detail = _("Muitas requisições. Tente novamente em %(seconds)d segundos.") % {
            "seconds": wait
        }
        return error_body(detail, "throttled"), 429, {"Retry-After": str(wait)}
    if isinstance(exc, RequestDataTooBig):
        return error_body(_("A requisição é grande demais."), "too_large"), 413, {}
    if isinstance(exc, exceptions.ParseError | SuspiciousOperation):
        return error_body(_("A requisição não pôde ser lida."), "parse_error"), 400, {}
    if isinstance(exc, InvalidOperation | DataError):
        # A value no input bound caught (1e999 reaching a quantize, a number past its
        # column): bad input, and the transaction that tried to store it rolled back.
        return error_body(_("Valor fora dos limites aceitos."), "out_of_range"), 400, {}
    if isinstance(exc, exceptions.MethodNotAllowed):
        return error_body(_("Método não permitido."), "method_not_allowed"), 405, {}
    if isinstance(exc, exceptions.UnsupportedMediaType):
        return error_body(_("Tipo de conteúdo não aceito."), "unsupported_media_type"), 415, {}
    if isinstance(exc, exceptions.NotAcceptable):
        return error_body(_("Formato de resposta não disponível."), "not_acceptable"), 406, {}
    if isinstance(exc, exceptions.APIException):
        return error_body(str(exc.detail), str(exc.default_code)), exc.status_code, {}
    return None, 500, {}


def is_api(request: HttpRequest) -> bool:
    return request.path.startswith("/api/")


def json_error(request: HttpRequest, status_code: int) -> HttpResponse:
    """The Error body for failures Django answers before any API view runs (no URL, 500)."""
    texts = {
        400: (_("A requisição não pôde ser lida."), "parse_error"),
        401: (_("Entre com seu usuário ou envie um token para usar a API."), "not_authenticated"),
        403: (_("Você não tem permissão para esta ação."), "not_permitted"),
        404: (_("Não encontrado."), "not_found"),
        405: (_("Método não permitido."), "method_not_allowed"),
        406: (_("Formato de resposta não disponível."), "not_acceptable"),
        413: (_("A requisição é grande demais."), "too_large"),
        415: (_("Tipo de conteúdo não aceito."), "unsupported_media_type"),
        429: (_("Muitas requisições. Tente novamente em alguns minutos."), "throttled"),
        500: (_("Erro interno. Tente de novo em alguns minutos."), "server_error"),
    }
    fallback = texts[400] if 400 <= status_code < 500 else texts[500]
    detail, code = texts.get(status_code, fallback)
    return error_response(error_body(detail, code), status_code)
