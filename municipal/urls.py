"""Pages and endpoints of the municipal registers (one include in config/urls.py)."""

from django.urls import include, path

from municipal.api import stands as stands_api
from municipal.views import stands

app_name = "municipal"

api_urlpatterns = [
    path("stands/", stands_api.StandListApi.as_view(), name="api-stands"),
    path("stands/<int:pk>/", stands_api.StandDetailApi.as_view(), name="api-stand"),
    path(
        "stands/<int:pk>/assignments/", stands_api.StandAssignApi.as_view(),
        name="api-stand-assign",
    ),
    path(
        "stand-assignments/<int:pk>/release/", stands_api.StandReleaseApi.as_view(),
        name="api-stand-release",
    ),
    path("stands/<int:pk>/line/", stands_api.StandLineApi.as_view(), name="api-stand-line"),
    path(
        "stand-arrivals/<int:pk>/departure/", stands_api.StandDepartureApi.as_view(),
        name="api-stand-departure",
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
    path("pontos/<int:pk>/chegada/", stands.stand_arrive, name="stand-arrive"),
    path("pontos/chegadas/<int:pk>/saida/", stands.stand_depart, name="stand-depart"),
    path("api/", include(api_urlpatterns)),
]
