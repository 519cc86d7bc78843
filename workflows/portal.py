"""The one shape of a driver's filing page on the portal, for every kind a driver files.

A registered driver gets the kind's form; a valid form goes to the kind's filing service;
a case filed opens its page with its number, a refusal of the law comes back on the form
(HTTP 400, nothing written). Each kind's view says only what is its own: the form, the
template, the service call and what the page shows beside the form.

`FilingApi` is the same for the kind's filing endpoint: the input validated, the driver
it is filed for (the user's own record, or the one a clerk names at the counter), the
kind's service called, the case answered with 201. A kind's endpoint says its input
serializer, the field that names the driver and the service call.

A kind whose `Workflow.filing` carries a `FilingForm` writes neither: `filing_urlpatterns`
and `filing_api_urlpatterns` make its page and endpoint from that declaration (config.urls
mounts them), both calling the one `FilingForm.file`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import URLPattern, path
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _l
from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework import serializers, status
from rest_framework.parsers import FormParser, JSONParser, MultiPartParser
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from cases.api import CaseOutput
from cases.errors import DomainError
from cases.models import Case
from cases.workflow import FilingForm, all_workflows
from registers.models import Driver
from registers.selectors import driver_of
from workflows.inputs import filing_driver

FILED = _l("Pedido protocolado sob o número %(n)s.")


def portal_filing(
    request: HttpRequest,
    *,
    form_class: type[forms.Form],
    template: str,
    refusal: str | Promise,
    file: Callable[[Driver, forms.Form], Case | None],
    filed: str | Promise = FILED,
    context: Callable[[Driver], Mapping[str, Any]] | None = None,
    initial: Callable[[Mapping[str, Any]], Mapping[str, Any]] | None = None,
) -> HttpResponse:
    """`file(driver, form)` files the case from a valid form, or returns None after adding
    the form's own error; `refusal` is said to a user who is no registered driver;
    `context(driver)` is what the page shows beside the form, and `initial(context)` the
    form's initial values."""
    driver = driver_of(request.user)
    if driver is None:
        messages.error(request, refusal)
        return redirect("home")
    extra = dict(context(driver)) if context else {}
    form = form_class(
        request.POST or None, request.FILES or None, initial=initial(extra) if initial else None
    )
    if request.method == "POST" and form.is_valid():
        try:
            case = file(driver, form)
        except DomainError as exc:
            form.add_error(None, str(exc))
        else:
            if case is not None:
                messages.success(request, str(filed) % {"n": case.number})
                return redirect("case", pk=case.pk)
    return render(
        request, template, {"form": form, **extra}, status=400 if form.errors else 200
    )


class FilingApi(APIView):
    # The one shape of a kind's filing endpoint. A subclass sets `input` (its serializer),
    # `driver_field` (the input that names the driver a clerk files for at the counter:
    # "holder" or "driver") and `file(request, driver, data)`, the call of its filing
    # service with the validated data (the driver's field taken out). A comment, not a
    # docstring: the schema would print a docstring as every kind's operation description.

    parser_classes = [MultiPartParser, FormParser, JSONParser]
    input: type[serializers.Serializer]
    driver_field = "holder"

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        schema = extend_schema(request=cls.input, responses={201: CaseOutput})
        extend_schema_view(post=schema)(cls)

    def post(self, request: Request) -> Response:
        payload = self.input(data=request.data)
        payload.is_valid(raise_exception=True)
        data = dict(payload.validated_data)
        driver = filing_driver(
            request.user, data.pop(self.driver_field, None), field=self.driver_field
        )
        case = self.file(request, driver, data)
        return Response(CaseOutput(case).data, status=status.HTTP_201_CREATED)

    def file(self, request: Request, driver: Driver, data: dict[str, Any]) -> Case:
        raise NotImplementedError


# A form's file field for checklist item X is "file_X" (the page's inputs); the endpoint
# and the service name the item X.
_FILE_FIELD = re.compile(r"^file_(?P<item>.+)$")


def _form_data(form: forms.Form) -> dict[str, Any]:
    data = {}
    for name, value in form.cleaned_data.items():
        match = _FILE_FIELD.match(name)
        data[match["item"] if match else name] = value
    return data


def filing_page(made: FilingForm) -> Callable[[HttpRequest], HttpResponse]:
    """The portal page of a kind's `FilingForm`."""

    @login_required
    def page(request: HttpRequest) -> HttpResponse:
        return portal_filing(
            request,
            form_class=made.form,
            template=made.template,
            refusal=made.refusal,
            file=lambda driver, form: made.file(request.user, driver, _form_data(form)),
            filed=made.filed or FILED,
            context=(lambda driver: made.context(request.user, driver)) if made.context else None,
            initial=made.initial,
        )

    return page


def filing_endpoint(made: FilingForm) -> type[FilingApi]:
    """The filing endpoint of a kind's `FilingForm`."""

    def file(self: FilingApi, request: Request, driver: Driver, data: dict[str, Any]) -> Case:
        return made.file(request.user, driver, data)

    name = made.input.__name__.removesuffix("Input") + "FileApi"
    return type(
        name,
        (FilingApi,),
        {"input": made.input, "driver_field": made.driver_field, "file": file,
         "__module__": made.input.__module__},
    )


def filing_urlpatterns() -> list[URLPattern]:
    """The filing page of every registered kind that declares a `FilingForm`."""
    return [
        path(made.path, filing_page(made), name=workflow.filing.url_name)
        for workflow in all_workflows()
        if workflow.filing is not None and (made := workflow.filing.form) is not None
    ]


def filing_api_urlpatterns() -> list[URLPattern]:
    """The filing endpoint of every registered kind that declares a `FilingForm`."""
    return [
        path(made.api_path, filing_endpoint(made).as_view(), name=workflow.filing.api_url_name)
        for workflow in all_workflows()
        if workflow.filing is not None and (made := workflow.filing.form) is not None
    ]
