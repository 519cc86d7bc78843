from django.urls import path

from workflows.suspension import api, views

urlpatterns: list = [
    path("portal/suspensao/nova/", views.suspension_new, name="suspension-new"),
]
api_urlpatterns: list = [
    path("suspensions/", api.SuspensionFileApi.as_view(), name="api-suspension-file"),
]
