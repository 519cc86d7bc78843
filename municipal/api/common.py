"""The one shape of an endpoint that writes to a municipal register.

An endpoint says what is its own and nothing else: the row its URL names (`target`, a
model or a queryset looked up by the URL's `pk`; none for a POST to the whole register),
the serializer its input is read with (`input`; none when it takes nothing), the call of
its service (`write`), and the serializer the result is answered with (`output`, 201 when
the write `creates` a row, 200 otherwise). `RegisterDeleteApi` is the same for a DELETE,
answered 204.

The order is the register's rule for every write: the role first (`RegisterKeeperWrites`:
anyone but the Secretaria's keepers gets 403 whatever he sent), then the row (404), then
the input (400), then the service, whose refusals the API's error handler answers. The
operation's schema is declared here once, from the same attributes, so what the schema
states and what the endpoint does cannot drift apart.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Generic, TypeVar

from django.db.models import Model, QuerySet
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_view
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.dates import ACTED_ON
from municipal.permissions import RegisterKeeperWrites

Row = TypeVar("Row")


class RegisterWrite(APIView, Generic[Row]):
    # What a register write endpoint declares; `RegisterWriteApi` and `RegisterDeleteApi`
    # add the HTTP method. Comments, not docstrings, here and below: the schema would print
    # a docstring as the description of every endpoint that has none of its own.

    method: ClassVar[str]
    permission_classes = [RegisterKeeperWrites]
    target: type[Model] | QuerySet[Any] | None = None
    input: type[serializers.Serializer] | None = None
    output: type[serializers.BaseSerializer] | None = None
    many = False
    creates = False
    # The schema's answers, where they are not the one `output` (an assignment answered
    # 201, or its place in the waiting order 202).
    responses: Mapping[int, Any] | None = None
    # Path parameters the schema cannot read off the URL pattern (a day, not a pk).
    parameters: Sequence[OpenApiParameter] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # Only an endpoint has a `write`; a register's own base (the lost objects' scope)
        # has none and gets no schema of its own.
        if "write" in vars(cls):
            extend_schema_view(**{cls.method: cls._schema()})(cls)

    @classmethod
    def _schema(cls) -> Any:
        responses = cls.responses
        if responses is None and cls.output is None:
            responses = {status.HTTP_204_NO_CONTENT: None}
        elif responses is None and cls.output is not None:
            code = status.HTTP_201_CREATED if cls.creates else status.HTTP_200_OK
            responses = {code: cls.output(many=True) if cls.many else cls.output}
        return extend_schema(
            request=cls.input, responses=responses, parameters=list(cls.parameters) or None
        )

    def targets(self) -> type[Model] | QuerySet[Any] | None:
        # Where the URL's pk is looked up: `target`, or the user's own scope.
        return self.target

    def get_target(self) -> Row:
        targets = self.targets()
        if targets is None:
            return None  # type: ignore[return-value]
        return get_object_or_404(targets, pk=self.kwargs["pk"])  # type: ignore[no-any-return]

    def write(self, request: Request, row: Row, data: dict[str, Any]) -> Any:
        # The service call with the row and the validated input; what it returns is answered.
        raise NotImplementedError

    def shown(self, result: Any) -> Any:
        # What `output` serializes: the service's result, or that row read again as the
        # register's reads show it (annotated, prefetched, scoped).
        return result

    def answer(self, result: Any) -> Response:
        if self.output is None:
            return Response(status=status.HTTP_204_NO_CONTENT)
        code = status.HTTP_201_CREATED if self.creates else status.HTTP_200_OK
        return Response(self.output(self.shown(result), many=self.many).data, status=code)

    def respond(self, request: Request) -> Response:
        row = self.get_target()
        data: dict[str, Any] = {}
        if self.input is not None:
            # The row in the context: a date bound `after` one of its facts checks it.
            payload = self.input(data=request.data, context={ACTED_ON: row})
            payload.is_valid(raise_exception=True)
            data = dict(payload.validated_data)
        return self.answer(self.write(request, row, data))


class RegisterWriteApi(RegisterWrite[Row]):
    method = "post"

    def post(self, request: Request, **kwargs: Any) -> Response:
        return self.respond(request)


class RegisterDeleteApi(RegisterWrite[Row]):
    method = "delete"

    def delete(self, request: Request, **kwargs: Any) -> Response:
        return self.respond(request)
