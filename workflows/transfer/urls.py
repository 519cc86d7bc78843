from django.urls import path

from workflows.transfer import api, views

urlpatterns: list = [
    path("portal/transferencia/nova/", views.transfer_new, name="transfer-new"),
]
api_urlpatterns: list = [
    path("transfers/", api.TransferFileApi.as_view(), name="api-transfer-file"),
]
