"""Pages and endpoints of the municipal registers (one include in config/urls.py)."""

from django.urls import include, path

from municipal.api import calendar as calendar_api
from municipal.api import cooperatives as coop_api
from municipal.api import lost_property as lost_api
from municipal.api import roster as roster_api
from municipal.api import stands as stands_api
from municipal.api import tariffs as tariffs_api
from municipal.views import calendar, cooperatives, lost_property, roster, stands, tariffs

app_name = "municipal"

api_urlpatterns = [
    path("stands/", stands_api.StandListApi.as_view(), name="api-stands"),
    path("stands/<int:pk>/", stands_api.StandDetailApi.as_view(), name="api-stand"),
    path(
        "stands/<int:pk>/assignments/",
        stands_api.StandAssignApi.as_view(),
        name="api-stand-assign",
    ),
    path(
        "stand-assignments/<int:pk>/release/",
        stands_api.StandReleaseApi.as_view(),
        name="api-stand-release",
    ),
    path("stands/<int:pk>/revoke/", stands_api.StandRevokeApi.as_view(), name="api-stand-revoke"),
    path("stands/<int:pk>/line/", stands_api.StandLineApi.as_view(), name="api-stand-line"),
    path(
        "stand-arrivals/<int:pk>/departure/",
        stands_api.StandDepartureApi.as_view(),
        name="api-stand-departure",
    ),
    path("tariffs/", tariffs_api.TariffListApi.as_view(), name="api-tariffs"),
    path("tariffs/in-force/", tariffs_api.TariffInForceApi.as_view(), name="api-tariff-in-force"),
    path(
        "tariffs/adjustments/",
        tariffs_api.TariffAdjustmentApi.as_view(),
        name="api-tariff-adjust",
    ),
    path(
        "tariffs/<int:pk>/publish/",
        tariffs_api.TariffPublishApi.as_view(),
        name="api-tariff-publish",
    ),
    path(
        "tariffs/<int:pk>/discard/",
        tariffs_api.TariffDiscardApi.as_view(),
        name="api-tariff-discard",
    ),
    path(
        "tariffs/reminders/",
        tariffs_api.TariffReminderListApi.as_view(),
        name="api-tariff-reminders",
    ),
    path("lost-items/", lost_api.LostItemListApi.as_view(), name="api-lost-items"),
    path("lost-items/<int:pk>/", lost_api.LostItemDetailApi.as_view(), name="api-lost-item"),
    path(
        "lost-items/<int:pk>/hand-in/",
        lost_api.LostItemHandInApi.as_view(),
        name="api-lost-item-hand-in",
    ),
    path(
        "lost-items/<int:pk>/close/",
        lost_api.LostItemCloseApi.as_view(),
        name="api-lost-item-close",
    ),
    path("roster/", roster_api.RosterListApi.as_view(), name="api-roster"),
    path("roster/<int:pk>/", roster_api.RosterEntryApi.as_view(), name="api-roster-entry"),
    path("roster/check/", roster_api.RosterCheckApi.as_view(), name="api-roster-check"),
    path("associations/", coop_api.AssociationListApi.as_view(), name="api-associations"),
    path(
        "associations/<int:pk>/",
        coop_api.AssociationDetailApi.as_view(),
        name="api-association",
    ),
    path(
        "associations/<int:pk>/parking/",
        coop_api.ParkingApi.as_view(),
        name="api-association-parking",
    ),
    path(
        "associations/<int:pk>/members/",
        coop_api.MemberAddApi.as_view(),
        name="api-association-members",
    ),
    path("memberships/<int:pk>/end/", coop_api.MemberEndApi.as_view(), name="api-member-end"),
    path(
        "associations/<int:pk>/vehicles/",
        coop_api.ExecutiveVehicleAddApi.as_view(),
        name="api-association-vehicles",
    ),
    path(
        "executive-vehicles/<int:pk>/uses/",
        coop_api.UseStartApi.as_view(),
        name="api-executive-use",
    ),
    path("executive-uses/<int:pk>/end/", coop_api.UseEndApi.as_view(), name="api-use-end"),
    path("calendar/", calendar_api.CalendarYearApi.as_view(), name="api-calendar"),
    path("calendar/days/", calendar_api.CalendarDayDeclareApi.as_view(), name="api-calendar-days"),
    path(
        "calendar/days/<str:day>/",
        calendar_api.CalendarDayWithdrawApi.as_view(),
        name="api-calendar-day",
    ),
]

