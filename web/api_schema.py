"""The OpenAPI schema says what the API answers: its error statuses and its nulls.

`add_error_responses` (a drf-spectacular postprocessing hook) gives every operation the
shared `Error` component for the statuses of the error contract (web.api_errors);
`AutoSchema` declares nullable the output fields that answer null.
"""

from __future__ import annotations

from typing import Any

from django.core.validators import RegexValidator
from drf_spectacular.openapi import AutoSchema as SpectacularAutoSchema
from rest_framework.fields import CharField, ChoiceField, empty

ERROR_COMPONENT: dict[str, Any] = {
    "type": "object",
    "description": "Corpo de todo erro da API (400, 401, 403, 404, 409, 413, 429).",
    "properties": {
        "detail": {"type": "string", "description": "Mensagem para pessoas, no idioma pedido."},
        "code": {"type": "string", "description": "Código estável, para programas."},
        "article": {
            "type": "string",
            "description": "Artigo da Lei nº 1.764/2023 por trás da regra, ou vazio.",
        },
        "fields": {
            "type": "object",
            "description": "Mensagens por campo, quando campos da requisição estão errados.",
            "additionalProperties": {"type": "array", "items": {"type": "string"}},
        },
    },
    "required": ["detail", "code", "article"],
}

DESCRIPTIONS = {
    "400": "Regra da lei ou dado inválido; nada foi gravado.",
    "401": "Sem login ou token (ou token expirado).",
    "403": "O papel do usuário não permite esta operação.",
    "404": "Não encontrado, ou fora do que o usuário pode ver.",
    "409": "O estado atual do processo não permite a operação.",
    "413": "Requisição ou arquivo grande demais.",
    "429": "Muitas requisições; veja Retry-After.",
}
WRITE_ONLY = {"409", "413"}
METHODS = {"get", "post", "put", "patch", "delete"}


IDEMPOTENCY_KEY = {
    "in": "header",
    "name": "Idempotency-Key",
    "required": False,
    "description": "Chave única do cliente: uma repetição com a mesma chave devolve a "
    "primeira resposta em vez de agir de novo (web.idempotency).",
    "schema": {"type": "string", "maxLength": 100},
}


def add_error_responses(result: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
    """Every operation documents the Error body for the contract's statuses; every POST
    its optional Idempotency-Key header."""
    schemas = result.setdefault("components", {}).setdefault("schemas", {})
    schemas["Error"] = ERROR_COMPONENT
    reference = {"$ref": "#/components/schemas/Error"}
    for path, operations in result.get("paths", {}).items():
        for method, operation in operations.items():
            if method not in METHODS:
                continue
            # Signing in is not a creation; web.idempotency leaves it alone.
            if method == "post" and not path.endswith("/auth/token/"):
                operation.setdefault("parameters", []).append(IDEMPOTENCY_KEY)
            responses = operation.setdefault("responses", {})
            for code, description in DESCRIPTIONS.items():
                if code in WRITE_ONLY and method == "get":
                    continue
                if code in responses:
                    continue
                responses[code] = {
                    "description": description,
                    "content": {"application/json": {"schema": reference}},
                }
    return result


def _has_file(node: Any, schemas: dict[str, Any], seen: frozenset[str] = frozenset()) -> bool:
    """Whether a request schema holds a file (`format: binary`), through its references."""
    if isinstance(node, dict):
        ref = node.get("$ref")
        if isinstance(ref, str):
            name = ref.rsplit("/", 1)[-1]
            return name not in seen and _has_file(schemas.get(name), schemas, seen | {name})
        if node.get("format") == "binary":
            return True
        return any(_has_file(value, schemas, seen) for value in node.values())
    if isinstance(node, list):
        return any(_has_file(value, schemas, seen) for value in node)
    return False


def files_only_in_multipart(result: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
    """A request that carries files is documented as multipart/form-data only: JSON and a
    urlencoded form cannot carry a file, so declaring them promised what the API refuses
    ("O dado submetido não era um arquivo"). The views still read JSON for callers that
    send no file."""
    schemas = result.get("components", {}).get("schemas", {})
    for operations in result.get("paths", {}).values():
        for method, operation in operations.items():
            if method not in METHODS:
                continue
            content = operation.get("requestBody", {}).get("content", {})
            multipart = content.get("multipart/form-data")
            if multipart and _has_file(multipart.get("schema"), schemas):
                for media_type in list(content):
                    if media_type != "multipart/form-data":
                        del content[media_type]
    return result


class AutoSchema(SpectacularAutoSchema):
    """Output fields that fall back to None (`default=None`, a source through an optional
    relation) are declared nullable, so a client's validator accepts what we send."""

    def _get_serializer_field_meta(self, field: Any, direction: str) -> dict[str, Any]:
        meta = super()._get_serializer_field_meta(field, direction)
        if direction == "response" and getattr(field, "default", empty) is None:
            meta["nullable"] = True
        # A text that may not be blank (DRF strips it first): the schema says
        # so, so a client (and the fuzzer) does not send "" or spaces as valid.
        if (
            direction == "request"
            and isinstance(field, CharField)
            and not field.allow_blank
            and not field.read_only
            and not isinstance(field, ChoiceField)
        ):
            meta.setdefault("minLength", 1)
            has_pattern = any(isinstance(v, RegexValidator) for v in field.validators)
            if getattr(field, "trim_whitespace", False) and not has_pattern:
                meta.setdefault("pattern", r"\S")
        # A field that states how a value is written (core.serializers.DecimalText) is
        # published with its own pattern, in place of the library's looser one.
        pattern = getattr(field, "schema_pattern", None)
        if direction == "request" and pattern:
            meta["pattern"] = pattern
        bound = getattr(field, "bound", None)
        # core.dates.DateBound, read by its attributes: importing it here would import the
        # serializers while DRF is still loading this schema class.
        if direction == "request" and hasattr(bound, "floor") and hasattr(bound, "ahead_years"):
            # The date's bound (core.dates), so a client and the generated test know it.
            meta["x-not-before"] = bound.floor.isoformat()
            meta["x-not-after-years"] = bound.ahead_years
            if getattr(bound, "fact", ""):
                # The case's fact it cannot precede, on the row the operation acts on.
                meta["x-not-before-fact"] = bound.fact
        return meta
