from django.urls import path

from workflows.clandestine import api, revocation_web, views

urlpatterns = [
    path("fiscalizacao/clandestino/novo/", views.clandestine_new, name="clandestine-new"),
    path("fiscalizacao/clandestino/<int:pk>/", views.clandestine_detail,
         name="clandestine-detail"),
    # The revocation kind's manual opening, hosted here (see revocation_web's docstring).
    path("processos/cassacao/nova/", revocation_web.revocation_new, name="revocation-new"),
]
api_urlpatterns = [
    path("clandestine/", api.ClandestineRecordApi.as_view(), name="api-clandestine-record"),
    path("clandestine/<int:pk>/", api.ClandestineDetailApi.as_view(), name="api-clandestine"),
    path("revocations/", revocation_web.RevocationFileApi.as_view(), name="api-revocation-file"),
]
