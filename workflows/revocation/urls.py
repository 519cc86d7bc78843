from django.urls import path

from workflows.revocation import api, views

urlpatterns: list = [
    path("processos/cassacao/nova/", views.revocation_new, name="revocation-new"),
]
api_urlpatterns: list = [
    path("revocations/", api.RevocationFileApi.as_view(), name="api-revocation-file"),
]