urlpatterns = [
    path("pontos/", stands.stand_list, name="stands"),
    path("pontos/novo/", stands.stand_edit, name="stand-new"),
    path("pontos/<int:pk>/", stands.stand_page, name="stand"),
    path("pontos/<int:pk>/editar/", stands.stand_edit, name="stand-edit"),
    path("pontos/<int:pk>/placa/", stands.stand_sign, name="stand-sign"),
    path("pontos/<int:pk>/designar/", stands.stand_assign, name="stand-assign"),
    path("pontos/designacoes/<int:pk>/encerrar/", stands.stand_release, name="stand-release"),
    path("pontos/<int:pk>/revogar/", stands.stand_revoke, name="stand-revoke"),
    path("pontos/<int:pk>/chegada/", stands.stand_arrive, name="stand-arrive"),
    path("pontos/chegadas/<int:pk>/saida/", stands.stand_depart, name="stand-depart"),
    path("tarifas/", tariffs.tariff_in_force_page, name="tariff-in-force"),
    path("tarifas/nova/", tariffs.tariff_enact_page, name="tariff-new"),
    path("tarifas/reajuste/", tariffs.tariff_adjust_page, name="tariff-adjust"),
    path("tarifas/<int:pk>/", tariffs.tariff_table_page, name="tariff"),
    path("tarifas/<int:pk>/impressao/", tariffs.tariff_table_print, name="tariff-print"),
    path("tarifas/<int:pk>/publicar/", tariffs.tariff_publish, name="tariff-publish"),
    path("tarifas/<int:pk>/descartar/", tariffs.tariff_discard, name="tariff-discard"),
    path("achados/", lost_property.lost_items_page, name="lost-items"),
    path("achados/<int:pk>/", lost_property.lost_item_page, name="lost-item"),
    path("achados/<int:pk>/entrega/", lost_property.lost_item_hand_in, name="lost-item-hand-in"),
    path("achados/<int:pk>/destinacao/", lost_property.lost_item_close, name="lost-item-close"),
    path("achados/<int:pk>/recibo.pdf", lost_property.lost_item_receipt, name="lost-item-receipt"),
    path("portal/achados/", lost_property.my_lost_items, name="my-lost-items"),
    path("escala/", roster.roster_page, name="roster"),
    path("escala/<str:day>/", roster.roster_day, name="roster-day"),
    path("escala/turnos/<int:pk>/retirar/", roster.roster_remove, name="roster-remove"),
    path("portal/escala/", roster.my_shifts, name="my-shifts"),
    path("associacoes/", cooperatives.associations_page, name="associations"),
    path("associacoes/<int:pk>/", cooperatives.association_page, name="association"),
    path("associacoes/<int:pk>/associados/", cooperatives.member_add, name="member-add"),
    path("associacoes/associados/<int:pk>/desligar/", cooperatives.member_end, name="member-end"),
    path(
        "associacoes/<int:pk>/estacionamento/", cooperatives.parking_approve, name="parking-approve"
    ),
    path("associacoes/<int:pk>/veiculos/", cooperatives.vehicle_add, name="vehicle-add"),
    path("associacoes/executivos/<int:pk>/uso/", cooperatives.use_start, name="use-start"),
    path("associacoes/usos/<int:pk>/encerrar/", cooperatives.use_end, name="use-end"),
    path("calendario/", calendar.calendar_page, name="calendar"),
    path("calendario/<str:day>/retirar/", calendar.calendar_withdraw, name="calendar-withdraw"),
    path("api/", include(api_urlpatterns)),
]
