"""One mapping from domain errors to HTTP: 400 rule, 403 role, 409 state; never a 500."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ObjectDoesNotExist
from django.core.exceptions import ValidationError as DjangoValidationError
from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from cases.errors import DomainError


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    if isinstance(exc, DomainError):
        body = {"detail": str(exc.message), "code": exc.code}
        if exc.article:
            body["article"] = exc.article
        return Response(body, status=exc.http_status)
    if isinstance(exc, DjangoValidationError):
        messages = exc.message_dict if hasattr(exc, "error_dict") else {"detail": exc.messages}
        return Response(messages, status=status.HTTP_400_BAD_REQUEST)
    if isinstance(exc, ObjectDoesNotExist):
        return Response({"detail": "Não encontrado."}, status=status.HTTP_404_NOT_FOUND)
    return drf_exception_handler(exc, context)
