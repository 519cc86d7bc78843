from django.urls import path

from workflows.auxiliary import api, views

urlpatterns: list = [
    path("portal/auxiliar/novo/", views.auxiliary_new, name="auxiliary-new"),
]
api_urlpatterns: list = [
    path("auxiliaries/", api.AuxiliaryFileApi.as_view(), name="api-auxiliary-file"),
]
