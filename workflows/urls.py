"""Pages and endpoints of the kinds kept in the `workflows` app itself."""

from django.urls import path

from workflows import revocation_views

urlpatterns = [
    path("processos/cassacao/nova/", revocation_views.revocation_new, name="revocation-new"),
]
api_urlpatterns = [
    path("revocations/", revocation_views.RevocationFileApi.as_view(), name="api-revocation-file"),
]
