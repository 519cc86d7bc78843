"""Lost-property endpoints (Art. 37 XVIII)."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from django.shortcuts import get_object_or_404
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _l
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from cases.errors import RuleViolation
from core.dates import UNDER_THE_LAW, LegalDateField
from core.paging import PageQuery, api_keyset_page, with_next_link
from municipal import selectors
from municipal.api.common import RegisterWriteApi
from municipal.lookups import authorization_by_number_or_plate
from municipal.models import LostItem
from municipal.selectors import LOST_ITEM_ORDER
from municipal.services import lost_property as services


class LostItemOutput(serializers.ModelSerializer):
    plate = serializers.CharField(source="authorization.vehicle.display_plate")
    driver_name = serializers.CharField(source="driver.name")
    status_label = serializers.CharField(source="get_status_display")

    class Meta:
        model = LostItem
        fields = [
            "id",
            "description",
            "found_on",
            "plate",
            "driver_name",
            "due_on",
            "status",
            "status_label",
            "handing_in_overdue",
            "receipt_number",
            "handed_in_on",
            "handed_in_late",
            "storage",
            "destination",
            "owner_name",
            "closed_on",
        ]


class ReportInput(serializers.Serializer):
    authorization = serializers.CharField(
        max_length=20,
        required=False,
        default="",
        allow_blank=True,
        help_text="Número do termo ou placa; o taxista pode omitir se dirige um só táxi.",
    )
    description = serializers.CharField(max_length=250)
    found_on = LegalDateField()
    handed_in_on = LegalDateField(
        required=False,
        allow_null=True,
        default=None,
        help_text="Somente no balcão: o objeto é recebido e o recibo emitido de uma vez.",
    )


def _taxi_and_driver(request: Request, typed: str):  # type: ignore[no-untyped-def]
    driver = getattr(request.user, "driver", None)
    if typed:
        authorization = authorization_by_number_or_plate(typed)
    elif driver is not None:
        taxis = list(selectors.authorizations_of_driver(driver)[:2])
        if len(taxis) != 1:
            raise RuleViolation(_("Informe o termo de autorização ou a placa do táxi."))
        authorization = taxis[0]
    else:
        raise RuleViolation(_("Informe o termo de autorização ou a placa do táxi."))
    return authorization, driver or authorization.holder


class LostItemListApi(RegisterWriteApi[None]):
    """GET: the register (staff) or one's own objects (driver). POST: report an object
    found in the taxi; the 2-business-day deadline starts (Art. 37 XVIII)."""

    # Not the keepers' alone: the driver reports what he found in his taxi.
    permission_classes = APIView.permission_classes
    input = ReportInput
    output = LostItemOutput
    creates = True

    @extend_schema(responses=LostItemOutput(many=True), parameters=[PageQuery])
    def get(self, request: Request) -> Response:
        """Newest first, one page (`page_size` 1 to 200, 50 by default); the `Link: <…>;
        rel="next"` header carries the next page's URL, as the queue's does."""
        page = api_keyset_page(
            request, selectors.lost_items_visible_to(request.user), order=LOST_ITEM_ORDER
        )
        return with_next_link(Response(LostItemOutput(page.rows, many=True).data), request, page)

    def write(self, request: Request, row: None, data: dict[str, Any]) -> LostItem:
        authorization, driver = _taxi_and_driver(request, data["authorization"])
        found = {
            "actor": request.user,
            "authorization": authorization,
            "driver": driver,
            "description": data["description"],
            "found_on": data["found_on"],
            "today": timezone.localdate(),
        }
        if data["handed_in_on"] is not None:
            # At the counter: the report and the receipt at once.
            return services.lost_item_receive(handed_in_on=data["handed_in_on"], **found)
        return services.lost_item_report(**found)


class LostItemDetailApi(APIView):
    @extend_schema(responses=LostItemOutput)
    def get(self, request: Request, pk: int) -> Response:
        item = get_object_or_404(selectors.lost_items_visible_to(request.user), pk=pk)
        services.lost_item_read(actor=request.user, item=item, channel="api", path=request.path)
        return Response(LostItemOutput(item).data)


# Issue 19: an object is handed in and given its destination after it was found
# (Art. 37 XVIII), never the day before.
AFTER_FOUND = UNDER_THE_LAW.after("found_on", _l("o achado do objeto"))


class HandInInput(serializers.Serializer):
    handed_in_on = LegalDateField(bound=AFTER_FOUND)
    storage = serializers.CharField(max_length=120, required=False, default="", allow_blank=True)


class LostItemWrite(RegisterWriteApi[LostItem]):
    # The object is looked up, and answered, in what the user may see of the register.

    output = LostItemOutput

    def targets(self) -> QuerySet[LostItem]:
        return selectors.lost_items_visible_to(self.request.user)

    def shown(self, result: LostItem) -> LostItem:
        return self.targets().get(pk=result.pk)


class LostItemHandInApi(LostItemWrite):
    """A clerk receives the object: the numbered receipt is issued."""

    input = HandInInput

    def write(self, request: Request, row: LostItem, data: dict[str, Any]) -> LostItem:
        return services.lost_item_hand_in(
            actor=request.user, item=row, today=timezone.localdate(), **data
        )


class CloseInput(serializers.Serializer):
    destination = serializers.ChoiceField(choices=LostItem.Destination.choices)
    owner_name = serializers.CharField(max_length=200, required=False, default="", allow_blank=True)
    owner_document = serializers.CharField(
        max_length=40, required=False, default="", allow_blank=True
    )
    closed_on = LegalDateField(bound=AFTER_FOUND)


class LostItemCloseApi(LostItemWrite):
    """The object returned to its owner, or its destination."""

    input = CloseInput

    def write(self, request: Request, row: LostItem, data: dict[str, Any]) -> LostItem:
        return services.lost_item_close(actor=request.user, item=row, **data)
